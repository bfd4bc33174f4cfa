// Builds requests signed exactly like the storefront worker signs them, for API integration tests.
import { signRequest } from '../../shared/api/signing';

export interface SignedInit {
  method?: string;
  body?: string;
  token?: string | null;
  secret?: string;
  now?: number;
  nonce?: string;
  headers?: Record<string, string>;
}

export const TEST_SIGNING_SECRET = 'test-signing-secret-0123456789abcdef0123';

export async function signedRequest(path: string, init: SignedInit = {}): Promise<Request> {
  const method = init.method ?? (init.body !== undefined ? 'POST' : 'GET');
  const body = init.body ?? '';
  const signed = await signRequest(init.secret ?? TEST_SIGNING_SECRET, method, path, body, init.now, init.nonce);
  const headers = new Headers({ ...signed, ...(init.headers ?? {}) });
  if (body) headers.set('content-type', 'application/json');
  if (init.token) headers.set('x-token', init.token);
  return new Request(`https://api.test${path}`, { method, headers, body: method === 'GET' ? undefined : body });
}
