// The nutritionist's list's one button, before and after it is pressed: afterwards it says "In your
// cart" and a status line (announced by screen readers) says what went in, with the way to the cart.
// The press itself is the e2e story's (tests/e2e/consultation-booking.spec.ts).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { createSessionStore, SessionContext } from '../stores/session';
import { AddAll, type recommendationLines } from './Recommendations';

provideDictionary('en', en);
provideDictionary('ar', ar);

const line = (id: number) => ({
  sku: { id, name: '60 softgels', price: { value: 2500 }, buy_limit: null, in_stock: true },
  product: { id, slug: `p-${id}`, name: `Product ${id}`, brand: { id: 1, name: 'Brand' } },
  count: 1,
  origin: { source: 'Nutritionist' as const, id: 3, position: id },
});
const lines = [line(1), line(2)] as unknown as ReturnType<typeof recommendationLines>;

const render = (lang: Lang, added: boolean) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SessionContext.Provider value={createSessionStore({ country: 'KW', user: null })}>
        <I18nProvider lang={lang}>
          <AddAll lines={lines} added={added} />
        </I18nProvider>
      </SessionContext.Provider>
    </MemoryRouter>,
  );

const status = (html: string) =>
  /<p role="status"[^>]*>(.*?)<\/p>/.exec(html)?.[1]?.replace(' data-discover="true"', '');

describe('adding the nutritionist’s list to the cart', () => {
  it('offers the list with an empty status line already in the page (so what appears in it is read out)', () => {
    const html = render('en', false);
    expect(html).toContain('>Add all 2 to the cart</button>');
    expect(status(html)).toBe('');
  });

  it('says afterwards that the products are in her cart, on the button and in the status line, in English', () => {
    const html = render('en', true);
    expect(html).toMatch(/aria-disabled="true"[^>]*>In your cart<\/button>/);
    expect(status(html)).toBe('The 2 recommended products are in your cart. <a href="/cart">View the cart</a>');
  });

  it('and in Arabic', () => {
    const html = render('ar', true);
    expect(html).toContain('>في سلتك</button>');
    expect(status(html)).toBe('المنتجان الموصى بهما في سلتك الآن. <a href="/ar/cart">اعرض السلة</a>');
  });
});
