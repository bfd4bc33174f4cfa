// On the server every request renders with its own SWR cache: nothing one request put in the cache is
// there for the next (a shopper's data for another shopper's render, and memory that grows per page).
import { renderToStaticMarkup } from 'react-dom/server';
import { useSWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import { en } from '#shared/i18n/en';
import { provideDictionary } from './i18n/context';
import { useCurrency } from './lib/locale';
import { AppProviders } from './providers';
import { createSessionStore } from './stores/session';

provideDictionary('en', en);

const boot = (fallback: Record<string, unknown>) =>
  ({
    lang: 'en',
    origin: 'https://shop.test',
    css: [],
    texts: [],
    fallback,
    country: 'KW',
    user: null,
  }) as unknown as BootData;

function Probe({ onCache }: { onCache: (cache: Map<string, unknown>) => void }) {
  const { cache } = useSWRConfig();
  onCache(cache as unknown as Map<string, unknown>);
  return null;
}

const session = () => createSessionStore({ country: 'KW', user: null });

function render(onCache: (cache: Map<string, unknown>) => void) {
  renderToStaticMarkup(
    <AppProviders boot={boot({})} api={{} as ApiClient} session={session()}>
      <Probe onCache={onCache} />
    </AppProviders>,
  );
}

describe('the server’s SWR cache', () => {
  it('is a new one for every request, so nothing a render cached is seen by the next', () => {
    const caches: Map<string, unknown>[] = [];
    render((cache) => {
      caches.push(cache);
      cache.set('/user/me', { data: { name: 'Sara' } });
    });
    render((cache) => caches.push(cache));
    expect(caches).toHaveLength(2);
    expect(caches[1]).not.toBe(caches[0]);
    expect(caches[1]!.get('/user/me')).toBeUndefined();
  });
});

function Currency() {
  const c = useCurrency();
  return <>{`${c.currency} ${c.decimals} ${c.rateScaled} ${c.vatBasisPoints}`}</>;
}

describe('the currency every price reads', () => {
  const countries = {
    '/country': {
      items: [
        { code: 'KW', exchange_rate: '1', vat_basis_points: 0 },
        { code: 'SA', exchange_rate: '12.2', vat_basis_points: 1500 },
      ],
    },
  };

  it("is the shopper's country's, with its rate and VAT from /country, for every price in the tree", () => {
    const store = createSessionStore({ country: 'SA', user: null });
    const html = renderToStaticMarkup(
      <AppProviders boot={boot(countries)} api={{} as ApiClient} session={store}>
        <Currency />
        <Currency />
      </AppProviders>,
    );
    expect(html).toBe('SAR 2 122000 1500SAR 2 122000 1500');
  });

  it('is the base currency while the rates are unknown, never a guessed conversion', () => {
    const html = renderToStaticMarkup(
      <AppProviders boot={boot({})} api={{} as ApiClient} session={createSessionStore({ country: 'SA', user: null })}>
        <Currency />
      </AppProviders>,
    );
    expect(html).toBe('KWD 3 10000 0');
  });
});
