// On the server every request renders with its own SWR cache: nothing one request put in the cache is
// there for the next (a shopper's data for another shopper's render, and memory that grows per page).
import { renderToStaticMarkup } from 'react-dom/server';
import { useSWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { BootData } from '#shared/boot';
import { en } from '#shared/i18n/en';
import { provideDictionary } from './i18n/context';
import { AppProviders } from './providers';
import type { SessionState } from './stores/session';

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

function render(onCache: (cache: Map<string, unknown>) => void) {
  renderToStaticMarkup(
    <AppProviders boot={boot({})} api={{} as ApiClient} session={{} as SessionState}>
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
