// The page's own address (path and query) while it renders: the language switch comes back to it, not
// to its section's first page. Only a GET's address: a page answered to a form post (shown again with
// its reason) is not an address to come back to, so the layout's section path stands in for it.
import { createContext } from 'react';

export const HereContext = createContext<string | null>(null);
