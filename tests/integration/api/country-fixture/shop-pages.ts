// The shop's pages for the country fixture's test: the storefront worker (worker/index.ts, its server
// render of the client's pages) and the back office's (staff/index.tsx) run from source in the API
// worker's own runtime, each with its API binding answered by that worker (`exports.StorefrontDoor`, `exports.default`), as their
// service bindings are in production. So the pages render from the same swapped registry and
// dictionaries (tests/support/country-fixture.ts) and the same database as the API's answers.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import storefront from '#worker/index';
import backOffice from '../../../../staff/index';

/** The API worker behind both, as a service binding: its door for the storefront (decision 78), its default
 * entrypoint for the back office, whose calls are signed. */
const binding = (entry: () => Fetcher) =>
  ({
    fetch: (input: RequestInfo | URL, init?: RequestInit) => entry().fetch(new Request(input, init)),
    connect() {
      throw new Error('not supported');
    },
  }) as unknown as Fetcher;
const api = binding(() => exports.StorefrontDoor as unknown as Fetcher);
const staffApi = binding(() => exports.default as unknown as Fetcher);

/** What wrangler.toml gives the storefront, as the storefront project's (vitest.config.ts) sets it for tests. */
const shopEnv = {
  ENVIRONMENT: 'test',
  SIGNING_SECRET: env.SIGNING_SECRET,
  API: api,
  CACHE: env.STOREFRONT_CACHE,
  API_ORIGIN: '',
  // Each page rendered now, whole: nothing kept, never shell first.
  PAGE_CACHE_TTL_S: '0',
  SHELL_FIRST_AFTER_MS: '10000',
  ANALYTICS_MODE: 'off',
};
const staffEnv = { ENVIRONMENT: 'test', SIGNING_SECRET: env.SIGNING_SECRET, API: staffApi };

async function serve(
  handler: { fetch?: (request: Request, env: never, ctx: ExecutionContext) => Response | Promise<Response> },
  workerEnv: object,
  url: string,
  cookie: string,
): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await handler.fetch!(new Request(url, { headers: { cookie } }), workerEnv as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A storefront page as a browser with these cookies gets it. */
export const shopPage = (path: string, cookie: string) =>
  serve(storefront as never, shopEnv, `http://shop.test${path}`, cookie);

/** A back-office page as a signed-in member's browser gets it (`stk`, the session cookie over http). */
export const staffPage = (path: string, cookie: string) =>
  serve(backOffice as never, staffEnv, `http://staff.test${path}`, cookie);
