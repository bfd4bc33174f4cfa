// The totals of an order with points and a friend's discount (issue 47): their own lines, the points
// counted with the language's grouping, in both languages; none without them.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { createSessionStore, SessionContext } from '../stores/session';
import { Totals } from './Totals';

provideDictionary('en', en);
provideDictionary('ar', ar);

const totals = {
  currency: 'KWD',
  subtotal: 25_000,
  before_discount: 25_000,
  discount: 0,
  referral_discount: 2_000,
  points_used: 1_200,
  points_discount: 2_400,
  delivery: 0,
  vat: 0,
  total: 20_600,
  wallet_used: 0,
  due: 20_600,
};

const render = (lang: Lang, t: typeof totals) =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <SessionContext.Provider value={createSessionStore({ country: 'KW', user: null })}>
        <Totals totals={t} />
      </SessionContext.Provider>
    </I18nProvider>,
  );

describe('totals with points and a friend’s discount', () => {
  it('show each as its own line', () => {
    const html = render('en', totals);
    expect(html).toMatch(/Friend’s discount<\/dt><dd>−<bdi>[^<]*2\.000/);
    expect(html).toMatch(/Points \(1,200\)<\/dt><dd>−<bdi>[^<]*2\.400/);
    const arabic = render('ar', totals);
    expect(arabic).toContain('خصم الصديق');
    expect(arabic).toContain('النقاط (1,200)');
  });

  it('show neither without them', () => {
    const html = render('en', { ...totals, referral_discount: 0, points_used: 0, points_discount: 0 });
    expect(html).not.toContain('Friend’s discount');
    expect(html).not.toContain('Points');
  });
});
