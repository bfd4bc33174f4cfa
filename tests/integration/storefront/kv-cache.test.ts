// Flagged GETs are cached in KV per session, language and country; a hit is marked 700.
import { describe, expect, it } from 'vitest';
import { CACHED_CODE } from '#shared/api/envelope';
import { envelope, storefront, stubApi } from './helpers';

function countryStub() {
  let n = 0;
  return stubApi((req) =>
    envelope({ served: ++n, lang: req.headers.get('lang'), country: req.headers.get('x-country') }),
  );
}

const get = (cookie: string, stub: ReturnType<typeof stubApi>, headers: Record<string, string> = {}) =>
  storefront('/api/country', { headers: { cookie, ...headers } }, { API: stub.fetcher }).then(async (res) => ({
    res,
    body: await res.json<any>(),
  }));

describe('KV cache of flagged GETs', () => {
  it('serves the second call from KV, marked with code 700', async () => {
    const stub = countryStub();
    const first = await get('dtk=dv1.session-a.x', stub);
    expect(first.body.meta.code).toBe(200);
    expect(first.res.headers.get('x-cache')).toBe('MISS');
    const second = await get('dtk=dv1.session-a.x', stub);
    expect(second.res.headers.get('x-cache')).toBe('HIT');
    expect(second.body.meta.code).toBe(CACHED_CODE);
    expect(second.body.data.served).toBe(1);
  });

  it('never serves one session the entry of another', async () => {
    const stub = countryStub();
    await get('dtk=dv1.session-b.x', stub);
    const other = await get('dtk=dv1.session-c.x', stub);
    expect(other.res.headers.get('x-cache')).toBe('MISS');
    expect(other.body.data.served).toBe(2);
    const signedIn = await get('dtk=dv1.session-b.x; atk=user-1', stub);
    expect(signedIn.res.headers.get('x-cache')).toBe('MISS');
  });

  it('keeps separate entries per language and per country', async () => {
    const stub = countryStub();
    const en = await get('dtk=dv1.session-d.x', stub, { lang: 'en', 'x-country': 'KW' });
    const ar = await get('dtk=dv1.session-d.x', stub, { lang: 'ar', 'x-country': 'KW' });
    const sa = await get('dtk=dv1.session-d.x', stub, { lang: 'en', 'x-country': 'SA' });
    expect([en, ar, sa].map((r) => r.res.headers.get('x-cache'))).toEqual(['MISS', 'MISS', 'MISS']);
    expect(ar.body.data.lang).toBe('ar');
    expect(sa.body.data.country).toBe('SA');
    const enAgain = await get('dtk=dv1.session-d.x', stub, { lang: 'en', 'x-country': 'KW' });
    expect(enAgain.res.headers.get('x-cache')).toBe('HIT');
    expect(enAgain.body.data.lang).toBe('en');
  });

  it('does not cache unflagged paths or failures', async () => {
    const stub = stubApi(() => envelope({ n: Math.random() }));
    const a = await storefront('/api/user/me', { headers: { cookie: 'dtk=dv1.e.x' } }, { API: stub.fetcher });
    const b = await storefront('/api/user/me', { headers: { cookie: 'dtk=dv1.e.x' } }, { API: stub.fetcher });
    expect(b.headers.get('x-cache')).toBe('MISS');
    expect((await a.json<any>()).data.n).not.toBe((await b.json<any>()).data.n);

    const failing = stubApi(() => envelope(null, 500, 'server_error'));
    await storefront('/api/country', { headers: { cookie: 'dtk=dv1.f.x' } }, { API: failing.fetcher });
    const retry = await storefront('/api/country', { headers: { cookie: 'dtk=dv1.f.x' } }, { API: failing.fetcher });
    expect(retry.headers.get('x-cache')).toBe('MISS');
  });
});
