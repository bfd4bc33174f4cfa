import { describe, expect, it } from 'vitest';
import { SHARE_TOKEN_PATTERN } from '#shared/wishlists/rules';
import { newShareToken, toSummary, type ListRow } from './queries';

const row = (over: Partial<ListRow> = {}): ListRow => ({
  id: 5,
  name: 'Gifts',
  user_id: 1,
  share_token: 'AbCdEfGhIjKlMnOpQr_-12',
  publisher: 'Huda Al-Sabah',
  items_count: 3,
  price_alerts: 2,
  image: null,
  updated_at: 10,
  ...over,
});

describe('share tokens', () => {
  it('are 128 random bits in base64url: 22 characters, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 500 }, newShareToken));
    expect(tokens.size).toBe(500);
    for (const t of tokens) expect(t).toMatch(SHARE_TOKEN_PATTERN);
  });
});

describe('a list as the scopes show it', () => {
  it("gives the owner everything and others only the owner's first name", () => {
    expect(toSummary(row(), 1)).toMatchObject({
      mine: true,
      publisher: { name: 'Huda Al-Sabah' },
      share_token: 'AbCdEfGhIjKlMnOpQr_-12',
      price_alerts: 2,
      shared: true,
    });
    expect(toSummary(row(), 2)).toMatchObject({
      mine: false,
      publisher: { name: 'Huda' },
      share_token: null,
      price_alerts: 0,
    });
    // A follower keeps the token they followed.
    expect(toSummary(row(), 2, true).share_token).toBe('AbCdEfGhIjKlMnOpQr_-12');
    expect(toSummary(row({ share_token: null }), 1)).toMatchObject({ shared: false, share_token: null });
    expect('contains' in toSummary(row(), 1)).toBe(false);
    expect(toSummary(row({ contains: 1 }), 1).contains).toBe(true);
  });
});
