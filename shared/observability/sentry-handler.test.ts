import { describe, expect, it } from 'vitest';
import { configReader } from '../config';
import { z } from '../zod';
import { withSentryWhenConfigured } from './sentry-handler';

describe('the Sentry wrapper', () => {
  it("keeps the worker's configuration read once, though the SDK hands each request a new env", async () => {
    let parses = 0;
    const schema = z.object({ SENTRY_DSN: z.string() }).transform((env) => {
      parses += 1;
      return env;
    });
    const config = configReader(schema, 'test');
    const seen: object[] = [];
    const worker = withSentryWhenConfigured('api', () => undefined, {
      fetch(_request: Request, env: object, _ctx: unknown) {
        seen.push(env);
        config(env);
        return new Response('ok');
      },
    });
    const env = { SENTRY_DSN: 'http://public@sentry.test/1', ENVIRONMENT: 'development' };
    const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} };
    for (let i = 0; i < 3; i++) await worker.fetch!(new Request('http://api.test/health'), env as never, ctx as never);
    expect(seen).toHaveLength(3);
    expect(parses).toBe(1);
  });
});
