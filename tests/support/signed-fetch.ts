// Builds requests signed exactly like the storefront worker signs them, for API integration tests.
import { signRequest } from '#shared/api/signing';

export interface SignedInit {
  method?: string;
  /** JSON text, or raw bytes (a file upload: sent as application/octet-stream unless headers say otherwise). */
  body?: string | Uint8Array;
  token?: string | null;
  secret?: string;
  now?: number;
  nonce?: string;
  headers?: Record<string, string>;
}

const TEST_SIGNING_SECRET = 'test-signing-secret-0123456789abcdef0123';

export async function signedRequest(path: string, init: SignedInit = {}): Promise<Request> {
  const method = init.method ?? (init.body !== undefined ? 'POST' : 'GET');
  const body = init.body ?? '';
  const headers = new Headers(init.headers ?? {});
  if (typeof body === 'string' && body) headers.set('content-type', 'application/json');
  if (typeof body !== 'string' && !headers.has('content-type')) headers.set('content-type', 'application/octet-stream');
  if (init.token) headers.set('x-token', init.token);
  // Signed over the identity headers as sent (decision 4); x-hash etc. given in init.headers still win.
  const signed = await signRequest(
    init.secret ?? TEST_SIGNING_SECRET,
    method,
    path,
    body,
    init.now,
    init.nonce,
    headers,
  );
  for (const [name, value] of Object.entries(signed)) if (!headers.has(name)) headers.set(name, value);
  return new Request(`https://api.test${path}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : (body as BodyInit),
  });
}
