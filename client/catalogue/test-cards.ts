// For tests only: a country's row of /country and a product card as the API gives them, for render
// tests of prices and her places: only what a card and a price read.
import type { Country } from '#shared/api/schemas';
import type { ProductCard } from '#shared/catalogue/types';

/** A row of /country: its currency, decimals and rate (VAT none, unless the test sets it). */
export const countryRow = (code: string, currency: string, decimals: number, rate = '1.0000'): Country =>
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

/** A card of one size at `price` (minor units of the answer's country), in stock, no image. */
export const productCard = (
  price: number,
  {
    id = 1,
    slug = 'alpha-vitamin-d3-1000',
    name = 'Vitamin D3 1000 IU',
  }: { id?: number; slug?: string; name?: string } = {},
): ProductCard => ({
  id,
  slug,
  name,
  images: [],
  brand: { id: 1, slug: 'alpha-labs', name: 'Alpha Labs' },
  category: { id: 11, slug: 'vitamins', name: 'Vitamins', color: '#123456' },
  default_sku: {
    id: id * 100 + 1,
    name: '60',
    price: { price, old_price: null },
    will_notify: false,
    buy_limit: null,
    in_stock: true,
  },
  free_delivery: false,
});
