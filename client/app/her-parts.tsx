// Her parts (decision 76): a signed-in shopper's kept page is the kept copy of her country and language
// with a few named places that are hers. The kept copy holds each place neutral (no guest text, nothing of
// anyone); the storefront renders the places for her after one trip to the API and streams them into the
// same response (worker/render/her-page.ts), and the browser hydrates them with the data that came with
// them (window.__HER__), so the page renders once. A page rendered whole (a guest's, or a page that is hers
// entirely) has no such context: its places render from its own data, as before.
import { createContext, type ReactNode, useContext } from 'react';
import type { ProductCard } from '#shared/catalogue/types';
import type { UserDisplay } from '#shared/boot';
import type { HomeSection } from '../lib/catalogue';
import { useI18n } from '../i18n/context';

/** The named places; each page shows those of them it has. */
export type HerPartName = 'account' | 'for-you' | 'together';

/** What her places render with. `pending`: the kept copy's (neutral); `failed`: the trip did not answer. */
export interface HerParts {
  state: 'pending' | 'here' | 'failed';
  /** Her display details, from the session's own cookie (never from the kept copy). */
  user?: UserDisplay | null;
  /** Home: her own sections (refills due, buy again, her quiz's, recently viewed). */
  forYou?: HomeSection[];
  /** Product: bought together, gated for her (recommend/her-safety). */
  together?: ProductCard[];
  /** The API said her session has ended after her page had left: the browser ends it (entry.client). */
  ended?: true;
}

export const HerPartsContext = createContext<HerParts | null>(null);

/** Her parts, or null on a page rendered whole. */
export function useHerParts(): HerParts | null {
  return useContext(HerPartsContext);
}

/**
 * One of her places: the element the storefront's fill replaces with the place rendered for her (the same
 * element with her content), so the browser finds exactly what it renders when it hydrates.
 */
export function HerSlot({ name, inline, children }: { name: HerPartName; inline?: boolean; children: ReactNode }) {
  const her = useHerParts();
  const state = her?.state;
  return inline ? (
    <span className="her-slot" data-her={name} data-her-state={state}>
      {children}
    </span>
  ) : (
    <div className="her-slot" data-her={name} data-her-state={state}>
      {children}
    </div>
  );
}

/** Said in a place whose data did not come: the page around it stays usable. */
export function HerPartFailed() {
  const { t } = useI18n();
  return (
    <p className="her-part-failed" role="status">
      {t('her_parts_failed')}
    </p>
  );
}
