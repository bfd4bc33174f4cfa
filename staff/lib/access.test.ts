import { beforeEach, describe, expect, it } from 'vitest';
import { forgetAccessKeys, verifyAccessToken } from './access';

const settings = { teamDomain: 'gulf.cloudflareaccess.com', audience: 'aud-tag-123' };
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const encode = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

async function keyPair() {
  return crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
}

async function sign(privateKey: CryptoKey, kid: string, payload: Record<string, unknown>) {
  const head = `${encode({ alg: 'RS256', kid, typ: 'JWT' })}.${encode(payload)}`;
  const sig = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, new TextEncoder().encode(head));
  return `${head}.${base64url(new Uint8Array(sig))}`;
}

describe('Cloudflare Access token', () => {
  const now = 1_800_000_000_000;
  const good = {
    aud: ['aud-tag-123'],
    iss: 'https://gulf.cloudflareaccess.com',
    exp: now / 1000 + 600,
    email: 'owner@gulf.example',
    sub: 'u1',
  };
  let pair: CryptoKeyPair;
  let fetches: string[];
  let fetcher: (url: string) => Promise<{ keys: never[] }>;

  beforeEach(async () => {
    forgetAccessKeys();
    pair = await keyPair();
    const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
    fetches = [];
    fetcher = async (url) => {
      fetches.push(url);
      return { keys: [{ kid: 'k1', kty: 'RSA', n: jwk.n, e: jwk.e }] as never[] };
    };
  });

  it("accepts a token signed by the team's key for this audience, and names the person", async () => {
    const token = await sign(pair.privateKey, 'k1', good);
    expect(await verifyAccessToken(token, settings, { fetcher, now })).toEqual({
      email: 'owner@gulf.example',
      sub: 'u1',
    });
    expect(fetches).toEqual(['https://gulf.cloudflareaccess.com/cdn-cgi/access/certs']);
    // The keys are kept: a second request fetches nothing.
    await verifyAccessToken(token, settings, { fetcher, now });
    expect(fetches).toHaveLength(1);
  });

  it('refuses another audience, another issuer, an expired token, a forged signature and no token', async () => {
    expect(
      await verifyAccessToken(await sign(pair.privateKey, 'k1', { ...good, aud: ['other'] }), settings, {
        fetcher,
        now,
      }),
    ).toBeNull();
    expect(
      await verifyAccessToken(
        await sign(pair.privateKey, 'k1', { ...good, iss: 'https://evil.cloudflareaccess.com' }),
        settings,
        { fetcher, now },
      ),
    ).toBeNull();
    expect(
      await verifyAccessToken(await sign(pair.privateKey, 'k1', { ...good, exp: now / 1000 - 1 }), settings, {
        fetcher,
        now,
      }),
    ).toBeNull();
    const stranger = await keyPair();
    expect(await verifyAccessToken(await sign(stranger.privateKey, 'k1', good), settings, { fetcher, now })).toBeNull();
    expect(await verifyAccessToken(undefined, settings, { fetcher, now })).toBeNull();
    expect(await verifyAccessToken('not.a.jwt', settings, { fetcher, now })).toBeNull();
  });

  it('fetches the keys again for a key id it does not know (rotation), and refuses one still unknown', async () => {
    await verifyAccessToken(await sign(pair.privateKey, 'k1', good), settings, { fetcher, now });
    expect(await verifyAccessToken(await sign(pair.privateKey, 'k9', good), settings, { fetcher, now })).toBeNull();
    expect(fetches).toHaveLength(2);
  });
});
