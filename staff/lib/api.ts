// Signed calls from the staff worker to the commerce API's /staff routes (decision 27): the same
// request signature as the storefront's (shared/api/signing.ts), the staff session as
// `authorization: Staff <token>`, the staff member's language, and this request's id.
import type { Context } from 'hono';
import { isEnvelope, type Envelope } from '#shared/api/envelope';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { D1_SQL_HEADER, decodeD1Sql } from '#shared/api/d1-sql';
import { signRequest, SIGNATURE_HEADERS } from '#shared/api/signing';
import type { StaffAppEnv } from '../app-env';
import { HOME_COUNTRY } from '#shared/countries';

export type { StaffSelf } from '#shared/api/staff-auth-responses';

export interface ApiAnswer<T> {
  status: number;
  envelope: Envelope<T>;
  /** The API's answer when it is not an envelope (a file download). */
  raw?: Response;
}

const INTERNAL_ORIGIN = 'https://shop-api.internal';

export async function staffApi<T = unknown>(
  c: Context<StaffAppEnv>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = new Headers({
    accept: 'application/json',
    [SIGNATURE_HEADERS.requestId]: c.get('requestId') ?? '',
    [SIGNATURE_HEADERS.lang]: c.var.lang,
    // The API's locale middleware wants a country; staff routes choose their countries themselves.
    [SIGNATURE_HEADERS.country]: HOME_COUNTRY,
  });
  if (text) headers.set('content-type', 'application/json');
  if (c.var.token) headers.set(SIGNATURE_HEADERS.authorization, `Staff ${c.var.token}`);
  const ip = c.req.header('cf-connecting-ip');
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  const measured = c.var.measured;
  if (measured?.sql) headers.set(D1_SQL_HEADER, '1');
  const signed = await signRequest(c.var.config.SIGNING_SECRET, method, path, text, undefined, undefined, headers);
  for (const [name, value] of Object.entries(signed)) headers.set(name, value);
  const request = new Request(INTERNAL_ORIGIN + path, { method, headers, body: method === 'GET' ? undefined : text });
  let res: Response;
  try {
    res = await Promise.race([
      c.env.API.fetch(request),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), c.var.config.API_TIMEOUT_MS)),
    ]);
  } catch {
    return { status: 502, envelope: { data: null as T, meta: { msg: 'upstream_unavailable', code: 502, msgType: 1 } } };
  }
  if (measured) {
    measured.apiCalls += 1;
    measured.statements += Number(res.headers.get('x-d1-queries') ?? 0);
    measured.roundTrips += Number(res.headers.get('x-d1-roundtrips') ?? 0);
    for (const statement of decodeD1Sql(res.headers.get(D1_SQL_HEADER))) measured.sql?.add(statement);
  }
  if (!(res.headers.get('content-type') ?? '').includes('application/json'))
    return {
      status: res.status,
      envelope: { data: null as T, meta: { msg: 'ok', code: res.status, msgType: 0 } },
      raw: res,
    };
  const parsed: unknown = await res.json().catch(() => null);
  const envelope: Envelope<T> = isEnvelope(parsed)
    ? (parsed as Envelope<T>)
    : { data: null as T, meta: { msg: 'server_error', code: res.status, msgType: 1 } };
  return { status: res.status, envelope };
}
