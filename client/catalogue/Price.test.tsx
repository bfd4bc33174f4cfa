// A country switch shows no price in the wrong currency (issue 77, decision 77's amendment "no price in
// the wrong currency while switching"): the session's country changes at once, the page's data only when
// the new country's arrive. Until then a card keeps the place of its price and shows no amount, and a
// screen reader hears that the price is loading, in the page's language (issue 77's leftovers).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import type { ProductCard as Card } from '#shared/catalogue/types';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { provideDictionary } from '../i18n/context';
import { pendingPrice, PricesPending } from '../lib/locale';
import { AppProviders } from '../providers';
import { createSessionStore, type SessionState } from '../stores/session';
import { PricePending } from './PricePending';
import { ProductCard } from './ProductCard';
import { countryRow, productCard } from './test-cards';

provideDictionary('en', en);
provideDictionary('ar', ar);
// What the switch brings before any price is pending (client/stores/switch-country.test.ts checks it).
pendingPrice[0] = <PricePending key="pending" />;

const row = countryRow;

const bootIn = (lang: Lang) =>
  ({
    ...boot,
    lang,
  }) as BootData;

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
const card = (price: number): Card => productCard(price);

function render(session: SessionState, product: Card, ownDataPending = false, lang: Lang = 'en'): string {
  const shown = <ProductCard product={product} origin={{ source: 'Home Page' }} />;
  return renderToStaticMarkup(
    <AppProviders boot={bootIn(lang)} api={{} as ApiClient} session={session}>
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
    expect(renders[1]).toContain('Price loading');
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
    expect(html).toContain('Price loading');
    expect(render(session, card(7200))).toMatch(/AED\W72\.00/);
  });
});

describe('a pending price’s place', () => {
  // The mark is seen and not read; the words are read and not seen (a bare "…" reads as nothing).
  const place = (words: string) =>
    new RegExp(
      `<bdi class="price-now"><span aria-hidden="true">…</span><span class="visually-hidden">${words}</span></bdi>`,
    );

  it('says the price is loading, from the dictionaries, in English and in Arabic', () => {
    const session = createSessionStore({ country: 'KW', user: null });
    session.country = 'AE';
    expect(render(session, card(5750), false, 'en')).toMatch(place('Price loading'));
    expect(render(session, card(5750), false, 'ar')).toMatch(place('جارٍ تحميل السعر'));
  });

  it('says it where the card’s own data are the old country’s too', () => {
    const session = createSessionStore({ country: 'AE', user: null });
    expect(render(session, card(5750), true, 'ar')).toMatch(place('جارٍ تحميل السعر'));
  });
});
