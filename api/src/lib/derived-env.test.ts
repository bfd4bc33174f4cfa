import { describe, expect, it } from 'vitest';
import { configReader } from '#shared/config';
import { z } from '#shared/zod';
import { derivedEnv } from './derived-env';
import { cameThroughDoor, doorEnv, inProcessEnv, isInProcess } from './in-process';

describe("a request's derived env", () => {
  const base0 = { DB: 'the database', KV: 'the namespace', ENVIRONMENT: 'development' };
  const base = base0;

  it('reads its own bindings first and everything else from the env beneath', () => {
    const counting = derivedEnv(base, { DB: 'a counting database' });
    const session = derivedEnv(counting, { DB: 'a session database' });
    expect(session.DB).toBe('a session database');
    expect(session.KV).toBe('the namespace');
    expect(base.DB).toBe('the database');
    // The marks a bundle's calls and the storefront's door put are seen through any env made on top.
    expect(isInProcess(derivedEnv(inProcessEnv(base), { DB: 'x' }))).toBe(true);
    expect(cameThroughDoor(derivedEnv(doorEnv(base), { DB: 'x' }))).toBe(true);
    expect(cameThroughDoor(base)).toBe(false);
    expect(doorEnv(base)).toBe(doorEnv(base));
  });

  it('has its base configuration, parsed once per base and not once per request', () => {
    let parses = 0;
    const read = configReader(
      z.object({ ENVIRONMENT: z.string() }).transform((c) => {
        parses++;
        return c;
      }),
      'test',
    );
    const door = doorEnv({ ...base });
    expect(read(door).ENVIRONMENT).toBe('development');
    for (let i = 0; i < 5; i++) {
      const request = derivedEnv(derivedEnv(door, { DB: `session ${i}` }), { DB: `counting ${i}` });
      expect(read(inProcessEnv(request)).ENVIRONMENT).toBe('development');
    }
    expect(parses).toBe(1);
    // Read first through a new wrapper per request (as Sentry hands the door's env on: a Proxy whose
    // prototype is the door env's base), the base's configuration is still read once.
    parses = 0;
    const fresh = { ...base0 };
    for (let i = 0; i < 3; i++) expect(read(new Proxy(doorEnv(fresh), {})).ENVIRONMENT).toBe('development');
    expect(parses).toBe(1);
  });
});
