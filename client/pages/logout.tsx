// /logout-profile: signs out (the worker clears the session cookies on /user/logout) and goes home.
// Linked with a full page load, so no signed-in state stays in the page. The auth cookie is
// SameSite=Strict, so another site cannot sign a shopper out through this URL.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { localizePath, splitLocalePath } from '#shared/locale';
import { apiContext } from '../boot';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'account', id: 'logout-profile', siteIndex: false } satisfies PageDeclaration;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await context.get(apiContext).post('/user/logout', {});
  throw redirect(localizePath('/', splitLocalePath(new URL(request.url).pathname).lang));
}

export function Component() {
  return null;
}
