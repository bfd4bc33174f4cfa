import { describe, expect, it } from 'vitest';
import {
  firstName,
  isWishlistScope,
  listNameProblem,
  SHARE_TOKEN_PATTERN,
  shareText,
  WISHLIST_LIMITS,
  WISHLIST_PATHS,
} from './rules';

describe('the list-name rule (spec §5)', () => {
  it('requires a name, trims it and caps its length', () => {
    expect(listNameProblem('')).toBe('validation_mandatory');
    expect(listNameProblem('   \t')).toBe('validation_mandatory');
    expect(listNameProblem(' Birthday ')).toBeNull();
    expect(listNameProblem('x'.repeat(WISHLIST_LIMITS.nameMax))).toBeNull();
    expect(listNameProblem(` ${'x'.repeat(WISHLIST_LIMITS.nameMax)} `)).toBeNull();
    expect(listNameProblem('x'.repeat(WISHLIST_LIMITS.nameMax + 1))).toBe('wishlist_name_too_long');
    expect(listNameProblem('هدايا العيد')).toBeNull();
  });
});

describe('wishlist helpers', () => {
  it('tells strangers only the first name', () => {
    expect(firstName('Huda Al-Sabah')).toBe('Huda');
    expect(firstName('  نورة   العتيبي ')).toBe('نورة');
    expect(firstName('Sara')).toBe('Sara');
    expect(firstName('')).toBe('');
  });

  it('knows the scopes', () => {
    expect(['personal', 'shared', 'all'].every(isWishlistScope)).toBe(true);
    expect(isWishlistScope('everyone')).toBe(false);
    expect(isWishlistScope(undefined)).toBe(false);
  });

  it('builds the API paths, with the scope query only when asked', () => {
    expect(WISHLIST_PATHS.scope('personal')).toBe('/list/personal');
    expect(WISHLIST_PATHS.scope('all', { sku: 101, open: 7 })).toBe('/list/all?sku=101&open=7');
    expect(WISHLIST_PATHS.removeItems(3)).toBe('/list/3/items/remove');
    expect(WISHLIST_PATHS.bought('a/b')).toBe('/list/shared/a%2Fb/bought');
  });

  it('copies an invitation with the link on its own line', () => {
    expect(shareText('Have a look:', 'https://shop.test/shared-list/x')).toBe(
      'Have a look:\nhttps://shop.test/shared-list/x',
    );
  });

  it('accepts only 22-character base64url share tokens', () => {
    expect(SHARE_TOKEN_PATTERN.test('AbCdEfGhIjKlMnOpQr_-12')).toBe(true);
    expect(SHARE_TOKEN_PATTERN.test('AbCdEfGhIjKlMnOpQr+/12')).toBe(false);
    expect(SHARE_TOKEN_PATTERN.test('short')).toBe(false);
  });
});
