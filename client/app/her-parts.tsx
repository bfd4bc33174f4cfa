// Her parts (decision 76): a signed-in shopper's kept page is the kept copy of her country and language
// with a few named places that are hers. The kept copy holds each place neutral (no guest text, nothing of
// anyone); the storefront renders the places for her after one trip to the API and streams them into the
// same response (worker/render/her-page.ts), and the browser hydrates them with the data that came with
// them (window.__HER__, put into the boot data), so the page renders once. A page rendered whole (a
// guest's, or a page that is hers entirely) has no her parts: its places render from its own data.
import { type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router';
import type { ProductCard } from '#shared/catalogue/types';
import type { UserDisplay } from '#shared/boot';
import type { HerSubscription } from '#shared/subscriptions/types';
import type { HomeSection } from '../lib/catalogue';
import { BootContext } from '../providers';

/**
 * The named places; each page shows those of them it has. What else differs for her is the browser's own
 * (decision 76's amendment, all her places): the cart's count (her browser's cart, spec §4) and wishlist
 * hearts (the same for everyone). Her subscriptions to a product and what she viewed recently come with
 * her parts as data (`subscribed`, `viewed`) for the subscribe-and-save choice and "more to see", which
 * only the browser shows once the page is live (in the choice's reserved box; below the page's content).
 */
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
  /** Product: her subscriptions to it, for the subscribe-and-save choice (subscriptions/SubscribeHost). */
  subscribed?: HerSubscription[];
  /** Product: what she viewed recently, for "more to see" below it (catalogue/MoreToSeeHost). */
  viewed?: ProductCard[];
  /** The API said her session has ended after her page had left: the browser ends it (entry.client). */
  ended?: true;
}

// Her kept copy on the server: her places wait for her parts. In the browser, a kept page whose swap
// script brought no data (the document was cut short) has her places failed.
const UNFILLED: HerParts = { state: import.meta.env.SSR ? 'pending' : 'failed' };

/**
 * Her parts (from the boot data: decision 76), or null on a page rendered whole. Only the document's own
 * page has them (its location's key, as the browser's router began: entry.client): a page the browser goes to next
 * renders her places from its own loaders' data, which the browser asked for as her.
 */
export function useHerParts(): HerParts | null {
  const boot = useContext(BootContext);
  const first = useLocation().key === (boot?.herKey ?? 'default');
  return boot?.herParts && first ? ((boot.her as HerParts | undefined) ?? UNFILLED) : null;
}

/**
 * One of her places: the element the storefront's fill replaces with the place rendered for her (the same
 * element with her content), so the browser finds exactly what it renders when it hydrates. It adds no
 * box of its own (app.css), so it may stand in a row of links as well as between sections.
 */
const PENDING_MARK = { 'data-pending': true };

export function HerSlot({ name, children }: { name: HerPartName; children: ReactNode }) {
  const state = useHerParts()?.state;
  // Her parts did not come: her sections and bought together say so, in the words her kept copy's boot
  // data brought (the account link stays a link to her account).
  const text = useContext(BootContext)?.herParts;
  // Marked while her parts are on their way, so that what follows her home sections waits for them
  // (app.css) instead of moving down when they come: in the kept copy, which only the server renders
  // (in the browser her places are hers or failed, entry.client).
  return (
    <div className="her-slot" data-her={name} {...(import.meta.env.SSR && state === 'pending' ? PENDING_MARK : null)}>
      {state === 'failed' && name !== 'account' ? (
        <p className="her-part-failed" role="status">
          {text}
        </p>
      ) : (
        children
      )}
    </div>
  );
}
