// Below a product, the cart and a guest's home page (issue 64): "customers also bought" (the product's,
// from its answer) and her recently viewed products. Loaded on demand after the page is interactive
// (MoreToSeeSlot), so no page's first JavaScript carries it. A guest's list is her browser's; a signed-in
// shopper's is her account's (any device), and what she viewed as a guest joins it once she signs in.
import { useContext, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { VIEWED_PATHS, type ViewedCards } from '#shared/api/viewed-schemas';
import type { ProductCard as Card } from '#shared/catalogue/types';
import { SuggestionSection } from '../analytics/picked';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { ProductGrid } from './ProductCard';
import { clearViewed, noteViewed, viewedIds } from './viewed-store';
import { joinViewed } from './viewed-sync';

export interface MoreToSeeProps {
  /** The product page's own product: recorded as viewed (a guest's), and never listed. */
  except?: number;
  alsoBought?: Card[];
  /** False where the page already shows her recently viewed (a signed-in home page): only joins. */
  showViewed?: boolean;
  /** Hers, as her product page's data brought it: not asked for again unless this device has views to join. */
  viewed?: Card[];
}

export default function MoreToSee({ except, alsoBought = [], showViewed = true, viewed: known }: MoreToSeeProps) {
  const api = useContext(ApiContext)!;
  const { t } = useI18n();
  const { user } = useSnapshot(useSessionStore());
  const signedIn = user !== null;
  const [viewed, setViewed] = useState<Card[]>(() => (signedIn && showViewed ? (known ?? []) : []));

  useEffect(() => {
    let live = true;
    const load = async (): Promise<Card[]> => {
      if (signedIn) {
        const joined = await joinViewed(api);
        if (!showViewed) return [];
        if (!joined && known) return known;
        return (joined ?? (await api.get<ViewedCards>(VIEWED_PATHS.mine)).data).items;
      }
      const ids = viewedIds().filter((id) => id !== except);
      if (except !== undefined) noteViewed(except);
      if (!showViewed || !ids.length) return [];
      return (await api.post<ViewedCards>(VIEWED_PATHS.cards, { ids })).data.items;
    };
    load()
      .then((items) => live && setViewed(items.filter((c) => c.id !== except)))
      .catch((error: unknown) => console.warn('recently viewed not loaded', error));
    return () => {
      live = false;
    };
  }, [api, signedIn, except, showViewed, known]);

  const clear = async () => {
    clearViewed();
    try {
      if (signedIn) await api.post(VIEWED_PATHS.clear, {});
      setViewed([]);
      toast.success('recently_viewed_cleared');
    } catch {
      // The API client has shown why; her list stays as it is.
    }
  };

  return (
    <>
      {alsoBought.length > 0 && (
        <SuggestionSection
          list="also-bought"
          items={alsoBought.slice(0, 4)}
          labelledBy="also-bought-title"
          testId="also-bought"
        >
          <h2 id="also-bought-title" className="section-title">
            {t('also_bought')}
          </h2>
          <ProductGrid products={alsoBought.slice(0, 4)} origin={{ source: 'Customers Also Bought', id: except }} />
        </SuggestionSection>
      )}
      {viewed.length > 0 && (
        <SuggestionSection
          list="recently-viewed"
          items={viewed.slice(0, 8)}
          labelledBy="viewed-title"
          testId="recently-viewed"
        >
          <div className="section-head">
            <h2 id="viewed-title" className="section-title">
              {t('recently_viewed')}
            </h2>
            <button type="button" className="link-button" onClick={() => void clear()}>
              {t('recently_viewed_clear')}
            </button>
          </div>
          <ProductGrid products={viewed.slice(0, 8)} origin={{ source: 'Recently Viewed' }} />
        </SuggestionSection>
      )}
    </>
  );
}
