// A refused coupon (issue 73): a forwarded reminder code the server reads as not valid says why beside
// the field, in both languages, and nothing offers to "remove" a code that was never applied.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { CouponForm } from './CouponForm';

provideDictionary('en', en);
provideDictionary('ar', ar);

const render = (lang: Lang, result: { code: string; applied: boolean; problem: string | null }) =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <CouponForm result={result} />
    </I18nProvider>,
  );

describe('a refused coupon', () => {
  it.each(['en', 'ar'] as const)('says why, with no control to remove it (%s)', (lang) => {
    const html = render(lang, { code: 'CART-ABCD2345', applied: false, problem: 'coupon_invalid' });
    expect(html).toContain((lang === 'en' ? en : ar).coupon_invalid);
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain('CART-ABCD2345</button>');
    expect(html.match(/<button/g)).toHaveLength(1);
  });

  it('offers to remove a code that was applied', () => {
    const html = render('en', { code: 'WELCOME10', applied: true, problem: null });
    expect(html).toContain('data-testid="coupon-remove"');
  });
});
