// The review step's points field and friend's code (issue 47): the field in the rules' steps up to
// what the order may take, its value and what the order earns, the server's problem next to the field;
// the invite page's cookie read back.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import type { CalculateResult } from '#shared/orders/types';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { createSessionStore, SessionContext } from '../stores/session';
import { referralFromCookie } from '#shared/loyalty/invite';
import { PointsControl, ReferralForm } from './CheckoutLoyalty';

provideDictionary('en', en);
provideDictionary('ar', ar);

const quote = (
  points: Partial<NonNullable<CalculateResult['points']>> | null,
  referral: CalculateResult['referral'] = null,
) =>
  ({
    currency: 'KWD',
    points: points && {
      balance: 1_250,
      max_points: 1_200,
      step_points: 100,
      step_value: 200,
      used: 1_200,
      discount: 2_400,
      earns: 46,
      problem: null,
      ...points,
    },
    referral,
  }) as unknown as CalculateResult;

const render = (lang: Lang, node: React.ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <SessionContext.Provider value={createSessionStore({ country: 'KW', user: null })}>
        {node}
      </SessionContext.Provider>
    </I18nProvider>,
  );

describe('the points field', () => {
  it('steps by the rules up to what the order may take, with its value and what the order earns', () => {
    const html = render('en', <PointsControl totals={quote({})} />);
    expect(html).toContain('You have 1,250 points.');
    expect(html).toMatch(/<input[^>]*type="number"[^>]*min="0"[^>]*max="1200"[^>]*step="100"/);
    expect(html).toContain('aria-describedby="checkout-points-hint"');
    expect(html).toContain('Use the most');
    expect(html).toContain('Up to 1,200 points on this order.');
    expect(html).toMatch(/Your points take [^<]*2\.400 off\./);
    expect(html).toContain('You will earn 46 points with this order.');
    expect(html).toContain('aria-live="polite"');
  });

  it('counts the step and the most it may take with real plural forms, in both languages', () => {
    // The owner may set any step (1 to 1,000,000): "In steps of 1 points" and «بخطوات من 2 نقطة» were
    // one sentence with the count dropped in.
    const hint = (lang: Lang, step: number, max: number) =>
      render(lang, <PointsControl totals={quote({ step_points: step, max_points: max })} />).match(
        /id="checkout-points-hint"[^>]*>([^<]*)</,
      )?.[1];
    expect(hint('en', 1, 1)).toMatch(/^One point at a time, each [^.]*\.[0-9]+ off\. Up to 1 point on this order\.$/);
    expect(hint('en', 100, 1_200)).toMatch(/^In steps of 100 points, .* Up to 1,200 points on this order\.$/);
    expect(hint('ar', 2, 2)).toMatch(/^بخطوات من نقطتين، .* حتى نقطتين في هذا الطلب\.$/);
    expect(hint('ar', 5, 10)).toMatch(/^بخطوات من 5 نقاط، .* حتى 10 نقاط في هذا الطلب\.$/);
    expect(hint('ar', 100, 1_200)).toMatch(/^بخطوات من 100 نقطة، .* حتى 1,200 نقطة في هذا الطلب\.$/);
  });

  it('shows the server’s problem next to the field, in Arabic too', () => {
    const html = render('ar', <PointsControl totals={quote({ problem: 'points_over_limit', used: 0, discount: 0 })} />);
    expect(html).toContain(ar.points_over_limit);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('ستكسب 46 نقطة من هذا الطلب.');
  });

  it('says when there is not enough to use, and is absent for a guest', () => {
    expect(
      render('en', <PointsControl totals={quote({ balance: 50, max_points: 0, used: 0, discount: 0 })} />),
    ).toContain(en.checkout_points_none_usable);
    expect(render('en', <PointsControl totals={quote(null)} />)).toBe('');
  });
});

describe('the friend’s code', () => {
  it('says what an applied code takes off, and why a refused one does not apply', () => {
    const applied = render(
      'en',
      <ReferralForm totals={quote(null, { code: 'NOURA7', applied: true, discount: 2_000, problem: null })} />,
    );
    expect(applied).toMatch(/Your friend’s code takes [^<]*2\.000 off\./);
    const refused = render(
      'ar',
      <ReferralForm
        totals={quote(null, { code: 'NOURA7', applied: false, discount: 0, problem: 'referral_same_device' })}
      />,
    );
    expect(refused).toContain(ar.referral_same_device);
  });

  it('reads the invite page’s cookie', () => {
    expect(referralFromCookie('lang=ar; ref=noura7; x=1')).toBe('NOURA7');
    expect(referralFromCookie('lang=ar')).toBeNull();
    expect(referralFromCookie('ref=%3Cscript%3E')).toBeNull();
  });
});
