import { describe, expect, it } from 'vitest';
import { failureLine, isTransportFailure, retryWhilePassing } from './cli-failure.mjs';

describe('failureLine', () => {
  it('names each cause of a failed fetch, with its code', () => {
    const socket = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect(failureLine(new TypeError('fetch failed', { cause: socket }))).toBe(
      '✖ fetch failed, because other side closed (UND_ERR_SOCKET)',
    );
  });

  it('is the message alone when nothing caused it', () => {
    expect(failureLine(new Error('BACKUP_KEK is not set'))).toBe('✖ BACKUP_KEK is not set');
  });

  it('says a thrown value that is not an Error, and stops at a cause loop', () => {
    expect(failureLine('refused')).toBe('✖ refused');
    const loop = new Error('a');
    (loop as Error & { cause: unknown }).cause = loop;
    expect(failureLine(loop)).toBe('✖ a');
  });
});

describe('retryWhilePassing', () => {
  const lost = () =>
    new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });

  it('tries a step again when only the connection failed, and says so', async () => {
    let calls = 0;
    const retries: string[] = [];
    const result = await retryWhilePassing(
      async () => {
        calls++;
        if (calls < 3) throw lost();
        return 'done';
      },
      isTransportFailure,
      { delayMs: 1, onRetry: (error, attempt) => retries.push(`${attempt}: ${failureLine(error)}`) },
    );
    expect(result).toBe('done');
    expect(retries).toEqual([
      '1: ✖ fetch failed, because other side closed (UND_ERR_SOCKET)',
      '2: ✖ fetch failed, because other side closed (UND_ERR_SOCKET)',
    ]);
  });

  it('gives up after the attempts, and never retries a failure of the work itself', async () => {
    let calls = 0;
    await expect(
      retryWhilePassing(
        async () => {
          calls++;
          throw lost();
        },
        isTransportFailure,
        { delayMs: 1 },
      ),
    ).rejects.toThrow('fetch failed');
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      retryWhilePassing(
        async () => {
          calls++;
          throw new Error('shard 1 is full');
        },
        isTransportFailure,
        { delayMs: 1 },
      ),
    ).rejects.toThrow('shard 1 is full');
    expect(calls).toBe(1);
  });

  it("knows Node's failed fetch and dropped sockets, and nothing else", () => {
    expect(isTransportFailure(lost())).toBe(true);
    expect(isTransportFailure(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isTransportFailure(new Error('UNIQUE constraint failed: orders.id'))).toBe(false);
    expect(isTransportFailure(new Error('shard 1 is full', { cause: 'fetch failed' }))).toBe(false);
  });
});
