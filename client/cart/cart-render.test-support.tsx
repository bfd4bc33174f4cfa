// The storefront around a cart part as its unit tests render it on the server: a Kuwaiti guest's boot
// data in a language, the app's providers and a router, and a cart holding one product at a chosen
// price. The free-delivery banner's, the unlock pop-up's, the product card's and the cart page's tests
// had each written this set-up out again; one copy keeps them rendering the same shop.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import { HOME_COUNTRY } from '#shared/countries/codes';
import type { Lang } from '#shared/locale';
import { AppProviders } from '../providers';
import { createSessionStore } from '../stores/session';
import { cart } from './cart-store';

/** A guest's boot data in the home country (Kuwait), no country row: the parts read come from its own defaults. */
export const kuwaitBoot = (lang: Lang) =>
  ({
    lang,
    origin: 'https://shop.test',
    css: [],
    texts: [],
    fallback: {},
    country: HOME_COUNTRY,
    user: null,
  }) as unknown as BootData;

/** Renders `part` on the server, in `lang`, inside the app's providers and a router. */
export function renderInShop(lang: Lang, part: ReactNode): string {
  return renderToStaticMarkup(
    <AppProviders
      boot={kuwaitBoot(lang)}
      api={{} as ApiClient}
      session={createSessionStore({ country: HOME_COUNTRY, user: null })}
    >
      <MemoryRouter>{part}</MemoryRouter>
    </AppProviders>,
  );
}

/** A loaded cart of one product (Vitamin D3, `count` of it) at `priceFils` each. */
export function fillCart(priceFils: number, count = 1): void {
  cart.items = {
    '101': {
      sku: { id: 101, name: '60', price: { price: priceFils, old_price: null }, buy_limit: null, in_stock: true },
      product: { id: 1, slug: 'd3', name: 'Vitamin D3', brand: { id: 1, name: 'Alpha' } },
      count,
      origin: { source: 'Cart' },
    },
  } as unknown as typeof cart.items;
  cart.loaded = true;
}

/** The cart as no test found it: the unit project shares modules between files (isolate: false). */
export function emptyCart(): void {
  cart.items = {};
  cart.loaded = false;
}
