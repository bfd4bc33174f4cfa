// What placing an order takes (the request's shopper, country and language) and gives back.
import type { DatabaseEnv } from '../db/databases';
import type { OrderView } from './view';
import type { CountryCode } from '#shared/countries';

export interface PlaceContext {
  /** The core database (catalogue, stock, coupons, accounts). */
  db: D1Database;
  /** The Worker's databases: her order shard is picked from them (db/databases.ts, decision 61). */
  env: DatabaseEnv;
  country: CountryCode;
  lang: 'en' | 'ar';
  user: {
    id: number;
    name: string;
    email: string;
    phone: string | null;
    /** The account's standing choices: its proven phone, and WhatsApp updates for every order. */
    phone_verified_at?: number | null;
    whatsapp_updates_at?: number | null;
  } | null;
  deviceId: string | null;
  /** Where the confirmation mail's links point (the storefront). */
  siteOrigin: string;
  /** Signs a guest's link that proves her address (decision 85); without it her "order received" has none. */
  tokenSecret?: string;
  /**
   * Abuse limits for a new order: checked after a replay is answered, so a retry of an order already
   * placed (same key) always gets that order, never a 429.
   */
  beforeNewOrder?: () => Promise<void>;
  /**
   * The scheduled job placing a subscription's order (decision 45): its lines are priced at the
   * subscription price but start no subscription of their own, and the run (still claimed) is linked
   * to the order in the order's batch, so the order's payment outcome finds it (payments/subscription-run-failed.ts).
   */
  subscriptionRun?: { subscriptionId: number; dueDate: string };
}

export interface Placed {
  order: OrderView;
  /** Set for a card payment: the hosted page to send the shopper to (filled in by the caller). */
  paymentId: string | null;
  replayed: boolean;
  /** A guest's new order link (stored in the batch); null for an account or a replay. */
  link: string | null;
  /** The database holding the order (her order shard), for what the caller writes about it next. */
  db: D1Database;
}
