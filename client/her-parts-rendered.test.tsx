// Her places rendered for her (decision 76): bought together is kept as rendered per country list,
// language, country, product and cards (client/entry.server.tsx), since the same list is the same bytes
// for every shopper. What it must never do: give one shopper the list rendered for another, or a
// price in another country's currency, language or list of rates.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { Country } from '#shared/api/schemas';
import type { BootData } from '#shared/boot';
import type { ProductCard as Card } from '#shared/catalogue/types';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { CountryCode, Lang } from '#shared/locale';
import { renderHerParts } from './entry.server';
import { provideDictionary } from './i18n/context';

provideDictionary('en', en);
provideDictionary('ar', ar);

const row = (code: string, currency: string, decimals: number): Country =>
  ({
    id: 1,
    name_en: code,
    name_ar: code,
    code,
    currency,
    decimals,
    exchange_rate: '1.0000',
    is_default: code === 'KW',
    vat_basis_points: 0,
    free_delivery_minor: 10_000,
    unlock_margin_minor: 1000,
  }) as unknown as Country;

const LIST = [row('KW', 'KWD', 3), row('SA', 'SAR', 2)];

const card = (id: number, name: string, price: number): Card => ({
  id,
  slug: `product-${id}`,
  name,
  images: [],
  brand: { id: 1, slug: 'alpha-labs', name: 'Alpha Labs' },
  category: { id: 11, slug: 'vitamins', name: 'Vitamins', color: '#123456' },
  default_sku: {
    id: id * 100,
    name: '60',
    price: { price, old_price: null },
    will_notify: false,
    buy_limit: null,
    in_stock: true,
  },
  free_delivery: false,
});

const MAGNESIUM = card(5, 'Magnesium Glycinate', 4250);
const ZINC = card(6, 'Zinc Picolinate', 3100);

function together(
  cards: Card[],
  {
    lang = 'en',
    country = 'KW',
    list = LIST,
    name = 'Noura',
  }: { lang?: Lang; country?: CountryCode; list?: Country[]; name?: string } = {},
): string {
  const html = renderHerParts({
    url: 'https://shop.test/products/alpha-vitamin-d3-1000',
    boot: {
      lang,
      origin: 'https://shop.test',
      country,
      user: { id: name, name, email: '' },
      config: {} as BootData['config'],
    },
    texts: ['catalogue'],
    fallback: { '/country': { items: list } },
    api: {} as ApiClient,
    her: { state: 'here', user: { id: name, name, email: '' }, together: cards },
    product: 1,
  });
  // Her account place stays hers alone, rendered for her on every view.
  expect(html).toContain('data-her-fill="account"');
  return /<template data-her-fill="together">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
}

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
});
