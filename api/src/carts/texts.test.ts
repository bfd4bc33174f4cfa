// A cart reminder's "and N more" with each language's plural forms, from the orders dictionary: Arabic's
// one, two, 3–10, 11–99 and hundreds (103 takes the 3–10 form, 100 the singular).
import { describe, expect, it } from 'vitest';
import { type ReminderLine, reminderMail, reminderPush } from './texts';

const lines = (n: number): ReminderLine[] => Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, count: 1 }));
const pushBody = (lang: 'en' | 'ar', others: number) => reminderPush(lang, lines(others + 1)).body;

describe('a cart reminder', () => {
  it('counts the other lines of the push in English', () => {
    expect(pushBody('en', 0)).toBe('P1');
    expect(pushBody('en', 1)).toBe('P1 and 1 more item');
    expect(pushBody('en', 3)).toBe('P1 and 3 more items');
  });

  it('counts them with Arabic’s plural forms', () => {
    expect([1, 2, 3, 10, 11, 99, 100, 102, 103, 110].map((n) => pushBody('ar', n))).toEqual([
      'P1 ومنتج آخر',
      'P1 ومنتجان آخران',
      'P1 و3 منتجات أخرى',
      'P1 و10 منتجات أخرى',
      'P1 و11 منتجًا آخر',
      'P1 و99 منتجًا آخر',
      'P1 و100 منتج آخر',
      'P1 و102 منتج آخر',
      'P1 و103 منتجات أخرى',
      'P1 و110 منتجات أخرى',
    ]);
  });

  it('lists four lines in the mail, then how many more', () => {
    const mail = (lang: 'en' | 'ar', n: number) =>
      reminderMail({
        lang,
        country: 'KW',
        step: 1,
        lines: lines(n),
        restoreUrl: 'https://shop.test/r',
        stopUrl: 'https://shop.test/s',
        incentive: null,
      }).text;
    expect(mail('en', 5)).toContain('• P4\n• and 1 more item\n');
    expect(mail('ar', 107)).toContain('• P4\n• و103 منتجات أخرى\n');
  });
});
