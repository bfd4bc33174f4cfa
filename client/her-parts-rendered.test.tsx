// Her places rendered for her (decision 76) are kept as rendered per country list, place and what the
// place renders from (client/entry.server.tsx): her account link of her details, her sections of
// themselves, bought together of its product and gated list (the same bytes for every shopper with that
// list). What it must never do: give one shopper what was rendered for another, a place rendered for
// another state of her parts, or a price in another country's currency, language or list of rates.
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { Country } from '#shared/api/schemas';
import type { BootData } from '#shared/boot';
import type { ProductCard as Card } from '#shared/catalogue/types';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { CountryCode, Lang } from '#shared/locale';
import { renderHerParts } from './entry.server';
import type { HomeSection } from './lib/catalogue';
import { provideDictionary, provideTextSource, wholeDictionaries } from './i18n/context';
import { countryRow, productCard } from './catalogue/test-cards';

provideDictionary('en', en);
provideDictionary('ar', ar);
// The server's entry gives the server's texts (each page's areas) as it loads; the unit files after this
// one in the same worker render with the whole dictionaries again.
afterAll(() => provideTextSource(wholeDictionaries));

const row = (code: string, currency: string, decimals: number) =>
  ({ ...countryRow(code, currency, decimals), is_default: code === 'KW' }) as Country;

const LIST = [row('KW', 'KWD', 3), row('SA', 'SAR', 2)];

const card = (id: number, name: string, price: number): Card => productCard(price, { id, slug: `product-${id}`, name });

const MAGNESIUM = card(5, 'Magnesium Glycinate', 4250);
const ZINC = card(6, 'Zinc Picolinate', 3100);

function fill(
  cards: Card[],
  {
    lang = 'en',
    country = 'KW',
    list = LIST,
    name = 'Noura',
    forYou,
    state = 'here',
    product = 1,
    url = 'https://shop.test/products/alpha-vitamin-d3-1000',
    config = { environment: 'test', sentryDsn: '', analytics: { mode: 'off', consentCountries: [] } },
  }: {
    lang?: Lang;
    country?: CountryCode;
    list?: Country[];
    name?: string;
    forYou?: HomeSection[];
    state?: 'here' | 'failed';
    product?: number | null;
    url?: string;
    config?: BootData['config'];
  } = {},
): string {
  const user = { id: name, name, email: '' };
  return renderHerParts({
    url,
    boot: { lang, origin: new URL(url).origin, country, user, config },
    texts: ['catalogue'],
    fallback: { '/country': { items: list } },
    api: {} as ApiClient,
    her: { state, user, together: cards, ...(forYou ? { forYou } : {}) },
    product,
  });
}

const place = (html: string, name: string) =>
  new RegExp(`<template data-her-fill="${name}">([\\s\\S]*?)</template>`).exec(html)?.[1] ?? '';

function together(cards: Card[], options: Parameters<typeof fill>[1] = {}): string {
  const html = fill(cards, options);
  // Her account place is always there, and hers alone.
  expect(place(html, 'account')).toContain(options.name ?? 'Noura');
  return place(html, 'together');
}

const viewed = (cards: Card[]): HomeSection =>
  ({
    id: 9,
    type: 'for_you',
    title: 'Recently viewed',
    data: { kind: 'recently-viewed', items: cards },
  }) as HomeSection;

describe('her bought together as rendered', () => {
  it('gives two shoppers with the same list the same bytes, and one with another list her own', () => {
    const noura = together([MAGNESIUM, ZINC], { name: 'Noura' });
    expect(noura).toContain('Magnesium Glycinate');
    expect(noura).toContain('Zinc Picolinate');
    expect(together([MAGNESIUM, ZINC], { name: 'Hessa' })).toBe(noura);
    // The gates keep magnesium from her (her intake): her list is zinc alone, never the one kept before.
    const gated = together([ZINC], { name: 'Maryam' });
    expect(gated).toContain('Zinc Picolinate');
    expect(gated).not.toContain('Magnesium');
    expect(together([], { name: 'Dana' })).not.toContain('Zinc');
  });

  it("shows each country's currency and each language's words, whichever was rendered first", () => {
    const kw = together([MAGNESIUM], { country: 'KW' });
    const sa = together([MAGNESIUM], { country: 'SA' });
    expect(kw).toMatch(/KWD\s4\.250/);
    expect(sa).toMatch(/SAR\s4\.25/);
    expect(sa).not.toContain('KWD');
    const arabic = together([MAGNESIUM], { lang: 'ar' });
    expect(arabic).toContain(ar.purchase_together);
    expect(together([MAGNESIUM], { lang: 'en' })).toContain(en.purchase_together);
    expect(together([MAGNESIUM], { lang: 'en' })).not.toContain(ar.purchase_together);
  });

  it('renders again for a new country list (a new catalogue version), never from the old one', () => {
    expect(together([MAGNESIUM], { country: 'KW' })).toMatch(/KWD\s4\.250/);
    // The owner set Kuwait's VAT: the isolate's list under the new version is a new object, and a new render.
    const taxed = [{ ...row('KW', 'KWD', 3), vat_basis_points: 1500 } as Country, row('SA', 'SAR', 2)];
    const after = together([MAGNESIUM], { country: 'KW', list: taxed });
    expect(after).toMatch(/KWD\s4\.888/);
    expect(after).not.toMatch(/KWD\s4\.250/);
  });

  it("gives each shopper her own account link and sections, never another's rendered before", () => {
    const noura = fill([], { name: 'Noura Alsabah', product: null, forYou: [viewed([MAGNESIUM])] });
    expect(place(noura, 'account')).toContain('Noura Alsabah');
    expect(place(noura, 'for-you')).toContain('Magnesium Glycinate');
    const hessa = fill([], { name: 'Hessa Almutairi', product: null, forYou: [viewed([ZINC])] });
    expect(place(hessa, 'account')).toContain('Hessa Almutairi');
    expect(hessa).not.toContain('Noura');
    expect(place(hessa, 'for-you')).toContain('Zinc Picolinate');
    expect(hessa).not.toContain('Magnesium');
    // Her own next view, with a section changed since (she viewed zinc too): the new one.
    const again = fill([], { name: 'Noura Alsabah', product: null, forYou: [viewed([ZINC, MAGNESIUM])] });
    expect(place(again, 'for-you')).toContain('Zinc Picolinate');
    // In Arabic, her account link's words are Arabic.
    expect(place(fill([], { name: 'Noura Alsabah', lang: 'ar', product: null }), 'account')).toContain(
      ar.account_label,
    );
  });

  it('renders a place whose parts could not load as failed, and hers again once they load', () => {
    const failed = fill([MAGNESIUM], { name: 'Dalal', state: 'failed' });
    expect(place(failed, 'together')).toContain('her-part-failed');
    const here = fill([MAGNESIUM], { name: 'Dalal' });
    expect(place(here, 'together')).not.toContain('her-part-failed');
    expect(place(here, 'together')).toContain('Magnesium Glycinate');
  });

  it('renders the same bytes whatever it is not kept by: the page, the origin, the configuration', () => {
    // Each render with a list of its own (a new object): rendered afresh, never read back.
    const render = (url: string, config?: BootData['config']) =>
      fill([MAGNESIUM], { list: [...LIST], url, config, forYou: [viewed([ZINC])] });
    const here = render('https://shop.test/products/alpha-vitamin-d3-1000');
    const elsewhere = render('https://www.shop.test/ar/products/other?ref=mail', {
      environment: 'production',
      sentryDsn: 'https://key@errors.shop.test/1',
      analytics: { mode: 'ga4', consentCountries: ['SA'] },
    });
    // If a place ever reads one of these, its key must name it (client/entry.server.tsx, placeKey).
    expect(elsewhere).toBe(here);
  });

  it("keeps no resource hint of one place in another's bytes", () => {
    // A banner row's first picture is eager: React writes its preload before the first template.
    const banner = {
      id: 3,
      type: 'banner',
      title: '',
      data: {
        items: [{ image: { url: '/media/b-eid.webp', alt: 'Eid', width: 1200, height: 400 }, link: '/products' }],
      },
    } as unknown as HomeSection;
    const html = fill([], { name: 'Shaikha', product: null, forYou: [banner] });
    expect(place(html, 'for-you')).toContain('/media/b-eid.webp');
    // The hint did nothing inside a template; kept with her account link it would ride along with it.
    expect(html).not.toMatch(/<link[^>]*rel="preload"/);
    expect(html.startsWith('<template data-her-fill="account">')).toBe(true);
  });
});
