import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import app from '#worker/index';

export type StubHandler = (request: Request) => Response | Promise<Response>;

/** Calls the storefront worker; `overrides` replace bindings (e.g. API with a stub) for this call. */
export async function storefront(
  input: string | Request,
  init?: RequestInit,
  overrides: Partial<StorefrontEnv> = {},
): Promise<Response> {
  const request = typeof input === 'string' ? new Request(new URL(input, 'http://shop.test'), init) : input;
  const ctx = createExecutionContext();
  const res = await app.fetch(request as unknown as Parameters<typeof app.fetch>[0], { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A stand-in commerce API: records what it received and answers with the handler. */
export function stubApi(handler: StubHandler) {
  const received: Request[] = [];
  const fetcher = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input as RequestInfo, init);
      received.push(request.clone() as Request);
      const path = new URL(request.url).pathname;
      if (path === '/device/auth') {
        return Response.json({
          data: { access_token: `dv1.${crypto.randomUUID()}.stub` },
          meta: { msg: 'ok', code: 200, msgType: 0 },
        });
      }
      return handler(request);
    },
    connect() {
      throw new Error('not supported');
    },
  } as unknown as Fetcher;
  return { fetcher, received };
}

export function envelope(data: unknown, code = 200, msg = 'ok') {
  return Response.json({ data, meta: { msg, code, msgType: code < 400 ? 0 : 1 } }, { status: code });
}

/** Cookie header value from a response's Set-Cookie lines (name=value pairs only). */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export function setCookie(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}
