// The shop's help and company pages, the app's guide and start screen (a page group, page-group.ts).
import { type PageExports, pageGroup } from './page-group';

export const loadHelpPage = pageGroup(
  import.meta.glob<PageExports>([
    './become-a-supplier.tsx',
    './contact-us.tsx',
    './how-it-works.tsx',
    './site-index.tsx',
    './static-page.tsx',
    './install.tsx',
    './app-shell.tsx',
    '!./**/*.test.tsx',
  ]),
);
