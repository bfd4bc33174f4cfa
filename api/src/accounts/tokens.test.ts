import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASHES_KEPT, randomToken, sessionTokenHash, tokenHash } from './tokens';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('tokenHash', () => {
  it('is the SHA-256 of the token in hex, the stored form of a session or reset token', async () => {
    const token = randomToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await tokenHash(token)).toBe(sha256(token));
  });

  it("answers a session token seen a moment ago from the isolate's memory, without a second digest", async () => {
    const token = randomToken();
    const first = sessionTokenHash(token);
    expect(sessionTokenHash(token)).toBe(first);
    expect(await first).toBe(sha256(token));
  });

  it('keeps no other kind of token: a reset or staff token is digested afresh each time', async () => {
    const token = randomToken();
    const first = tokenHash(token);
    expect(tokenHash(token)).not.toBe(first);
    expect(await tokenHash(token)).toBe(await first);
  });

  it('keeps a bounded number: after as many others, a token is digested again, to the same hash', async () => {
    const token = randomToken();
    const first = sessionTokenHash(token);
    for (let i = 0; i < HASHES_KEPT; i++) sessionTokenHash(`other-${i}`);
    const again = sessionTokenHash(token);
    expect(again).not.toBe(first);
    expect(await again).toBe(await first);
  });
});
