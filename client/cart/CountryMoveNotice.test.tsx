// The notice of a cart moved between countries (issue 77) as rendered in both languages: the new
// country and currency, what was dropped with a real plural form (Arabic's dual too), the old
// country's coupon, and, signed in, that her balances stay in the old country.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { provideDictionary } from '../i18n/context';
import { AppProviders } from '../providers';
import { createSessionStore } from '../stores/session';
import { countryMove } from './country-move';
import { CountryMoveNotice } from './CountryMoveNotice';

provideDictionary('en', en);
provideDictionary('ar', ar);

function render(lang: Lang, signedIn: boolean): string {
  const boot = { lang, origin: 'https://shop.test', css: [], texts: [], fallback: {}, country: 'SA', user: null };
  const user = signedIn ? ({ id: 1, name: 'Noura' } as never) : null;
  return renderToStaticMarkup(
    <AppProviders
      boot={boot as unknown as BootData}
      api={{} as ApiClient}
      session={createSessionStore({ country: 'SA', user })}
    >
      <CountryMoveNotice />
    </AppProviders>,
  );
}

// The unit project shares modules between files (isolate: false): another file may have left a move in
// the store, so each test starts from none as well as leaving none.
const noMove = () => Object.assign(countryMove, { from: null, dropped: [], coupon: null });
beforeEach(noMove);
afterEach(noMove);

describe('CountryMoveNotice', () => {
  it('says nothing when the cart has not moved and nothing was dropped', () => {
    expect(render('en', false)).toBe('');
  });

  it('says what the move to Saudi Arabia changed, in English', () => {
    Object.assign(countryMove, {
      from: 'KW',
      dropped: [{ sku_id: 1036, name: 'Coeliac screen', kind: 'blood_test' }],
      coupon: 'KUWAIT10',
    });
    const html = render('en', true);
    expect(html).toContain('Your cart is now for Saudi Arabia: prices, VAT and delivery are in');
    expect(html).toContain('One item was removed from your cart because it is not sold in Saudi Arabia:');
    expect(html).toContain('<li>Coeliac screen</li>');
    expect(html).toContain('The coupon KUWAIT10 is for Kuwait only, so it was removed.');
    expect(html).toContain('Your points and wallet balance in Kuwait stay there');
    // A guest has no balances to speak of.
    expect(render('en', false)).not.toContain('wallet balance');
  });

  it('counts what was dropped with the Arabic plural forms', () => {
    countryMove.from = 'KW';
    countryMove.dropped = [
      { sku_id: 1036, name: 'فحص', kind: 'blood_test' },
      { sku_id: 63, name: 'فيتامين سي', kind: 'product' },
    ];
    expect(render('ar', false)).toContain('حُذف منتجان من سلتك لأنهما لا يُباعان في السعودية:');
    countryMove.dropped = [1, 2, 3].map((n) => ({ sku_id: n, name: `منتج ${n}`, kind: 'product' as const }));
    expect(render('ar', false)).toContain('حُذفت 3 منتجات من سلتك لأنها لا تُباع في السعودية:');
  });
});
