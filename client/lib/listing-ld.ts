// schema.org data of a listing page: the products shown as an ItemList, and the brand of a brand's page.
import type { Brand, ItemList, WithContext } from 'schema-dts';
import type { ProductCard } from '#shared/catalogue/types';
import type { Lang } from '#shared/locale';
import { paths } from '#shared/routes';
import type { ChosenBrand } from '../catalogue/listing-heading';

const absolute = (origin: string, url: string) => (url.startsWith('http') ? url : `${origin}${url}`);

export function itemListLd(items: ProductCard[], origin: string, lang: Lang): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: items.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: `${origin}${paths.product(p.slug, lang)}`,
      name: p.name,
    })),
  };
}

export function brandLd(brand: ChosenBrand, origin: string, url: string): WithContext<Brand> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Brand',
    name: brand.name,
    url,
    logo: absolute(origin, brand.logo.og ?? brand.logo.url),
    ...(brand.description ? { description: brand.description } : {}),
  };
}
