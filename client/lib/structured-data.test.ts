// The JSON-LD builders are typed with schema-dts: a misspelt property or a value of the wrong kind is a
// type error (`npx tsc -b` checks this file), and what they build is what search engines read.
import type { Product, WithContext } from 'schema-dts';
import { describe, expect, it } from 'vitest';
import type { SeoProps } from '../ui/Seo';
import { organizationLd, productLd } from './structured-data';
import { CORE, COUNTRY_CODES, HOME_COUNTRY } from '#shared/countries';
import type { PricingKind } from '#shared/countries/types';
import { minorToDecimal } from '#shared/money';

// @ts-expect-error schema.org has no "nmae": schema-dts refuses it
const misspelt: WithContext<Product> = { '@context': 'https://schema.org', '@type': 'Product', nmae: 'Vitamin D3' };
// @ts-expect-error a page's JSON-LD is schema.org data, not any object
const untyped: SeoProps['jsonLd'] = [{ title: 'not schema.org' }];

describe('structured data', () => {
  it('describes the shop with a search action whose query input names the URL template', () => {
    const [org, site] = organizationLd('https://shop.example', 'Gulf Vitamins');
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      url: 'https://shop.example',
    });
    expect(site.potentialAction).toEqual({
      '@type': 'SearchAction',
      target: 'https://shop.example/search?q={search_term_string}',
      'query-input': 'required name=search_term_string',
    });
    expect([misspelt, untyped]).toHaveLength(2);
  });

  it('gives a product the offer of the page’s country, in its currency with its decimals (KWD 3, SAR 2 with VAT), on that country’s URL', () => {
    const product = {
      slug: 'vitamin-d3',
      name: 'Vitamin D3',
      description: 'Sunshine',
      default_sku: { id: 7, in_stock: true, price: { price: 5_000 } },
      images: [{ url: '/media/d3.webp' }],
      brand: { name: 'Sun' },
      category: { name: 'Vitamins' },
    } as unknown as Parameters<typeof productLd>[0];
    const countries = [
      { code: 'KW', currency: 'KWD', exchange_rate: '1', vat_basis_points: 0 },
      { code: 'SA', currency: 'SAR', exchange_rate: '12.2', vat_basis_points: 1500 },
    ] as unknown as Parameters<typeof productLd>[3];
    const ld = (country: 'KW' | 'SA') =>
      productLd(product, { origin: 'https://shop.example', country }, 'ar', countries).offers;
    expect(ld('KW')).toEqual([
      expect.objectContaining({
        price: '5.000',
        priceCurrency: 'KWD',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/ar/products/vitamin-d3?country=KW',
      }),
    ]);
    expect(ld('SA')).toEqual([
      expect.objectContaining({
        price: '70.15',
        priceCurrency: 'SAR',
        url: 'https://shop.example/ar/products/vitamin-d3?country=SA',
      }),
    ]);
  });

  it("offers an own-priced country's price as it is, and nothing where the product is not sold", () => {
    const product = {
      slug: 'vitamin-d3',
      name: 'Vitamin D3',
      description: 'Sunshine',
      default_sku: { id: 7, in_stock: true, price: { price: 1_500 } },
      images: [],
      brand: { name: 'Sun' },
      category: { name: 'Vitamins' },
    } as unknown as Parameters<typeof productLd>[0];
    const other = COUNTRY_CODES.find((c) => c !== HOME_COUNTRY)!;
    const countries = COUNTRY_CODES.map((code) => ({
      code,
      currency: CORE[code].currency,
      exchange_rate: '12.2',
      vat_basis_points: 0,
    })) as unknown as Parameters<typeof productLd>[3];
    const rows = CORE as unknown as Record<string, { pricing?: PricingKind }>;
    rows[other]!.pricing = 'own';
    try {
      const page = { origin: 'https://shop.example', country: other };
      // The page's price is the owner's amount there: never converted.
      expect(productLd(product, page, 'en', countries).offers).toEqual([
        expect.objectContaining({ price: minorToDecimal(1_500, CORE[other].decimals) }),
      ]);
      expect(productLd({ ...product, sold_here: false }, page, 'en', countries).offers).toEqual([]);
    } finally {
      delete rows[other]!.pricing;
    }
  });

  it('charges an offer the country’s delivery fee unless the item alone is delivered free there', () => {
    const product = {
      slug: 'omega-3',
      name: 'Omega 3',
      description: 'Fish oil',
      free_delivery: true,
      default_sku: { id: 8, in_stock: true, price: { price: 16_000 } },
      images: [],
      brand: { name: 'Sea' },
      category: { name: 'Oils' },
    } as unknown as Parameters<typeof productLd>[0];
    const countries = [
      // KWD 16.000 reaches Kuwait's KWD 15 threshold; SAR 223.85 (with VAT) is short of SAR 250.
      {
        code: 'KW',
        currency: 'KWD',
        exchange_rate: '1',
        vat_basis_points: 0,
        free_delivery_minor: 15_000,
        delivery_fee_minor: 1_000,
      },
      {
        code: 'SA',
        currency: 'SAR',
        exchange_rate: '12.2',
        vat_basis_points: 1500,
        free_delivery_minor: 25_000,
        delivery_fee_minor: 2_500,
      },
    ] as unknown as Parameters<typeof productLd>[3];
    const rate = (ld: ReturnType<typeof productLd>) =>
      (ld.offers as unknown as Array<{ shippingDetails: { shippingRate: { value: number; currency: string } } }>).map(
        (o) => o.shippingDetails.shippingRate,
      );
    const rates = (p: typeof product) =>
      (['KW', 'SA'] as const).flatMap((country) =>
        rate(productLd(p, { origin: 'https://shop.example', country }, 'en', countries)),
      );
    expect(rates(product)).toEqual([
      { '@type': 'MonetaryAmount', value: 0, currency: 'KWD' },
      { '@type': 'MonetaryAmount', value: 25, currency: 'SAR' },
    ]);
    // A product left out of free delivery pays the fee whatever its price.
    expect(rates({ ...product, free_delivery: false })).toEqual([
      { '@type': 'MonetaryAmount', value: 1, currency: 'KWD' },
      { '@type': 'MonetaryAmount', value: 25, currency: 'SAR' },
    ]);
  });

  it('counts working days on the country’s own week: Sunday–Thursday in Saudi Arabia, Monday–Friday in the Emirates', () => {
    const product = {
      slug: 'vitamin-d3',
      name: 'Vitamin D3',
      description: 'Sunshine',
      default_sku: { id: 7, in_stock: true, price: { price: 5_000 } },
      images: [],
      brand: { name: 'Sun' },
      category: { name: 'Vitamins' },
    } as unknown as Parameters<typeof productLd>[0];
    const countries = [
      { code: 'SA', currency: 'SAR', exchange_rate: '12.2', vat_basis_points: 1500 },
      { code: 'AE', currency: 'AED', exchange_rate: '11.95', vat_basis_points: 500 },
    ] as unknown as Parameters<typeof productLd>[3];
    const businessDays = (country: 'SA' | 'AE') =>
      (
        productLd(product, { origin: 'https://shop.example', country }, 'en', countries).offers as unknown as Array<{
          shippingDetails: { deliveryTime: { businessDays?: { dayOfWeek: string[] } } };
        }>
      )[0]!.shippingDetails.deliveryTime.businessDays?.dayOfWeek.map((d) => d.replace('https://schema.org/', ''));
    expect(businessDays('SA')).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday']);
    expect(businessDays('AE')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
  });
});
