import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../app-env';
import type { Session } from './session-state';
import { sessionsEndedKey } from '#shared/session-ended';
import { passHeld, readPass, writePass } from './session-pass';

const her: Session = {
  secure: false,
  deviceToken: 'dv1.device',
  userToken: 'token-of-hers',
  user: { id: 7, name: 'Dana', email: 'dana@example.com', phone: null },
  userExpires: null,
  lang: 'en',
  country: 'KW',
  bookmark: null,
};

/** Her pass as the storefront writes it, then read back from each cookie header, as views read it. */
async function passes(writtenAt?: number): Promise<{
  cookie: string;
  read: (cookie: string, session?: Session) => Promise<unknown>;
  /** The pass as read (`/read`) or as a view acts on it without the API (`/held`), and record reads. */
  ask: (route: '/read' | '/held', cookie: string, endedAt?: number) => Promise<{ state: string; reads: number }>;
}> {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('config', { SIGNING_SECRET: 'test-secret' } as AppEnv['Variables']['config']);
    await next();
  });
  app.get('/write', async (c) => {
    await writePass(c, her, writtenAt);
    return c.text('ok');
  });
  let session = her;
  app.get('/read', async (c) => c.text(String((await readPass(c, session))?.state ?? null)));
  app.get('/held', async (c) => c.text(String(await passHeld(await readPass(c, session)))));
  const written = await app.request('/write');
  const cookie = written.headers.getSetCookie()[0]!.split(';')[0]!;
  const ask = async (route: string, header: string, ended?: number) => {
    const reads: string[] = [];
    // The edge's record of her sessions' end, as KV answers it.
    const CACHE = {
      get: async (key: string) => {
        reads.push(key);
        return key === sessionsEndedKey(her.user!.id) && ended !== undefined ? String(ended) : null;
      },
    };
    const res = await app.request(route, { headers: { cookie: header } }, { CACHE });
    return { state: await res.text(), reads: reads.length };
  };
  return {
    cookie,
    read: async (header, as = her) => {
      session = as;
      return (await ask('/read', header)).state;
    },
    ask,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('the session pass', () => {
  it('is checked with WebCrypto once per isolate, not on every view, and still binds her token', async () => {
    const { cookie, read } = await passes();
    const verify = vi.spyOn(crypto.subtle, 'verify');
    expect(await read(cookie)).toBe('fresh');
    expect(await read(cookie)).toBe('fresh');
    expect(await read(cookie)).toBe('fresh');
    expect(verify).toHaveBeenCalledTimes(1);
    // The same pass with another token (a borrowed pass) is checked, and refused.
    expect(await read(cookie, { ...her, userToken: 'token-of-another' })).toBe('null');
    // A forged signature is refused too.
    expect(await read(cookie.replace(/\.[\w-]{43}$/, `.${'A'.repeat(43)}`))).toBe('null');
  });

  it('is fresh for its first five minutes, then stale (her page asks the API), and nothing at its end', async () => {
    const { cookie, read } = await passes();
    const made = Date.now();
    const at = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(made + ms);
    at(5 * 60_000 - 1_000);
    expect(await read(cookie)).toBe('fresh');
    at(5 * 60_000 + 1_000);
    expect(await read(cookie)).toBe('stale');
    at(10 * 60_000 + 1);
    expect(await read(cookie)).toBe('null');
    // A pass, however well signed, that would live past the ten minutes a pass is written for from now
    // (a clock gone forward where it was written) vouches for nothing.
    vi.restoreAllMocks();
    const ahead = await passes(Date.now() + 60 * 60_000);
    expect(await ahead.read(ahead.cookie)).toBe('null');
  });

  it('vouches for nothing once her sessions ended after it was made, read only where its word alone decides', async () => {
    const made = Date.now();
    const { cookie, ask } = await passes(made);
    // Reading the pass reads no record, even one that says her sessions ended: a view that asks the API
    // as her has the API's answer instead.
    expect(await ask('/read', cookie, made + 1_000)).toEqual({ state: 'fresh', reads: 0 });
    expect(await ask('/held', cookie)).toEqual({ state: 'fresh', reads: 1 });
    // One of her sessions ended after the pass was made: the pass vouches for nothing.
    expect(await ask('/held', cookie, made + 1_000)).toEqual({ state: 'null', reads: 1 });
    // Ended before it was made (this pass was written after she signed in again): it holds.
    expect(await ask('/held', cookie, made - 60_000)).toEqual({ state: 'fresh', reads: 1 });
    // A stale pass asks the API anyway: no record is read for it.
    vi.spyOn(Date, 'now').mockReturnValue(made + 6 * 60_000);
    expect(await ask('/held', cookie, made + 1_000)).toEqual({ state: 'stale', reads: 0 });
  });
});
