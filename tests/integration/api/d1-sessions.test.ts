// D1 read replicas through the Sessions API (decision 40): each shopper answer carries the bookmark of
// the state it read or wrote; a read sent with a bookmark reads a state at least that recent.
import { describe, expect, it } from 'vitest';
import { D1_BOOKMARK_HEADER, isBookmark } from '#shared/api/d1-bookmark';
import { call, deviceToken, json } from './helpers';

const bookmark = (res: Response) => res.headers.get(D1_BOOKMARK_HEADER);

describe('D1 sessions and bookmarks', () => {
  it('answers a read with the bookmark it read at, never older than the one it was sent', async () => {
    const token = await deviceToken();
    const first = await call('/country', { token });
    expect(first.status).toBe(200);
    expect(isBookmark(bookmark(first))).toBe(true);

    const write = await call('/user/register', {
      token,
      body: JSON.stringify({ name: 'Lulwa', email: `lulwa-${Date.now()}@example.com`, password: 'secret1' }),
    });
    expect(write.status).toBe(200);
    const written = bookmark(write)!;
    expect(isBookmark(written)).toBe(true);
    expect(written > bookmark(first)!).toBe(true);

    const user = (await json(write)).data.access_token as string;
    const read = await call('/user/me', {
      token,
      headers: { authorization: `Bearer ${user}`, [D1_BOOKMARK_HEADER]: written },
    });
    expect(read.status).toBe(200);
    expect((await json(read)).data.user.name).toBe('Lulwa');
    expect(bookmark(read)! >= written).toBe(true);
  });

  it('ignores a bookmark that is not one, and gives none for a refused write or the back office', async () => {
    const token = await deviceToken();
    for (const bad of [
      'garbage',
      '00000000-0000002e',
      `${'0'.repeat(8)}-${'z'.repeat(8)}-${'0'.repeat(8)}-${'0'.repeat(32)}`,
    ]) {
      const res = await call('/country', { token, headers: { [D1_BOOKMARK_HEADER]: bad } });
      expect(res.status, bad).toBe(200);
      expect(isBookmark(bookmark(res))).toBe(true);
    }
    const refused = await call('/user/register', { token, body: JSON.stringify({ name: '' }) });
    expect(refused.status).toBe(400);
    expect(bookmark(refused)).toBeNull();
    const staff = await call('/staff/me', { token });
    expect(bookmark(staff)).toBeNull();
  });
});
