import { exports } from 'cloudflare:workers';
import { signedRequest, type SignedInit } from '../../support/signed-fetch';

export async function call(path: string, init: SignedInit = {}): Promise<Response> {
  return exports.default.fetch(await signedRequest(path, init));
}

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
