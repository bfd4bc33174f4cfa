// The unlock-free-delivery pop-up as rendered: it asks for one more product only while the cart is
// below the threshold; once the cart reaches it (a suggestion added from inside the pop-up), it says
// free delivery is reached, in both languages.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import { DEFAULT_COUNTRY_AMOUNTS } from '#shared/country-amounts';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { provideDictionary } from '../i18n/context';
import { AppProviders } from '../providers';
import { createSessionStore } from '../stores/session';
import { cart } from './cart-store';
import { freeDeliveryUi } from './free-delivery-ui';
import { UnlockModal } from './UnlockModal';

provideDictionary('en', en);
provideDictionary('ar', ar);

const boot = (lang: Lang) =>
  ({
    lang,
    origin: 'https://shop.test',
    css: [],
    texts: [],
    fallback: {},
    country: 'KW',
    user: null,
  }) as unknown as BootData;

function render(lang: Lang, subtotalFils: number): string {
  cart.items = {
    '101': {
      sku: { id: 101, name: '60', price: { price: subtotalFils, old_price: null }, buy_limit: null, in_stock: true },
      product: { id: 1, slug: 'd3', name: 'Vitamin D3', brand: { id: 1, name: 'Alpha' } },
      count: 1,
      origin: { source: 'Cart' },
    },
  } as unknown as typeof cart.items;
  cart.loaded = true;
  freeDeliveryUi.unlockOpen = true;
  return renderToStaticMarkup(
    <AppProviders boot={boot(lang)} api={{} as ApiClient} session={createSessionStore({ country: 'KW', user: null })}>
      <MemoryRouter>
        <UnlockModal />
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(() => {
  cart.items = {};
  cart.loaded = false;
  freeDeliveryUi.unlockOpen = false;
});

const dict = { en, ar } as const;
// No country row in the boot data: the pop-up reads Kuwait's own default threshold (decision 52).
const threshold = DEFAULT_COUNTRY_AMOUNTS.KW.free_delivery_minor;

describe('UnlockModal', () => {
  it.each(['en', 'ar'] as const)('asks for one of the suggestions below the threshold (%s)', (lang) => {
    const html = render(lang, threshold - 1_000);
    expect(html).toContain(dict[lang].unlock_intro);
    expect(html).toContain(dict[lang].unlock_title);
    expect(html).not.toContain(dict[lang].free_delivery_enjoy);
  });

  it.each(['en', 'ar'] as const)('says free delivery is reached once the cart reaches it (%s)', (lang) => {
    const html = render(lang, threshold);
    expect(html).not.toContain(dict[lang].unlock_intro);
    expect(html).not.toContain(dict[lang].unlock_title);
    expect(html).toContain(dict[lang].free_delivery_reached_title);
    expect(html).toContain(dict[lang].free_delivery_enjoy);
    expect(html).not.toContain('data-testid="unlock-see-all"');
  });
});
