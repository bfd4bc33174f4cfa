// The cart page's lines as rendered: one way to remove a line (the line's own trash button), whatever
// its quantity; the quantity's minus only lowers it.
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { bloodTestCart } from '../blood-tests/cart-state';
import { emptyCart, fillCart, kuwaitBoot } from '../cart/cart-render.test-support';
import { restoredCart } from '../cart/RestoredNotice';
import { provideDictionary } from '../i18n/context';
import { AppProviders } from '../providers';
import { createSessionStore } from '../stores/session';
import { Component as CartPage } from './cart';

provideDictionary('en', en);
provideDictionary('ar', ar);

const TRASH = 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3';

// The storefront's configuration too: the page's error reporting and analytics read it.
const boot = (lang: Lang) =>
  ({
    ...kuwaitBoot(lang),
    config: { environment: 'test', sentryDsn: '', analytics: { mode: 'off' } },
  }) as BootData;

function render(lang: Lang, count: number): string {
  // The unit project shares modules between files (isolate: false): a blood-test cart another file left
  // filled would add its own lines' trash buttons to the page.
  bloodTestCart.items = {};
  fillCart(4000, count);
  return renderToStaticMarkup(
    <AppProviders boot={boot(lang)} api={{} as ApiClient} session={createSessionStore({ country: 'KW', user: null })}>
      {/* A data router, as the server's: the page's head tags read the route's matches. */}
      <RouterProvider
        router={createMemoryRouter([{ path: '*', element: <CartPage /> }], {
          initialEntries: [lang === 'ar' ? '/ar/cart' : '/cart'],
        })}
      />
    </AppProviders>,
  );
}

afterEach(() => {
  emptyCart();
});

describe('cart page line', () => {
  it.each(['en', 'ar'] as const)('shows one trash icon on a line of one unit (%s)', (lang) => {
    const html = render(lang, 1);
    expect(html).toContain('data-testid="cart-line"');
    expect(html.split(TRASH).length - 1).toBe(1);
    // The quantity's minus stays a minus, disabled at one unit.
    expect(html).toMatch(/aria-label="[^"]*Vitamin D3[^"]*" disabled=""><svg[^>]*><path d="M5 12h14"/);
  });

  it.each(['en', 'ar'] as const)('keeps the trash button and a minus on a line of two (%s)', (lang) => {
    const html = render(lang, 2);
    expect(html.split(TRASH).length - 1).toBe(1);
    expect(html).toContain('d="M5 12h14"');
  });
});

describe('a cart brought back by a reminder link (issue 73)', () => {
  afterEach(() => {
    restoredCart.lines = null;
  });

  it('keeps an empty live region on the page before the link answers', () => {
    expect(render('en', 1)).toContain('<div role="status" data-testid="cart-restored"></div>');
  });

  it.each([
    ['en', 'Your saved cart is back: 2 items from your reminder are in your cart below.'],
    ['ar', 'عادت سلتك المحفوظة: منتجان من رسالة التذكير في سلتك أدناه.'],
  ] as const)('says so in the live region (%s)', (lang, text) => {
    restoredCart.lines = 2;
    expect(render(lang, 1)).toContain(
      `<div role="status" data-testid="cart-restored"><p class="form-success">${text}</p></div>`,
    );
  });
});
