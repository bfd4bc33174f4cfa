// The return-policy page states the return window the product pages give search engines
// (shared/orders/merchant-policy.ts), in both languages.
import { describe, expect, it } from 'vitest';
import { RETURN_WINDOW_DAYS } from '#shared/orders/merchant-policy';
import { staticPagesAr } from './static-pages.ar';
import { staticPagesEn } from './static-pages.en';

describe('return-policy page', () => {
  it('states the return window, in English and Arabic', () => {
    for (const page of [staticPagesEn['return-policy'], staticPagesAr['return-policy']]) {
      const text = [page.intro, ...page.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');
      expect(text).toMatch(new RegExp(`\\b${RETURN_WINDOW_DAYS} (days|يوماً)`));
    }
  });
});
