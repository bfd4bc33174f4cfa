// The storefront's door's methods (decision 80) report their errors as the API's fetch does: with a DSN,
// each call runs on an instance Sentry instruments, so what the method captures is sent; without one,
// nothing is set up and nothing is sent. Run in workerd, where the SDK runs as deployed.
import { WorkerEntrypoint } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '#api/src/lib/log';
import { methodsWhenConfigured } from '#shared/observability/sentry-handler';
import { reportServerError } from '#shared/observability/report-error';

class Methods extends WorkerEntrypoint<{ SENTRY_DSN?: string }> {
  async answer(): Promise<string> {
    // As the door's method answers the API's own trouble: reported, then answered as a 500.
    reportServerError(
      { log, message: 'api error', dsn: this.env.SENTRY_DSN },
      { method: 'RPC', path: 'answer' },
      new Error('deliberate door method error'),
    );
    return 'answered';
  }
}

afterEach(() => vi.restoreAllMocks());

describe("the door's methods", () => {
  it('send what they report to Sentry when a DSN is set, and nothing without one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (new URL(request.url).host === 'sentry.test') sent.push(await request.text());
      return new Response('{}');
    });
    const methods = methodsWhenConfigured<Methods, typeof Methods>('api', () => 'req-door-0001', Methods);
    const plain = createExecutionContext();
    expect(await methods(plain, { ENVIRONMENT: 'test' }).answer()).toBe('answered');
    await waitOnExecutionContext(plain);
    expect(sent).toEqual([]);
    const reported = createExecutionContext();
    const env = { SENTRY_DSN: 'http://public@sentry.test/1', ENVIRONMENT: 'test' };
    expect(await methods(reported, env).answer()).toBe('answered');
    await waitOnExecutionContext(reported);
    for (let i = 0; i < 50 && sent.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.some((body) => body.includes('deliberate door method error'))).toBe(true);
  });
});
