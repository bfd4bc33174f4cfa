// Staff pages are React rendered to static HTML on each request: no hydration, plain forms that post
// back (Post/Redirect/Get), so every action works without JavaScript and reads well in a screen reader.
import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { StaffAppEnv } from '../app-env';
import { HereContext } from './here';

export function html(c: Context<StaffAppEnv>, page: ReactElement, status = 200) {
  const url = new URL(c.req.url);
  const here = c.req.method === 'GET' ? url.pathname + url.search : null;
  return c.html(
    `<!doctype html>${renderToStaticMarkup(<HereContext.Provider value={here}>{page}</HereContext.Provider>)}`,
    status as 200,
  );
}
