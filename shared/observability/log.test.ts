import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, logLine } from './log';

afterEach(() => vi.restoreAllMocks());

describe('log lines', () => {
  it('are one JSON line each with the worker, the current request id, the level and the message', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const info = vi.spyOn(console, 'log').mockImplementation(() => {});
    let current = 'req-0000000001';
    const log = createLogger('api', () => current);
    log.error('payment gateway failed', { orderId: 7, error: new TypeError('boom') });
    current = 'req-0000000002';
    log.info('cancelled stale card charges', { count: 2 });
    expect(JSON.parse(error.mock.calls[0]![0])).toMatchObject({
      worker: 'api',
      reqid: 'req-0000000001',
      level: 'error',
      msg: 'payment gateway failed',
      orderId: 7,
      error: { name: 'TypeError', message: 'boom' },
    });
    expect(JSON.parse(info.mock.calls[0]![0])).toMatchObject({
      reqid: 'req-0000000002',
      msg: 'cancelled stale card charges',
      count: 2,
    });
  });

  it('never lets a field overwrite the request id', () => {
    expect(logLine('storefront', 'req-0000000003', 'warn', 'x', { reqid: 'forged', worker: 'other' })).toMatchObject({
      reqid: 'req-0000000003',
      worker: 'storefront',
    });
    expect(logLine('storefront', undefined, 'info', 'outside a request').reqid).toBe('none');
  });
});
