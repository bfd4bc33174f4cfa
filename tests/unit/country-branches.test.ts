// A country is data (issue 77, decision 77): what differs between Kuwait and Saudi Arabia lives in the
// country modules (shared/countries/), and code asks the country for it instead of asking which country
// it is. This ratchet counts the places in product code that still name a country or currency code
// (a quoted 'KW', "SAR"…, a per-country object key `KW:`, a property `.SA`) outside the country modules,
// the seed data and the tests, and fails when the count rises above the ceiling below. Each session
// that converts branches lowers the ceiling to its new count; at 0 this becomes the final test,
// "fails if any code path branches on a country code".
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Lower this when you convert branches; never raise it (add the fact to the country's module instead). */
const CEILING = 13;

const ROOTS = ['api/src', 'worker', 'client', 'shared', 'staff'];
/**
 * The country modules themselves, where the codes belong, and libphonenumber's numbering plans, which
 * scripts/phone-metadata.mjs slices for the shop's countries keyed by region code as the library reads
 * them (data, not a branch; the script's list is the one to extend).
 */
const EXEMPT = ['shared/countries/', 'shared/phone/mobile-metadata.ts'];
const CODES = 'KW|SA|KWD|SAR';
const PATTERNS = [
  // A quoted code: `country === 'KW'`, `z.enum(['KWD', 'SAR'])`, `formatDate(…, 'KW')`.
  new RegExp(`(['"\`])(?:${CODES})\\1`, 'g'),
  // A per-country key of a literal or a type: `{ KW: 3, SA: 2 }`.
  new RegExp(`(?<![\\w.$'"\`-])(?:${CODES})\\??\\s*:(?!:)`, 'g'),
  // A per-country property read: `COUNTRY_FACTS.KW.dialCode`.
  new RegExp(`\\.(?:${CODES})\\b`, 'g'),
];

const root = new URL('../../', import.meta.url);

function productFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(new URL(dir, root), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...productFiles(path));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Country or currency codes named in a source text, comments left out (they explain, they do not branch). */
function countryCodeMentions(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
  return PATTERNS.reduce((n, p) => n + (code.match(p)?.length ?? 0), 0);
}

function census(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const dir of ROOTS)
    for (const file of productFiles(dir)) {
      if (EXEMPT.some((e) => file.startsWith(e))) continue;
      const n = countryCodeMentions(readFileSync(new URL(file, root), 'utf8'));
      if (n > 0) counts.set(file, n);
    }
  return counts;
}

describe('branches on a country code', () => {
  it('counts quoted codes, per-country keys and property reads, not comments', () => {
    expect(countryCodeMentions(`if (c === 'KW') x = "SAR"; // 'SA' in a comment`)).toBe(2);
    expect(countryCodeMentions('const d = { KW: 3, SA: 2 }; const k = FACTS.KW.dial;')).toBe(3);
    expect(countryCodeMentions("const t = 'st_country_KW'; const s = 'KWD 15'; a ? KWx : 1")).toBe(0);
  });

  it('do not grow past the ceiling (lower it as branches move into the country modules)', () => {
    const counts = census();
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const worst = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([f, n]) => `${n} ${f}`)
      .join('\n');
    expect(
      total,
      `${total} places name a country or currency code (ceiling ${CEILING}); ask the country's module instead.\n${worst}`,
    ).toBeLessThanOrEqual(CEILING);
  });
});
