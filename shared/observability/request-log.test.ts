import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ContextStore, requestLog } from './request-log';

/** A synchronous stand-in for AsyncLocalStorage: enough for work that stays in one call. */
function stackStore<S>(): ContextStore<S> {
  const stack: S[] = [];
  return {
    run(store, work) {
      stack.push(store);
      try {
        return work();
      } finally {
        stack.pop();
      }
    },
    getStore: () => stack.at(-1),
  };
}

const lines = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => JSON.parse(String(c[0])));

describe('the request log both back-end workers share', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers with the request id, logs under it, and ends with one line of how it went', async () => {
    const info = vi.spyOn(console, 'log').mockImplementation(() => {});
    const r = requestLog('staff', stackStore());
    const headers: Record<string, string> = {};
    const c = {
      get: () => 'req-1234567890abcdef',
      header: (name: string, value: string) => {
        headers[name] = value;
      },
      req: { method: 'GET', path: '/orders' },
      res: { status: 200 },
    };
    await r.logContext(c, async () => {
      expect(r.currentRequestId()).toBe('req-1234567890abcdef');
      r.log.info('inside', { n: 1 });
    });
    expect(headers).toEqual({ 'x-reqid': 'req-1234567890abcdef' });
    expect(r.currentRequestId()).toBeUndefined();
    const [inside, request] = lines(info);
    expect(inside).toMatchObject({ worker: 'staff', reqid: 'req-1234567890abcdef', msg: 'inside', n: 1 });
    expect(Object.keys(request)).toEqual(['worker', 'reqid', 'level', 'msg', 'method', 'path', 'status', 'ms']);
    expect(request).toMatchObject({ reqid: 'req-1234567890abcdef', msg: 'request', method: 'GET', status: 200 });
  });

  it('gives work outside a request an id of its own', () => {
    const r = requestLog('api', stackStore());
    expect(r.withFreshRequestId(() => r.currentRequestId())).toMatch(/^cron-[0-9a-f-]{36}$/);
  });
});
