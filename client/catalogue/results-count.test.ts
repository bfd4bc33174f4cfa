import { describe, expect, it } from 'vitest';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { resultsCountText } from './results-count';

describe('the listing count past the cap', () => {
  const tEn = createTranslator('en', en).t;
  const tAr = createTranslator('ar', ar).t;

  it('says "1,000+" in English and "more than 1,000" in Arabic, with Latin digits', () => {
    expect(resultsCountText(tEn, { total: 1000, total_capped: true })).toBe('1,000+ products');
    expect(resultsCountText(tAr, { total: 1000, total_capped: true })).toBe('أكثر من 1,000 منتج');
  });

  it('says the exact count below it', () => {
    expect(resultsCountText(tEn, { total: 1000 })).toBe('1,000 products');
    expect(resultsCountText(tAr, { total: 12, total_capped: false })).toBe('12 منتجًا');
  });
});
