import { exports } from 'cloudflare:workers';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { signedRequest, type SignedInit } from '../../support/signed-fetch';

/** Like the storefront's, every request names the shopper's address: a fresh one unless the test picks it. */
export async function call(path: string, init: SignedInit = {}): Promise<Response> {
  return exports.default.fetch(
    await signedRequest(path, { ...init, headers: { [CLIENT_IP_HEADER]: randomIp(), ...init.headers } }),
  );
}

const randomIp = () => `10.${[...crypto.getRandomValues(new Uint8Array(3))].join('.')}`;

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export const DEVICE = {
  device: { name: 'Test browser', uid: 'test-device-uid-0001', platform: 'web' },
  os: { type: 'linux', version: '6' },
};

export async function deviceToken(): Promise<string> {
  const res = await call('/device/auth', { body: JSON.stringify(DEVICE) });
  const body = await json<{ data: { access_token: string } }>(res);
  return body.data.access_token;
}
