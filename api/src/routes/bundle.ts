// POST /bundle: a page's calls in one trip (decision 40). The storefront sends the reads a page needs
// (and, for a browser without a valid device token, its registration); each call runs through the
// whole app in-process, as the bundle's device and signed-in user, in parallel; the answers come back
// in order, each with the status and envelope it would have had alone. Far from D1, this turns a
// page's three sequential long hauls into one.
import { Hono, type Context } from 'hono';
import { fail, ok } from '#shared/api/envelope';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { isBundleable, type BundleCall, bundleResultSchema, bundleSchema } from '#shared/api/page-bundle';
import { SIGNATURE_HEADERS } from '#shared/api/signing';
import type { AppEnv } from '../app-env';
import { registerDevice, type Registration } from '../accounts/device-registration';
import { ApiError } from '../lib/errors';
import { inProcessEnv } from '../lib/in-process';
import { log } from '../lib/log';
import { contract } from '../contract/validate';

export type Dispatch = (request: Request, env: ApiEnv, ctx: AppContext['executionCtx']) => Response | Promise<Response>;
type AppContext = Context<AppEnv>;

/** The bundle's identity headers each inner call carries as its own. */
const PASSED = [
  SIGNATURE_HEADERS.authorization,
  SIGNATURE_HEADERS.lang,
  SIGNATURE_HEADERS.country,
  SIGNATURE_HEADERS.requestId,
  CLIENT_IP_HEADER,
];

/** A placeholder no envelope contains (JSON writes U+0000 escaped), replaced by the answers. */
const ANSWERS = '\u0000answers';

export function bundleRoutes(dispatch: Dispatch) {
  return new Hono<AppEnv>().post(
    '/',
    contract({
      tag: 'platform',
      summary: "A page's reads in one trip, with the device's registration when it has no valid token",
      body: bundleSchema,
      noDevice: true,
      response: bundleResultSchema,
      // Its own refusal of a browser with neither a valid token nor a registration; each call's own
      // keys travel inside its answer, not in the bundle's meta.
      messages: ['device_token_invalid'],
    }),
    async (c) => {
      const { calls, device } = c.req.valid('json');
      let token = c.req.header(SIGNATURE_HEADERS.token) ?? null;
      let registration: Registration | null = null;
      if (!c.var.deviceId) {
        if (!device) throw new ApiError(403, 'device_token_invalid');
        registration = await registerDevice(c, device);
        token = registration.token;
      }
      const env = inProcessEnv(c.env);
      const answer = async (call: BundleCall): Promise<string> => {
        if (!isBundleable(call)) return part(400, JSON.stringify(fail('bad_request', 400)));
        const headers = new Headers({ accept: 'application/json' });
        for (const name of PASSED) {
          const value = c.req.header(name);
          if (value) headers.set(name, value);
        }
        if (token) headers.set(SIGNATURE_HEADERS.token, token);
        let body: string | undefined;
        if (call.method === 'POST') {
          headers.set('content-type', 'application/json');
          body = JSON.stringify(call.body ?? {});
        }
        const request = new Request(new URL(call.path, c.req.url), { method: call.method, headers, body });
        const res = await dispatch(request, env, c.executionCtx);
        // Only envelopes travel in a bundle: a file answer (a calendar entry, a result) is asked alone.
        if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) {
          await res.body?.cancel();
          return part(400, JSON.stringify(fail('bad_request', 400)));
        }
        return part(res.status, await res.text());
      };
      // The device row is stored while the calls run: its token is valid before the row exists, so a
      // row that could not be stored costs the page nothing (the log says so).
      const stored = registration?.stored.catch((error: unknown) => log.error('device row not stored', { error }));
      const [parts] = await Promise.all([Promise.all(calls.map(answer)), stored]);
      // The inner envelopes are spliced in as they are, not parsed and written again.
      const head = JSON.stringify(ok({ device_token: registration?.token ?? null, answers: ANSWERS }));
      return c.body(head.replace(JSON.stringify(ANSWERS), `[${parts.join(',')}]`), 200, {
        'content-type': 'application/json; charset=utf-8',
      });
    },
  );
}

function part(status: number, envelope: string): string {
  return `{"status":${status},"body":${envelope || 'null'}}`;
}
