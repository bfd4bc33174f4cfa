import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { requestCookie } from './request-cookies';

/** What a handler reads of `names` from a request with this Cookie header, both ways, and how often the header was read. */
async function read(header: string | null, names: string[]) {
  const app = new Hono();
  let out: { ours: (string | undefined)[]; hono: (string | undefined)[]; headerReads: number } | null = null;
  app.get('/', (c) => {
    const hono = names.map((name) => getCookie(c, name));
    let headerReads = 0;
    const get = c.req.raw.headers.get.bind(c.req.raw.headers);
    Object.defineProperty(c.req.raw.headers, 'get', {
      value: (name: string) => {
        if (name.toLowerCase() === 'cookie') headerReads++;
        return get(name);
      },
    });
    const ours = names.map((name) => requestCookie(c, name));
    out = { ours, hono, headerReads };
    return c.text('ok');
  });
  await app.request('/', { headers: header === null ? {} : { cookie: header } });
  return out!;
}

describe('requestCookie', () => {
  it('reads the header once per request, however many cookies the page reads', async () => {
    const names = ['atk', 'user', 'profile', 'dtk', 'd1b', 'hv', 'hp', 'country', 'lang'];
    const { headerReads } = await read('atk=a; user=1; dtk=d; hv=v; hp=p; country=KW', names);
    expect(headerReads).toBe(1);
  });

  it("gives what Hono's getCookie gives: the first of a name, quotes and encoding undone, bad values skipped", async () => {
    const names = ['a', 'b', 'c', 'd', 'e', '__Host-hv', 'missing'];
    for (const header of [
      'a=1; b=2',
      'a=1; a=2',
      ' b = "quoted" ; a=%D8%B3%D9%84%D8%A7%D9%85',
      'c=bad\\value; c=good; d=%E0%A4%A',
      'e; a=; __Host-hv=v1; __Host-hv=v2',
      '',
      null,
    ]) {
      const { ours, hono } = await read(header, names);
      expect(ours, String(header)).toEqual(hono);
    }
  });

  it("never answers an object's own properties as cookies (Hono's plain object does for a name it lacks)", async () => {
    for (const header of ['a=1', '', null]) {
      const { ours } = await read(header, ['constructor', 'toString', '__proto__']);
      expect(ours, String(header)).toEqual([undefined, undefined, undefined]);
    }
  });
});
