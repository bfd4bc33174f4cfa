// Every visible string lives in both dictionaries: same keys, same parameters, no blanks; every counted
// text is a plural entry with exactly the categories of its language.
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../api/message-keys';
import type { Lang } from '../locale';
import { ar } from './ar';
import { catalogueAr } from './catalogue.ar';
import { catalogueEn } from './catalogue.en';
import { en } from './en';
import { createTranslator, type Dictionary } from './index';
import { isPlural, pluralCategories, type Entry } from './plural';
import { shellAr } from './shell.ar';
import { shellEn } from './shell.en';
import { staffTextsAr, staffTextsEn } from './staff-texts';

const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
/** Every text of an entry: itself, or each of its plural forms. */
const texts = (e: Entry): string[] =>
  isPlural(e) ? Object.values(e).filter((v): v is string => typeof v === 'string') : [e];
const dicts: Record<Lang, Dictionary> = { en, ar };
const keys = Object.keys(en) as (keyof typeof en)[];

/** Problems of one dictionary's counted texts: a missing or foreign category, a count in a plain text. */
function pluralProblems(lang: Lang, dict: Record<string, Entry>): string[] {
  const wanted = [...pluralCategories(lang)].sort();
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(dict)) {
    if (isPlural(entry)) {
      const has = Object.keys(entry).sort();
      if (has.join() !== wanted.join())
        problems.push(`${lang} ${key}: has ${has.join('/')}, needs ${wanted.join('/')}`);
    } else if (params(entry).includes('count')) {
      problems.push(`${lang} ${key}: a {{count}} in a plain text; make it a plural entry`);
    }
  }
  return problems;
}

describe('dictionaries', () => {
  it('have the same keys in English and Arabic', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no empty texts and the same parameters in both languages', () => {
    for (const key of keys) {
      for (const text of [...texts(en[key]), ...texts(ar[key])]) expect(text.trim(), key).not.toBe('');
      // A plural form may leave the number out ("منتج واحد"), never add a parameter the other form lacks.
      const other = (e: Entry) => params(isPlural(e) ? e.other : e);
      expect(other(ar[key]), key).toEqual(other(en[key]));
      for (const text of [...texts(en[key]), ...texts(ar[key])])
        for (const p of params(text)) expect(other(en[key]), key).toContain(p);
    }
  });

  it('give every counted text all the plural categories of its language, and only those', () => {
    expect(pluralProblems('en', en)).toEqual([]);
    expect(pluralProblems('ar', ar)).toEqual([]);
  });

  it('fail the plural check when a category is missing or a count sits in a plain text', () => {
    expect(pluralProblems('ar', { results_count: { one: 'منتج واحد', other: '{{count}} منتج' } })).toEqual([
      'ar results_count: has one/other, needs few/many/one/other/two/zero',
    ]);
    expect(pluralProblems('en', { cart_count: '{{count}} items in cart' })).toEqual([
      'en cart_count: a {{count}} in a plain text; make it a plural entry',
    ]);
    expect(
      pluralProblems('en', { cart_count: { zero: 'none', one: 'one item', other: '{{count}} items' } }),
    ).toHaveLength(1);
  });

  it('really translate: Arabic texts are written in Arabic script', () => {
    // Texts that are only symbols and parameters (e.g. '−{{percent}}') need no translation; a few
    // names are written in Latin script in Arabic too (the language switch's "English", Apple Pay, STC Pay).
    const keepLatin = new Set(['language_switch_to', 'card_apple_pay', 'card_stc_pay']);
    const latinOnly = keys.filter((k) =>
      texts(ar[k]).some(
        (s) => /[A-Za-z]/.test(s.replace(/\{\{\w+\}\}/g, '')) && !/[\u0600-\u06FF]/.test(s) && !keepLatin.has(k),
      ),
    );
    expect(latinOnly).toEqual([]);
  });

  it('hold the spec message keys and every API message key', () => {
    const spec = [
      'item_added_to_cart',
      'item_removed_from_cart',
      'items_added_to_cart',
      'link_copied',
      'wishlit_item_added_successfuly',
      'wishlist_item_edited_success_message',
      'wishlist_item_removed_success_message',
      'empty_wishlist_message',
      'sign_in',
      'sign_up',
      'mandatory-field',
      'item_validation_error',
      'min_chars_validation_error',
      'pass_match_validation_error',
      'validation_mandatory',
    ];
    // Every page's title: client/route-tree.test.ts (the pages are the client's).
    for (const key of [...spec, ...MESSAGE_KEYS]) {
      for (const lang of ['en', 'ar'] as const) expect(dicts[lang], `${lang} ${key}`).toHaveProperty([key]);
    }
    expect(en.no_result_found).toBe('No Result Found');
    expect(en.request_timeout).toBe('Looks like the server is taking to long to respond, please try again...');
  });

  it('translate with parameters through rosetta', () => {
    expect(createTranslator('en', en).t('cart_label')).toBe('Cart');
    expect(createTranslator('ar', ar).t('copyright', { year: 2026 })).toBe(
      '© 2026 خليج الفيتامينات. جميع الحقوق محفوظة.',
    );
  });

  it('never show an unknown key: tKey falls back to the generic error text', () => {
    expect(createTranslator('en', en).tKey('internal_error')).toBe(en.server_error);
    expect(createTranslator('ar', ar).tKey('Failed to fetch')).toBe(ar.server_error);
    expect(createTranslator('ar', ar).tKey('cart_empty')).toBe(ar.cart_empty);
  });

  it("keep what her places say when her parts could not load out of a catalogue page's first JavaScript", () => {
    // Her kept copy's boot data brings the words (decision 76, client/entry.server.tsx): in the shell's or
    // the catalogue's dictionary they would load before every home, listing and product page is interactive.
    for (const dict of [shellEn, shellAr, catalogueEn, catalogueAr])
      expect(dict).not.toHaveProperty('her_parts_failed');
    expect(en.her_parts_failed).toMatch(/could not load/);
    expect(ar.her_parts_failed).toMatch(/تعذّر/);
  });

  it('keep a product page\'s "not sold in your country" text out of a catalogue page\'s first JavaScript', () => {
    // client/catalogue/NotSoldHere.tsx loads it with its code (the orders area), only on a page that shows it.
    for (const dict of [shellEn, shellAr, catalogueEn, catalogueAr])
      expect(dict).not.toHaveProperty('product_not_sold_here');
    expect(en.product_not_sold_here).toMatch(/Not sold in your country/);
    expect(ar.product_not_sold_here).toMatch(/غير متوفر للبيع/);
  });
});

describe('counted texts', () => {
  const en_ = createTranslator('en', en);
  const ar_ = createTranslator('ar', ar);
  const arabic = (key: 'results_count' | 'years_experience' | 'cart_count', n: number) => ar_.t(key, { count: n });

  it('take English one/other', () => {
    expect(en_.t('results_count', { count: 1 })).toBe('1 product');
    expect(en_.t('results_count', { count: 0 })).toBe('0 products');
    expect(en_.t('results_count', { count: 1234 })).toBe('1,234 products');
    expect(en_.t('years_experience', { count: 1 })).toBe('1 year of experience');
    expect(en_.t('years_experience', { count: 14 })).toBe('14 years of experience');
    expect(en_.t('cart_count', { count: 1 })).toBe('1 item in cart');
  });

  it('take the six Arabic categories with their grammar', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 101, 103, 1234].map((n) => arabic('results_count', n))).toEqual([
      'لا توجد منتجات',
      'منتج واحد',
      'منتجان',
      '3 منتجات',
      '10 منتجات',
      '11 منتجًا',
      '99 منتجًا',
      '100 منتج',
      '101 منتج',
      '103 منتجات',
      '1,234 منتجًا',
    ]);
    expect(arabic('years_experience', 14)).toBe('خبرة 14 سنة');
    expect(arabic('years_experience', 5)).toBe('خبرة 5 سنوات');
    expect(arabic('years_experience', 2)).toBe('خبرة سنتين');
    expect(arabic('cart_count', 1)).toBe('منتج واحد في السلة');
  });

  it('count the points step an owner sets, whatever it is: 1, 2, 5 or 100 points', () => {
    // The step is the owner's (1 to 1,000,000); "Every 1 points" and «كل 5 نقطة» were one sentence once.
    const value = 'KWD 0.200';
    expect(en_.t('points_how_spend', { count: 1, value })).toBe(
      'Every point takes KWD 0.200 off an order at checkout.',
    );
    expect(en_.t('points_how_spend', { count: 100, value })).toBe(
      'Every 100 points take KWD 0.200 off an order at checkout.',
    );
    expect([1, 2, 5, 100].map((count) => ar_.t('points_how_spend', { count, value }))).toEqual([
      'كل نقطة تخصم KWD 0.200 من الطلب عند الدفع.',
      'كل نقطتين تخصمان KWD 0.200 من الطلب عند الدفع.',
      'كل 5 نقاط تخصم KWD 0.200 من الطلب عند الدفع.',
      'كل 100 نقطة تخصم KWD 0.200 من الطلب عند الدفع.',
    ]);
  });

  it('count the products a toast added: «منتجين» for two, «3 منتجات», «11 منتجًا»', () => {
    expect([2, 5].map((count) => en_.t('items_added_to_cart', { count }))).toEqual([
      '2 items added to cart',
      '5 items added to cart',
    ]);
    expect([2, 3, 11, 100].map((count) => ar_.t('items_added_to_cart', { count }))).toEqual([
      'تمت إضافة منتجين إلى السلة',
      'تمت إضافة 3 منتجات إلى السلة',
      'تمت إضافة 11 منتجًا إلى السلة',
      'تمت إضافة 100 منتج إلى السلة',
    ]);
  });

  it('count length limits: "at least 8 characters", "يجب ألا يقل عن 8 أحرف", "80 حرفًا"', () => {
    expect(en_.t('min_chars_validation_error', { count: 8 })).toBe('Must be at least 8 characters');
    expect(ar_.t('min_chars_validation_error', { count: 8 })).toBe('يجب ألا يقل عن 8 أحرف');
    expect(ar_.t('min_chars_validation_error', { count: 2 })).toBe('يجب ألا يقل عن حرفين');
    expect(ar_.t('max_chars_validation_error', { count: 80 })).toBe('يجب ألا يزيد على 80 حرفًا');
    expect(ar_.t('max_chars_validation_error', { count: 2000 })).toBe('يجب ألا يزيد على 2,000 حرف');
  });

  it('take the number itself as count (the typecheck refuses a formatted string)', () => {
    // @ts-expect-error a counted entry needs a numeric count to pick its form
    expect(en_.t('results_count', { count: '1' })).toBe('1 products');
    // @ts-expect-error a counted entry needs its count
    expect(typeof ar_.t('results_count')).toBe('string');
  });

  it('give the raw template of the count for rich content', () => {
    expect(ar_.raw('results_count', 2)).toBe('منتجان');
    expect(en_.raw('results_count')).toBe('{{count}} products');
  });
});

describe('the countries as texts say them', () => {
  // The shop sells in a list of countries that grows by configuration (decision 77): no text, the
  // shopper's or staff's, may count them as two ("Both countries" beside three, in the offer's country).
  // Arabic's dual forms say "two" by themselves; its plural «البلدان» (countries) is fine.
  const TWO = /\b(both|either|two) countries\b|\bboth countries'|الدولتان|الدولتين|البلدين|كلا البلد|كلتا الدولت/i;

  it('never counts the shop’s countries as two, in either language', async () => {
    const { staffTextsAr, staffTextsEn } = await import('./staff-texts');
    const found: string[] = [];
    for (const [name, dict] of Object.entries({ en, ar, staffTextsEn, staffTextsAr }))
      for (const [key, entry] of Object.entries(dict as Record<string, Entry>))
        for (const text of texts(entry)) if (TWO.test(text)) found.push(`${name}.${key}: ${text}`);
    expect(found).toEqual([]);
  });

  it("never gives one country's closed weekday as every country's", async () => {
    // Kuwait and Saudi Arabia have no home visits on Fridays, the Emirates on Saturdays and Sundays
    // (each country's noHomeVisits): the lab's capacity page once said "Fridays are always closed".
    const { staffTextsAr, staffTextsEn } = await import('./staff-texts');
    expect(staffTextsEn.st_lab_capacity_intro).not.toMatch(/Friday/);
    expect(staffTextsAr.st_lab_capacity_intro).not.toMatch(/الجمعة/);
  });

  it('name no two countries as if they were all the shop sells in (a country’s own text is a key of its own)', () => {
    // A text that names two of the countries ("8 digits in Kuwait, 9 in Saudi Arabia", "Kuwait and
    // Riyadh time") is wrong the day a third opens; each country's fact is a key of its own (`_KW`).
    const countries = [/Kuwait|الكويت/, /Saudi|Riyadh|السعودي|الرياض/, /Emirates|Dubai|الإمارات|دبي/];
    const found: string[] = [];
    for (const [lang, dict] of Object.entries({ en, ar, staffEn: staffTextsEn, staffAr: staffTextsAr }))
      for (const [key, entry] of Object.entries(dict as Record<string, Entry>))
        for (const text of texts(entry))
          if (!/_(KW|SA|AE)$/i.test(key) && countries.filter((c) => c.test(text)).length > 1)
            found.push(`${lang} ${key}: ${text.slice(0, 80)}`);
    expect(found).toEqual([]);
  });
});
