// Counted staff texts take the count's plural form in both languages: a one-marker test is "1 marker",
// Arabic's dual «مؤشرين», not "1 markers" or «2 مؤشرات»; an import line with two cells «خليتان».
import { describe, expect, it } from 'vitest';
import { staffTranslator } from './i18n';

const en = staffTranslator('en');
const ar = staffTranslator('ar');

describe('counted staff texts', () => {
  it("count a lab order's markers with the count's plural form", () => {
    expect(en.t('st_lab_awaiting_entry', { entered: '0', count: 1 })).toBe('Entry (0 of 1 marker)');
    expect(en.t('st_lab_awaiting_entry', { entered: '3', count: 12 })).toBe('Entry (3 of 12 markers)');
    expect([1, 2, 5, 12, 100].map((count) => ar.t('st_lab_awaiting_entry', { entered: '0', count }))).toEqual([
      'الإدخال (0 من مؤشر واحد)',
      'الإدخال (0 من مؤشرين)',
      'الإدخال (0 من 5 مؤشرات)',
      'الإدخال (0 من 12 مؤشرًا)',
      'الإدخال (0 من 100 مؤشر)',
    ]);
  });

  it("count an import line's cells as the API's problem gives them", () => {
    expect(en.tKey('import_cells_count', { count: 1, width: 12 })).toBe('This line has 1 cell; the header has 12.');
    expect(ar.tKey('import_cells_count', { count: 2, width: 12 })).toBe('في هذا السطر خليتان، وفي سطر العناوين 12.');
    expect(ar.tKey('import_cells_count', { count: 5, width: 12 })).toBe('في هذا السطر 5 خلايا، وفي سطر العناوين 12.');
  });

  it('count the points of the redeem rate the owner set, whatever it is', () => {
    expect(en.t('st_loyalty_rate_now', { count: 1, value: 'KWD 0.010' })).toBe('Now: 1 point = KWD 0.010');
    expect(en.t('st_report_rate', { count: 100, value: 'KWD 1.000' })).toBe('Redeem rate now: 100 points = KWD 1.000');
    expect([2, 5, 100].map((count) => ar.t('st_loyalty_rate_now', { count, value: 'X' }))).toEqual([
      'الآن: نقطتان = X',
      'الآن: 5 نقاط = X',
      'الآن: 100 نقطة = X',
    ]);
  });

  it("count an import's length limit and its lines as Arabic counts them", () => {
    // «200 حرفاً» and «5001 سطراً» took the form of 11–99 for hundreds and thousands.
    expect(ar.tKey('import_too_long', { count: 200 })).toBe('النص طويل: 200 حرف على الأكثر.');
    expect(ar.tKey('import_too_long', { count: 80 })).toBe('النص طويل: 80 حرفًا على الأكثر.');
    expect(en.tKey('import_too_long', { count: 200 })).toBe('Too long: at most 200 characters.');
    expect(ar.tKey('import_too_many_rows', { count: 5001, max: 5000 })).toMatch(/^في الملف 5,001 سطر،/);
  });
});
