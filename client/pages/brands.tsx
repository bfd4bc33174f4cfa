// /brands (logo grid) and /brands-list (an A–Z index; Arabic letters on Arabic pages).
import '../styles/catalogue.css';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Brand } from '#shared/catalogue/types';
import { formatNumber } from '#shared/money';
import { normalizeSearchText } from '#shared/search/normalize';
import { apiContext } from '../boot';
import { BrandGrid } from '../catalogue/BrandGrid';
import { useI18n } from '../i18n/context';
import { catalogue } from '../lib/catalogue';
import { useCurrency, useHref } from '../lib/locale';
import { usePageHandle } from '../route-handle';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  kept: true,
  texts: ['catalogue'],
  routes: [
    { id: 'brands', siteIndex: 'shop' },
    { id: 'brands-list', siteIndex: 'shop' },
  ],
} satisfies PageDeclaration;

export async function loader({ context }: LoaderFunctionArgs) {
  return { brands: await catalogue.brands(context.get(apiContext)) };
}

/** Index letter of a name: Latin A–Z, or an Arabic letter with its alef forms folded. */
export function indexLetter(name: string): string {
  const first = normalizeSearchText(name).charAt(0);
  if (/[a-z]/.test(first)) return first.toUpperCase();
  if (/[\u0621-\u064A]/.test(first)) return first;
  return '#';
}

export function groupByLetter(brands: Brand[], lang: 'en' | 'ar'): Array<[string, Brand[]]> {
  const groups = new Map<string, Brand[]>();
  for (const b of brands) {
    const letter = indexLetter(b.name);
    groups.set(letter, [...(groups.get(letter) ?? []), b]);
  }
  const collator = new Intl.Collator(lang);
  return [...groups.entries()].sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : collator.compare(a, b)));
}

export function Component() {
  const { brands } = useLoaderData() as { brands: Brand[] };
  const { page } = usePageHandle();
  const { t, lang } = useI18n();
  const { country } = useCurrency();
  const href = useHref();

  if (page === 'brands') {
    return (
      <Page title={t('page_brands')}>
        <BrandGrid brands={brands} />
      </Page>
    );
  }

  const groups = groupByLetter(brands, lang);
  return (
    <Page title={t('page_brands_list')}>
      <nav aria-label={t('letter_index')} className="letter-index">
        <ul>
          {groups.map(([letter]) => (
            <li key={letter}>
              <a href={`#letter-${encodeURIComponent(letter)}`}>{letter === '#' ? t('other_letters') : letter}</a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map(([letter, items]) => (
        <section
          key={letter}
          id={`letter-${encodeURIComponent(letter)}`}
          className="letter-group"
          aria-labelledby={`h-${encodeURIComponent(letter)}`}
        >
          <h2 id={`h-${encodeURIComponent(letter)}`}>{letter === '#' ? t('other_letters') : letter}</h2>
          <ul>
            {items.map((b) => (
              <li key={b.id}>
                <Link to={href(`/products?brand=${b.id}`)}>{b.name}</Link>{' '}
                <span className="muted">({formatNumber(b.product_count ?? 0, lang, country)})</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Page>
  );
}
