// A country switch shows no price in the wrong currency (issue 77, decision 77's amendment "no price in
// the wrong currency while switching"): the session's country changes at once, the page's data only when
// the new country's arrive. Until then a card keeps the place of its price and shows no amount.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { Country } from '#shared/api/schemas';
import type { BootData } from '#shared/boot';
import type { ProductCard as Card } from '#shared/catalogue/types';
import { en } from '#shared/i18n/en';
import { provideDictionary } from '../i18n/context';
import { PricesPending } from '../lib/locale';
import { AppProviders } from '../providers';
import { createSessionStore, type SessionState } from '../stores/session';
import { ProductCard } from './ProductCard';

provideDictionary('en', en);

const row = (code: string, currency: string, decimals: number, rate: string): Country =>
  ({
    id: 1,
    name_en: code,
    name_ar: code,
    code,
    currency,
    decimals,
    exchange_rate: rate,
    is_default: false,
    vat_basis_points: 0,
    free_delivery_minor: 10_000,
    unlock_margin_minor: 1000,
  }) as unknown as Country;

const boot = {
  lang: 'en',
  origin: 'https://shop.test',
  css: [],
  texts: [],
  // The rows of /country as the page has them: both countries' (the switch reads them too).
  fallback: { '/country': { items: [row('KW', 'KWD', 3, '1.0000'), row('AE', 'AED', 2, '12.0000')] } },
  country: 'KW',
  user: null,
} as unknown as BootData;

/** A card as the API gives it in a country: Kuwait's 5.750 KWD, the Emirates' own 72.00 AED. */
const card = (price: number): Card => ({
  id: 1,
  slug: 'alpha-vitamin-d3-1000',
  name: 'Vitamin D3 1000 IU',
  images: [],
  brand: { id: 1, slug: 'alpha-labs', name: 'Alpha Labs' },
  category: { id: 11, slug: 'vitamins', name: 'Vitamins', color: '#123456' },
  default_sku: {
    id: 101,
    name: '60',
    price: { price, old_price: null },
    will_notify: false,
    buy_limit: null,
    in_stock: true,
  },
  free_delivery: false,
});

function render(session: SessionState, product: Card, ownDataPending = false): string {
  const shown = <ProductCard product={product} origin={{ source: 'Home Page' }} />;
  return renderToStaticMarkup(
    <AppProviders boot={boot} api={{} as ApiClient} session={session}>
      <MemoryRouter>{ownDataPending ? <PricesPending value={true}>{shown}</PricesPending> : shown}</MemoryRouter>
    </AppProviders>,
  );
}

describe('a price while the country switches', () => {
  it('shows no amount in the new currency until the new country’s data are on the page', () => {
    const session = createSessionStore({ country: 'KW', user: null });
    const renders = [render(session, card(5750))];
    expect(renders[0]).toContain('5.750');
    // The header's switch (client/stores/switch-country.ts): the next calls go to the Emirates, the
    // page still holds Kuwait's data.
    session.country = 'AE';
    renders.push(render(session, card(5750)));
    expect(renders[1]).not.toMatch(/AED\W57\.50/);
    expect(renders[1]).toContain('aria-busy="true"');
    // The Emirates' data arrive with the router's reload; the switch then shows their currency.
    renders.push(render(session, card(7200)));
    session.shown = 'AE';
    renders.push(render(session, card(7200)));
    expect(renders[3]).toContain('AED');
    expect(renders[3]).toContain('72.00');
    // Never Kuwait's amount read as dirhams, nor the Emirates' read as dinars, at any render.
    for (const html of renders) {
      expect(html).not.toContain('57.50');
      expect(html).not.toMatch(/KWD[^<]*7\.200/);
    }
  });

  it('keeps the prices of data the router does not reload (the cart’s lines) pending until they are the new country’s', () => {
    // The switch is done for the router's data; the cart's lines still hold Kuwait's prices.
    const session = createSessionStore({ country: 'AE', user: null });
    const html = render(session, card(5750), true);
    expect(html).not.toContain('57.50');
    expect(html).toContain('aria-busy="true"');
    expect(render(session, card(7200))).toMatch(/AED\W72\.00/);
  });
});
