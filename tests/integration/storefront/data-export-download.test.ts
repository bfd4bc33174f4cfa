// The data archive through the storefront (decision 49), against the built API: the account page's
// signed link streams the ZIP to its owner with attachment, sandbox and no-store headers; another
// shopper with the same link, or a guest, gets the API's failure, never bytes.
import { beforeAll, describe, expect, it } from 'vitest';
import { readZip, zipText } from '../../support/zip';
import { cookiesFrom, registerShopper, storefront } from './helpers';

const SAME_SITE = { origin: 'http://shop.test' };
let device = '';

const register = (email: string) => registerShopper(email, device);

const api = (path: string, cookie: string, body?: unknown) =>
  storefront(`/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...SAME_SITE, 'content-type': 'application/json', cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

beforeAll(async () => {
  device = cookiesFrom(await storefront('/api/country'));
});

describe('the data archive through the storefront', () => {
  it('streams to its owner only, with the headers of a private attachment', async () => {
    const owner = await register('sf-export-owner@example.com');
    const other = await register('sf-export-other@example.com');
    expect((await api('/user/data/export', owner, {})).status).toBe(200);
    const ran = await storefront('/dev/data-rights/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ran.status, await ran.clone().text()).toBe(200);
    const state = await (await api('/user/data/export', owner)).json<{ data: { export: { download: string } } }>();
    const link = state.data.export.download;
    expect(link).toMatch(/^\/api\/user\/data\/export\/\d+\/download\?t=[0-9a-f]{64}$/);

    const res = await storefront(link, { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const entries = readZip(new Uint8Array(await res.arrayBuffer()));
    expect(JSON.parse(zipText(entries, 'account.json')).account.email).toBe('sf-export-owner@example.com');

    const theirs = await storefront(link, { headers: { cookie: other } });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get('content-type')).toContain('application/json');
    expect((await storefront(link, { headers: { cookie: device } })).status).toBe(401);
  });
});
