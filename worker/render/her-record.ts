// What the edge keeps of a signed-in shopper to answer her next products' parts without a trip (decision
// 79). Her kept product page needs three things of her: bought together as her safety gates let it, her
// subscriptions to the product, and what she viewed recently. For a shopper of whom the gates read nothing
// (no intake, quiz or blood-test profile: the API says so by sending `her_record`), her bought together
// is everyone's, which the kept copy already carries (the public answer passes the same gates). So once
// her trip has answered, the edge keeps her subscriptions and her recently viewed cards, and her first view
// of another product is the kept copy with her parts rendered from this record: no trip, her view sent to
// the API after the answer. Nothing health-derived is kept: a shopper the gates know something of never
// gets a record (her views make the trip, as before).
//
// Where and for how long, as her fill (her-fill-cache.ts): the data centre's Cache API, under a key with
// her id as her verified pass vouches for it, the build, the catalogue's version, her country and
// language; read only with a fresh pass; HER_RECORD_TTL_S from the trip that made it, never extended.
// Which views it may answer: those whose version of her (her-version.ts) is one the record was made or
// carried forward under. Her version is renewed by every write of hers through the storefront; a view
// answered from the record renews it too (her view changed her recently viewed) and the record is kept
// again with the new value added, so her next product finds it. Any other write gives a value the record
// never had: the next view makes the trip.
import type { Context } from 'hono';
import type { HerProductParts, ProductCard } from '#shared/catalogue/types';
import { VIEWED_SHOWN } from '#shared/catalogue/viewed';
import type { Lang } from '#shared/locale';
import type { HerSubscription } from '#shared/subscriptions/types';
import type { AppEnv } from '../app-env';
import { catalogueVersion } from '../cache';
import { backgroundCall } from '../lib/gateway';
import { reportError } from '../lib/report-error';
import type { Session } from '../lib/session';

/** As her fill's: what changes without a request of hers through this browser shows within a minute. */
const HER_RECORD_TTL_S = 60;
/** The versions of her a record answers for: her views in one minute, and a few tabs' worth. */
const VERSIONS_KEPT = 16;
/** Her recently viewed, one more than a page shows: the page's own product is left out of its list. */
const VIEWED_KEPT_HERE = VIEWED_SHOWN + 1;

type Subscription = HerSubscription & { product_id: number };

export interface HerRecord {
  /** Epoch ms after which it answers nothing. */
  until: number;
  /** Her versions it answers for (her-version.ts). */
  versions: string[];
  /** All her live subscriptions (pending, active, paused), with their products. */
  subscriptions: Subscription[];
  /** Her recently viewed cards, newest first. */
  viewed: ProductCard[];
}

function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/** Where her record is kept: null without a page cache, a build or a shopper. */
export async function herRecordKey(c: Context<AppEnv>, session: Session, lang: Lang): Promise<Request | null> {
  if (c.var.config.PAGE_CACHE_TTL_S === 0 || __BUILD_ID__ === '' || !session.user) return null;
  const catalogue = await catalogueVersion(c);
  const who = encodeURIComponent(String(session.user.id));
  const origin = new URL(c.req.url).origin;
  return new Request(
    `${origin}/__her-record/${__BUILD_ID__}/${encodeURIComponent(catalogue || '-')}/${who}/${session.country}/${lang}`,
  );
}

/** Her record under `key` if it answers for her `version` now, else null. */
export async function keptRecord(key: Request, version: string | null, now = Date.now()): Promise<HerRecord | null> {
  if (!version) return null;
  const hit = await edgeCache().match(key);
  if (!hit) return null;
  const record = (await hit.json().catch(() => null)) as HerRecord | null;
  if (!record || !(now < record.until) || !record.versions.includes(version)) return null;
  return record;
}

function keep(key: Request, record: HerRecord, now = Date.now()): Promise<void> {
  const left = Math.max(1, Math.ceil((record.until - now) / 1000));
  const headers = { 'content-type': 'application/json', 'cache-control': `public, max-age=${left}` };
  return edgeCache().put(key, new Response(JSON.stringify(record), { headers }));
}

/** Distinct by product, in order. */
function distinct(cards: ProductCard[]): ProductCard[] {
  const seen = new Set<number>();
  return cards.filter((card) => !seen.has(card.id) && seen.add(card.id));
}

/**
 * After her product trip: her record made from its answer, for the version the view came with and the
 * one it renewed to, when the API sent one (the gates read nothing of her). Kept after the answer.
 */
export function recordFromTrip(
  c: Context<AppEnv>,
  key: Request,
  answer: HerProductParts,
  versions: { was: string | null; next: string },
  now = Date.now(),
): void {
  const mine = answer.her_record;
  if (!mine) return;
  const record: HerRecord = {
    until: now + HER_RECORD_TTL_S * 1000,
    // The view's own version too: what the trip read is her state of then, with this view recorded.
    versions: [...(versions.was ? [versions.was] : []), versions.next],
    subscriptions: mine.subscriptions,
    viewed: distinct([...(mine.card ? [mine.card] : []), ...answer.recently_viewed]).slice(0, VIEWED_KEPT_HERE),
  };
  c.executionCtx.waitUntil(keep(key, record, now).catch((e) => reportError(c, e)));
}

/** Her parts of product `productId` from her record, with bought together from the kept copy. */
export function partsFromRecord(record: HerRecord, productId: number, together: ProductCard[]) {
  return {
    together,
    subscribed: record.subscriptions
      .filter((s) => s.product_id === productId)
      .map(({ product_id: _, ...subscription }) => subscription),
    viewed: record.viewed.filter((card) => card.id !== productId).slice(0, VIEWED_SHOWN),
  };
}

/**
 * After a view answered from her record: her view sent to the API (as her product trip would have
 * recorded it), and the record kept again with her newest views and this view's version of her. If the
 * API does not take it, the record is not carried forward: her next view makes the trip.
 */
export function recordView(
  c: Context<AppEnv>,
  session: Session,
  key: Request,
  record: HerRecord,
  productId: number,
  next: string,
): void {
  const work = async () => {
    const res = await backgroundCall(c, session, 'POST', '/viewed', JSON.stringify({ ids: [productId] }));
    if (!res.ok) {
      await res.body?.cancel();
      return;
    }
    const joined = ((await res.json()) as { data: { items: ProductCard[] } }).data.items;
    const now = Date.now();
    if (!(now < record.until)) return;
    await keep(
      key,
      {
        ...record,
        versions: [...record.versions, next].slice(-VERSIONS_KEPT),
        // The API's list first (its truth, this view at its head); older cards of the record after it.
        viewed: distinct([...joined, ...record.viewed]).slice(0, VIEWED_KEPT_HERE),
      },
      now,
    );
  };
  c.executionCtx.waitUntil(work().catch((e) => reportError(c, e)));
}

/**
 * Bought together and the product's id as the kept copy carries them: its router data's product answer
 * (everyone's list, which passed the gates as a shopper the shop knows nothing of) and the product's id
 * on the "more to see" place. Null when the copy has neither (then her view makes the trip).
 */
export function copyTogether(copy: string): { productId: number; together: ProductCard[] } | null {
  const id = /data-except="(\d+)"/.exec(copy)?.[1];
  const together = jsonArrayAfter(copy, '"purchase_together":[');
  return id && together ? { productId: Number(id), together: together as ProductCard[] } : null;
}

/** The JSON array that starts at the end of `marker` (whose last character is its `[`), parsed. */
export function jsonArrayAfter(text: string, marker: string): unknown[] | null {
  const at = text.indexOf(marker);
  if (at < 0) return null;
  const start = at + marker.length - 1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i++;
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) depth++;
    else if ((ch === 93 || ch === 125) && --depth === 0) {
      try {
        const value = JSON.parse(text.slice(start, i + 1)) as unknown;
        return Array.isArray(value) ? value : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
