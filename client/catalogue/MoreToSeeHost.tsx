// Puts "customers also bought" and recently viewed (MoreToSee.tsx, its code and texts loaded only then)
// into the places pages mark with an empty <div data-more-to-see> at the end of their content: the home
// page (a signed-in shopper's with her own sections shows her recently viewed itself, each product in one
// of her sections only, so there it only joins her guest views), a product page (data-except: its product, recorded as viewed and never listed; its "also bought"
// cards come with the page's own data) and the cart. Part of the deferred shell, so no page's first
// JavaScript carries any of it; the page follows the document as the shopper moves on.
import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { createPortal } from 'react-dom';
import { useMatches } from 'react-router';
import type { ProductCard } from '#shared/catalogue/types';
import { type HerParts, useHerParts } from '../app/her-parts';
import { browserTexts, withTexts } from '../i18n/texts';
import { usePlace } from '../shell/use-place';
import { useSessionStore } from '../stores/session';
import { noteViewed, viewedIds } from './viewed-store';

/**
 * Its texts (shared/i18n/suggestions.*.ts) load with it, in the page's language, into the page's
 * dictionary: no area of their own, whose loader would sit in every page's first JavaScript. Only the
 * browser renders these parts, so the server needs none of them.
 */
function loadSuggestionTexts(): Promise<void> {
  const lang = document.documentElement.lang === 'ar' ? 'ar' : 'en';
  return (lang === 'ar' ? import('#shared/i18n/suggestions.ar') : import('#shared/i18n/suggestions.en')).then(
    (m) => void Object.assign(browserTexts(lang), ...Object.values(m)),
  );
}

const MoreToSee = lazy(
  withTexts(['catalogue'], () => Promise.all([import('./MoreToSee'), loadSuggestionTexts()]).then(([m]) => m)),
);

const SELECTOR = '[data-more-to-see]';

/** The product page's "also bought" cards for this product, from the matched routes' data. */
function alsoBoughtOf(data: unknown[], productId: number | undefined): ProductCard[] {
  if (productId === undefined) return [];
  for (const d of data) {
    const product = d as { id?: number; also_bought?: ProductCard[] } | null;
    if (product?.id === productId && Array.isArray(product.also_bought)) return product.also_bought;
  }
  return [];
}

/**
 * What she viewed recently, as her product page's own data brought it (decision 76's amendment): her
 * parts on her kept page, or the product's answer when the page was rendered for her. Undefined where
 * the page brought none (the cart, home, a guest, her parts failed): then it is asked for.
 */
function herViewedOf(her: HerParts | null, data: unknown[], productId: number | undefined): ProductCard[] | undefined {
  if (productId === undefined) return undefined;
  if (her) return her.viewed;
  for (const d of data) {
    const product = d as { id?: number; recently_viewed?: ProductCard[] } | null;
    if (product?.id === productId && Array.isArray(product.recently_viewed)) return product.recently_viewed;
  }
  return undefined;
}

export function MoreToSeeHost() {
  const place = usePlace(SELECTOR);
  const matches = useMatches();
  const her = useHerParts();
  const signedIn = useSnapshot(useSessionStore()).user !== null;
  const except = place?.dataset.except ? Number(place.dataset.except) : undefined;
  const alsoBought = alsoBoughtOf(
    matches.map((m) => m.loaderData),
    except,
  );
  // A guest with nothing viewed before and nothing "also bought" here: her view is noted, and no code
  // loads (a first visit's page does no more work than before).
  const nothing = !signedIn && alsoBought.length === 0 && viewedIds().every((id) => id === except);
  useEffect(() => {
    if (nothing && except !== undefined) noteViewed(except);
  }, [nothing, except]);
  if (!place || nothing) return null;
  return createPortal(
    <Suspense fallback={null}>
      <MoreToSee
        key={`${location.pathname}:${except ?? ''}`}
        except={except}
        alsoBought={alsoBought}
        viewed={
          signedIn
            ? herViewedOf(
                her,
                matches.map((m) => m.loaderData),
                except,
              )
            : undefined
        }
        showViewed={!document.querySelector('[data-her-sections], [data-suggestion="recently-viewed"]')}
      />
    </Suspense>,
    place,
  );
}
