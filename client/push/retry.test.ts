// The spec's push retry (§4, §9): up to 3 attempts 2 s × the attempt apart for failures that may pass;
// a refusal is final.
import { describe, expect, it } from 'vitest';
import { ApiFailure, type ApiClient } from '#shared/api/client';
import { postSubscription, PUSH_CHANGE_DELAY_MS } from './index';

const failing = (...statuses: number[]) => {
  let calls = 0;
  const api: ApiClient = {
    get: async () => ({ data: null, meta: { code: 200, msg: 'ok' } }) as never,
    post: async () => {
      const status = statuses[calls++];
      if (status === undefined) return { data: {}, meta: { code: 200, msg: 'ok' } } as never;
      throw new ApiFailure(status, { data: null, meta: { code: status, msg: 'server_error' } } as never);
    },
  };
  return { api, calls: () => calls };
};

const body = { endpoint: 'https://push.test/x', keys: { p256dh: 'p', auth: 'a' }, lang: 'en' as const };

describe('postSubscription', () => {
  it('retries a 5xx twice, 2 s then 4 s apart, and succeeds on the third attempt', async () => {
    const f = failing(503, 500);
    const waits: number[] = [];
    await postSubscription(f.api, body, async (ms) => void waits.push(ms));
    expect(f.calls()).toBe(3);
    expect(waits).toEqual([2000, 4000]);
    expect(PUSH_CHANGE_DELAY_MS).toBe(1000);
  });

  it('gives up after 3 attempts, and at once on a refusal', async () => {
    const f = failing(500, 500, 500, 500);
    await expect(postSubscription(f.api, body, async () => undefined)).rejects.toBeInstanceOf(ApiFailure);
    expect(f.calls()).toBe(3);
    const g = failing(409);
    await expect(postSubscription(g.api, body, async () => undefined)).rejects.toMatchObject({ status: 409 });
    expect(g.calls()).toBe(1);
  });
});
