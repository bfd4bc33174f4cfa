// Every message key the API and the storefront worker can put in front of a shopper (meta.msg, a
// field's message, a coupon's problem, a zod issue of the shared schemas) exists in both
// dictionaries: found by reading the sources, so a key cannot be forgotten in MESSAGE_KEYS.
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { MESSAGE_KEYS } from '#shared/api/message-keys';
import { STAFF_MESSAGE_KEYS } from '#shared/api/staff-message-keys';
import { IMPORT_MESSAGES } from '#shared/catalogue/import-format';
import { staffTextsAr, staffTextsEn } from '#shared/i18n/staff-texts';

const files = {
  ...import.meta.glob<string>('../../api/src/**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../shared/api/*-schemas.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../shared/api/forms.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../shared/consultations/*.ts', { query: '?raw', import: 'default', eager: true }),
};
const sources = Object.entries(files).filter(([path]) => !/\.(test|d)\.ts$/.test(path));

const PATTERNS = [
  /ApiError\(\s*\d+\s*,\s*'([\w-]+)'/g, // throw new ApiError(409, 'wallet_insufficient')
  /\bfail\(\s*'([\w-]+)'/g, // fail('not_found', 404)
  /\b(?:msg|message|problem)\s*:\s*'([\w-]+)'/g, // { field, message: 'mandatory-field' }
  /\berror:\s*'([\w-]+)'/g, // zod issues of the shared schemas
  /'(coupon_[a-z_]+)'/g, // coupon problems chosen by a condition
];

function keysIn(list: Array<[string, string]>): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, text] of list)
    for (const pattern of PATTERNS)
      for (const m of text.matchAll(pattern)) if (!found.has(m[1]!)) found.set(m[1]!, file);
  return found;
}

describe('message keys the server can send', () => {
  const found = keysIn(sources);

  it('are found by reading the sources (the scan itself works)', () => {
    expect(sources.length).toBeGreaterThan(20);
    for (const key of [
      'wallet_insufficient',
      'not_found',
      'mandatory-field',
      'coupon_expired',
      'upstream_unavailable',
      'phone_invalid',
    ]) {
      expect([...found.keys()]).toContain(key);
    }
  });

  it("all exist in the English and the Arabic dictionary (the shopper's, or the staff app's for its own keys)", () => {
    // A catalogue file's line problems go only to the back office's import page.
    const staffOnly = new Set<string>([...STAFF_MESSAGE_KEYS, ...IMPORT_MESSAGES]);
    const all = [...found, ...MESSAGE_KEYS.map((k) => [k, './message-keys.ts'] as const)];
    const missing = all
      .filter(([key]) =>
        staffOnly.has(key) ? !(key in staffTextsEn) || !(key in staffTextsAr) : !(key in en) || !(key in ar),
      )
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it("of the back office stay out of the shopper's dictionaries, which every page loads", () => {
    expect(STAFF_MESSAGE_KEYS.length).toBeGreaterThan(20);
    expect(STAFF_MESSAGE_KEYS.filter((key) => key in en || key in ar)).toEqual([]);
    expect(STAFF_MESSAGE_KEYS.filter((key) => !(key in staffTextsEn) || !(key in staffTextsAr))).toEqual([]);
  });

  it('of the back office are never sent by a shopper route or the storefront worker', () => {
    const shopperSide = sources.filter(
      ([path]) => path.startsWith('../../worker/') || /api\/src\/routes\/[\w-]+\.ts$/.test(path),
    );
    expect(shopperSide.length).toBeGreaterThan(10);
    // A catalogue file's line problems go only to the back office's import page.
    const staffOnly = new Set<string>([...STAFF_MESSAGE_KEYS, ...IMPORT_MESSAGES]);
    expect([...keysIn(shopperSide)].filter(([key]) => staffOnly.has(key))).toEqual([]);
  });
});
