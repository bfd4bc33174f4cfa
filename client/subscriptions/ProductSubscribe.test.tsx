// The product page's subscribe-and-save choice as rendered: once a frequency is chosen it shows the price
// a delivery costs at the subscription discount and the saving, as the cart will price the line (the
// same rounding: the discount on the base price, then the shopper's currency and VAT), in both
// languages and both countries.
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import type { Country } from '#shared/api/schemas';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { CountryCode, Lang } from '#shared/locale';
import { cart } from '../cart/cart-store';
import { provideDictionary } from '../i18n/context';
import { AppProviders } from '../providers';
import { createSessionStore } from '../stores/session';
import PayLaterNote from '../orders/PayLaterNote';
import { currencyInfoOf } from '#shared/money';
import type { HerSubscription } from '#shared/subscriptions/types';
import ProductSubscribe, { payLaterPlace } from './ProductSubscribe';

provideDictionary('en', en);
provideDictionary('ar', ar);

const countries = {
  items: [
    { id: 1, code: 'KW', currency: 'KWD', decimals: 3, exchange_rate: '1.0000', vat_basis_points: 0 },
    { id: 2, code: 'SA', currency: 'SAR', decimals: 2, exchange_rate: '12.2000', vat_basis_points: 1500 },
  ] as unknown as Country[],
};

function render(lang: Lang, country: CountryCode, every: string | null, count = 1, mine?: HerSubscription[]): string {
  cart.items = {
    '101': {
      sku: { id: 101, name: '60', price: { price: 4000, old_price: null }, buy_limit: null, in_stock: true },
      product: { id: 1, slug: 'd3', name: 'Vitamin D3', brand: { id: 1, name: 'Alpha' } },
      count,
      origin: { source: 'Product Page' },
      ...(every ? { every } : {}),
    },
  } as unknown as typeof cart.items;
  cart.loaded = true;
  const boot = { lang, origin: 'https://shop.test', css: [], texts: [], fallback: { '/country': countries }, country };
  return renderToStaticMarkup(
    <AppProviders
      boot={boot as unknown as BootData}
      api={{} as ApiClient}
      session={createSessionStore({ country, user: null })}
    >
      <StaticRouter location={lang === 'ar' ? '/ar/products/d3' : '/products/d3'}>
        <ProductSubscribe
          value={JSON.stringify({ sku: 101, price: 4000, discount: 10, offered: ['1m', '2m', '3m'] })}
          mine={mine}
        />
      </StaticRouter>
    </AppProviders>,
  );
}

afterEach(() => {
  cart.items = {};
  cart.loaded = false;
});

describe('ProductSubscribe', () => {
  it('shows no subscription price while delivering once', () => {
    expect(render('en', 'KW', null)).not.toContain('data-testid="subscribe-price"');
  });

  it.each([
    // KWD 4.000 less 10 %: KWD 3.600, a saving of 0.400, as the cart shows.
    ['en', 'KW', 1, 'KWD 3.600 a delivery', 'You save KWD 0.400'],
    // Two units a delivery.
    ['en', 'KW', 2, 'KWD 7.200 a delivery', 'You save KWD 0.800'],
    // Saudi Arabia: 3.600 × 12.2 with 15 % VAT = SAR 50.51; the one-time 56.12; saving 5.61.
    ['en', 'SA', 1, 'SAR 50.51 a delivery', 'You save SAR 5.61'],
  ] as const)(
    'shows the price a delivery and the saving once a frequency is chosen (%s, %s, ×%s)',
    (lang, country, count, price, saving) => {
      // Intl writes a no-break space between the currency and the amount.
      const html = render(lang, country, '2m', count).replace(/\u00a0/g, ' ');
      expect(html).toContain('data-testid="subscribe-price"');
      expect(html).toContain(price);
      expect(html).toContain(saving);
    },
  );

  it('shows a signed-in shopper her own subscription to the size instead of the choice, at her price', () => {
    const mine: HerSubscription[] = [
      { sku_id: 102, every: '1m', count: 1, next_date: '2026-12-01', status: 'active' },
      { sku_id: 101, every: '2m', count: 3, next_date: '2026-12-20', status: 'paused' },
    ];
    const html = render('en', 'KW', null, 1, mine).replace(/\u00a0/g, ' ');
    expect(html).toContain('data-testid="subscribe-mine"');
    expect(html).not.toContain('data-testid="subscribe-every"');
    expect(html).toContain('Your subscription: Every 2 months');
    expect(html).toContain('Paused');
    // Three units at KWD 4.000 less 10 %: KWD 10.800 a delivery; when the next one comes.
    expect(html).toContain('KWD 10.800 a delivery');
    expect(html).toContain('Next delivery: Dec 20, 2026');
    expect(html).toContain('href="/profile/subscriptions"');
    // Another size's subscription is not this one's: the choice.
    const other = render('ar', 'KW', null, 1, [mine[0]!]);
    expect(other).toContain('data-testid="subscribe-every"');
    expect(other).not.toContain('data-testid="subscribe-mine"');
    expect(render('ar', 'KW', null, 1, mine)).toContain('href="/ar/profile/subscriptions"');
  });

  it('says it in Arabic', () => {
    const html = render('ar', 'KW', '1m');
    expect(html).toContain('data-testid="subscribe-price"');
    expect(html).toMatch(/3\.600/);
    expect(html).toMatch(/0\.400/);
    expect(html).toContain('للتوصيلة');
  });
});

describe('the product page’s pay-later note beside subscribe and save', () => {
  const SA = currencyInfoOf(countries.items[1]!);
  const note = (minor: number, subscribing: boolean) => {
    const boot = {
      lang: 'en',
      origin: 'https://shop.test',
      css: [],
      texts: [],
      fallback: { '/country': countries },
      country: 'SA',
    };
    return renderToStaticMarkup(
      <AppProviders
        boot={boot as unknown as BootData}
        api={{} as ApiClient}
        session={createSessionStore({ country: 'SA', user: null })}
      >
        <PayLaterNote minor={minor} subscribing={subscribing} />
      </AppProviders>,
    ).replace(/\u00a0/g, ' ');
  };

  it('quotes the one-time price while she buys once', () => {
    const place = payLaterPlace(4000, 10, null, SA);
    expect(place).toEqual({ minor: 5612, subscribing: false });
    expect(note(place.minor, place.subscribing)).toContain('SAR 14.03');
  });

  it('never quotes the one-time price once she chose subscribe and save: the subscription’s, under its rule', () => {
    const place = payLaterPlace(4000, 10, '2m', SA);
    // SAR 50.51 a delivery, as the subscription price beside it says; a subscribing cart pays with a
    // kept card (the review step's rule), so the note offers no pay-later plan for it.
    expect(place).toEqual({ minor: 5051, subscribing: true });
    const html = note(place.minor, place.subscribing);
    expect(html).not.toContain('14.03');
    expect(html).toBe('');
  });
});
