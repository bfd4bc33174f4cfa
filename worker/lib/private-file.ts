// A shopper's private file through the storefront (an uploaded result, her data archive): the /api
// proxy answers envelopes only, so these routes call the API with her session and stream the file
// through with only its own headers, never cached. Anything else (not hers, expired, signed out) goes
// through the session's rules like any answer, and its envelope reaches the browser.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { busyAnswer, ensureDevice, fileCall } from './gateway';
import { apiLang, readSession } from './session';

/** The headers of a downloaded file that reach the browser; nothing else of the API's answer does. */
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'content-security-policy',
  'x-content-type-options',
];

export async function privateFile(
  c: Context<AppEnv>,
  path: string,
  isFile: (res: Response) => boolean,
): Promise<Response> {
  const session = readSession(c, apiLang(c));
  if (!(await ensureDevice(c, session))) return busyAnswer(c);
  // Not a file: the proxy's cookie rules applied (a 401 ends the sign-in); a download is never sent twice.
  const { res, file } = await fileCall(c, session, path, isFile);
  if (!file) {
    return c.body(await res.text(), res.status as 200, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-store',
    });
  }
  const headers = new Headers({ 'cache-control': 'private, no-store' });
  for (const name of FILE_HEADERS) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  // Streamed: the worker never holds the file.
  return new Response(res.body, { status: 200, headers });
}
