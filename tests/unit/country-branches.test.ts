// A country is data (issue 77, decision 77): what differs between the shop's countries lives in the
// country modules (shared/countries/), and code asks the country for it instead of asking which country
// it is. This test finds every place in product code (api/src, worker, client, shared, staff) that still
// names a country or currency code outside the country modules, the dictionaries (texts, one key a
// country), the generated phone metadata, the seed data and the tests, and fails on any beyond the
// ceiling below, listing each with its file and line. At a ceiling of 0 it is the issue's "fails if any
// code path branches on a country code".
//
// Comments are left out (they explain, they do not branch), found by parsing each file with oxc: a
// regular expression cannot tell `'image/*'` from the start of a comment. A place is one occurrence of a
// code, however many of the shapes below it has.
import { readdirSync, readFileSync } from 'node:fs';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, CURRENCY_CODES } from '#shared/countries';
import { core as qatar, QA } from '../fixtures/countries/qa/country';

/**
 * Nothing remains: the catalogue file's price columns are generated from the registry (decision 77's
 * amendment "a country's own prices"). Never raise it: add the fact to the country's module instead.
 */
const CEILING = 0;

const ROOTS = ['api/src', 'worker', 'client', 'shared', 'staff'];
/**
 * The country modules themselves, where the codes belong, and libphonenumber's numbering plans, which
 * scripts/phone-metadata.mjs slices for the shop's countries keyed by region code as the library reads
 * them (data, not a branch; the script's list is the one to extend).
 */
const EXEMPT = ['shared/countries/', 'shared/phone/mobile-metadata.ts'];
/** Dictionaries (`*.en.ts`, `*.ar.ts`): a text a country is a key ending in its code (`country_KW`). */
const TEXTS = /\.(en|ar)\.ts$/;

/**
 * Every served country's and currency's code, so a country added to the registry is looked for too, and
 * the fixture country's (tests/fixtures/countries/qa): its test (api-country-fixture) cannot catch a
 * branch that names the fixture's own code, so this one does.
 */
const COUNTRIES = [...COUNTRY_CODES, QA];
const CODES = [...COUNTRIES, ...CURRENCY_CODES, qatar.currency].join('|');
const LOWER = CODES.toLowerCase();
const LOWER_COUNTRIES = COUNTRIES.join('|').toLowerCase();
/** Shapes of a code in code (strings included), each match's code being the place. */
const PATTERNS = [
  // Quoted, alone or in a list: `country === 'KW'`, `case 'SA':`, `z.enum(['KWD', 'SAR'])`, SQL's
  // `country = 'SA'` in a template, `.default('KW,SA')`.
  new RegExp(`(?<=['"\`,])(?:${CODES})(?=[,'"\`])`, 'g'),
  // A per-country key of a literal or a type: `{ KW: 3, SA: 2 }`.
  new RegExp(`(?<![\\w.$'"\`-])(?:${CODES})\\??\\s*:(?!:)`, 'g'),
  // A per-country property read: `COUNTRY_FACTS.KW.dialCode`, `row?.SA`.
  new RegExp(`\\.(?:${CODES})\\b`, 'g'),
  // Part of a name or a text key: `min_subtotal_SA`, `ARAMEX_KW_ACCOUNT_PIN`, `KW_WEIGHTS`, `'bt_id_KW'`.
  new RegExp(`(?<=[A-Za-z0-9]_)(?:${CODES})(?![A-Za-z0-9])|(?<![A-Za-z0-9$])(?:${CODES})_(?=[A-Za-z0-9])`, 'g'),
  // Lower case in a key or a path: `'coupon_for_kw'`, `value_sa`, `'/sa/'` (not a vendor's `src_kw.knet`).
  new RegExp(`(?<=[a-z0-9]_)(?:${LOWER_COUNTRIES})\\b(?!\\.)|(['"\`/])(?:${LOWER})\\1`, 'g'),
  // A locale's region: `'ar_KW'`, `${lang}-KW-u-ca-gregory`.
  new RegExp(`(?<=\\b(?:ar|en)[-_]|\\}[-_])(?:${COUNTRIES.join('|')})\\b`, 'g'),
  // A regular expression's alternative or an XML element's text: `/^(KWD|SAR)$/`, `<cbc:…>SA</cbc:…>`.
  new RegExp(`(?<=[(|])(?:${CODES})(?=\\|)|(?<=\\|)(?:${CODES})(?=[|)])|(?<=>)(?:${CODES})(?=<)`, 'g'),
];
/** A bare code outside strings: a name (`const { KW } = …`, `KW.dial`) or a page's text (`<p>KWD</p>`). */
const BARE = new RegExp(`(?<![\\w$])(?:${CODES})(?![\\w$])`, 'g');

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

type Span = { start: number; end: number };

/** The spans of string literals and template texts, for the bare-code search (a code in a string is found by PATTERNS). */
function stringSpans(node: unknown, out: Span[]): Span[] {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const n of node) stringSpans(n, out);
    return out;
  }
  const n = node as { type?: string; value?: unknown; start: number; end: number };
  if ((n.type === 'Literal' && typeof n.value === 'string') || n.type === 'TemplateElement') out.push(n);
  for (const key in n) if (key !== 'parent') stringSpans((n as Record<string, unknown>)[key], out);
  return out;
}

/** The text with these spans blanked (newlines kept, so offsets and lines stay where they were). */
const blank = (text: string, spans: readonly Span[]) => {
  const chars = text.split('');
  for (const { start, end } of spans) for (let i = start; i < end; i++) if (chars[i] !== '\n') chars[i] = ' ';
  return chars.join('');
};

interface Place {
  line: number;
  text: string;
}

/** Every place a source names a country or currency code, comments left out; throws if it does not parse. */
function countryCodePlaces(source: string, name = 'source.tsx'): Place[] {
  // Most files name no code even with their comments and strings: those need no parse (blanking comments
  // and strings only ever removes matches).
  if (!PATTERNS.some((p) => new RegExp(p).test(source)) && !new RegExp(BARE).test(source)) return [];
  const parsed = parseSync(name, source);
  if (parsed.errors.length) throw new Error(`${name}: ${parsed.errors[0]!.message}`);
  const code = blank(source, parsed.comments);
  const identifiers = blank(code, stringSpans(parsed.program, []));
  const offsets = new Set<number>();
  for (const pattern of PATTERNS)
    for (const m of code.matchAll(pattern)) offsets.add(m.index + m[0].search(new RegExp(CODES, 'i')));
  for (const m of identifiers.matchAll(BARE)) offsets.add(m.index);
  const lines = source.split('\n');
  return [...offsets]
    .sort((a, b) => a - b)
    .map((offset) => {
      const line = source.slice(0, offset).split('\n').length;
      return { line, text: lines[line - 1]!.trim().slice(0, 120) };
    });
}

function census(): string[] {
  const places: string[] = [];
  for (const dir of ROOTS)
    for (const file of productFiles(dir)) {
      if (EXEMPT.some((e) => file.startsWith(e)) || TEXTS.test(file)) continue;
      for (const p of countryCodePlaces(readFileSync(new URL(file, root), 'utf8'), file))
        places.push(`${file}:${p.line}: ${p.text}`);
    }
  return places;
}

describe('branches on a country code', () => {
  const count = (source: string) => countryCodePlaces(source).length;

  it('finds a code in every shape a branch takes', () => {
    for (const source of [
      "if (c === 'KW') x = 1;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text the detector reads
      'const s = `${c === "SA" ? 1 : 2}`;',
      "switch (c) { case 'SA': break; }",
      "const q = `SELECT value FROM coupon_amounts WHERE country = 'SA'`;",
      'const d = { KW: 3 };',
      'type T = { SA?: number };',
      'const k = FACTS.KW.dial;',
      'const k = row?.SA;',
      'const f = input.min_subtotal_SA;',
      'const w = KW_WEIGHTS[0];',
      'const n = config.ARAMEX_KW_ACCOUNT_PIN;',
      "const label = t('bt_id_KW');",
      "const p = ['coupon_for_kw'];",
      'const v = c.value_sa;',
      "const u = '/sa/';",
      "const l = lang === 'ar' ? 'ar_KW' : 'x';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text the detector reads
      'const f = new Intl.DateTimeFormat(`${lang}-KW-u-ca-gregory`);',
      'const ok = /^(KWD|USD)$/.test(v);',
      "const x = '<cbc:IdentificationCode>SA</cbc:IdentificationCode>';",
      'const { KW } = TABLE;',
      'const p = <p>KWD</p>;',
      // A comment's opening inside a string hid everything up to the next `*/` from a regular expression.
      "const a = 'image/*'; if (c === 'KW') go(); /* why */",
      // The fixture country's code and currency, which no registry of the shop lists.
      "if (c === 'QA') x = 1;",
      "const qar = currency === 'QAR';",
    ])
      expect(count(source), source).toBe(1);
    expect(count("const d = { KW: 3, SA: 2 }; if (c === 'KWD') f(FACTS.SA);")).toBe(4);
    expect(count("const list = env.COUNTRIES ?? 'KW,SA';")).toBe(2);
  });

  it('leaves out comments, texts that only mention a code, and codes inside other words', () => {
    for (const source of [
      "// if (c === 'KW')\nconst a = 1;",
      "/* 'SA' */ const a = 1;",
      "const p = <p>{/* 'KW' */}x</p>;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a source text the detector reads
      "const k = `st_country_${c}`; const s = 'prices in KWD 15'; const y = a ? KWx : SAy;",
      "const alg = 'AES-KW'; const tap = 'src_kw.knet';",
      "const url = 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core';",
    ])
      expect(count(source), source).toBe(0);
  });

  it(`do not pass the ceiling (${CEILING}), and the ceiling follows them down`, () => {
    const places = census();
    const list = places.join('\n');
    expect(
      places.length,
      `${places.length} places name a country or currency code (ceiling ${CEILING}); ask the country's module instead:\n${list}`,
    ).toBeLessThanOrEqual(CEILING);
    // A ratchet: what was converted stays converted.
    expect(places.length, `${places.length} places now: lower CEILING to ${places.length}.\n${list}`).toBe(CEILING);
  });
});
