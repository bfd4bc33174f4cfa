// A signed-in shopper's home page (issue 64): her refills due, "buy again" from her orders, what her
// latest quiz and her own latest blood-test results suggest, and what she viewed recently, added to the shop's sections in the same answer
// (one storefront trip) and in at most three D1 round trips: the home page's own batch carries her rows
// (found by her session's token, so no lookup of its own), her order shard is read only when she is not in
// the core database, and one last batch reads the cards and what the safety gates need of them.
// Suggestions pass the gates for her (her-safety.ts); what she viewed is shown as it is.
import type { ProductCard } from '#shared/catalogue/types';
import type { CountryCode, Lang } from '#shared/locale';
import { suggestionsAr } from '#shared/i18n/suggestions.ar';
import { suggestionsEn } from '#shared/i18n/suggestions.en';
import { CARD_FROM, cardColumns, toCard, type CardRow } from '../catalogue/cards';
import { routeFrom, type DatabaseEnv } from '../db/databases';
import { herResultsStatements, resultsProductIds, ruleCandidateStatements } from '../blood-tests/results-view';
import type { Keyring } from '../lib/keyring';
import { gatesByProduct, gateStatement, herStatements, mayShow, type Me, quizSlugs, readHer } from './her-safety';

const DAY = 86_400_000;
/** Lines delivered longer ago than this are not counted on (as the refill reminders, subscriptions/refills.ts). */
const REFILL_WINDOW_DAYS = 200;
/** A refill shows this many days before the supply runs out (as the reminder mail). */
const REFILL_NOTICE_DAYS = 5;
const SHOWN = 8;

/** Her sections, named as their analytics lists (shared/analytics/params.ts RECOMMENDATION_LISTS). */
export type ForYouKind = 'refills-due' | 'buy-again' | 'suggested' | 'recently-viewed';
export const FOR_YOU_KINDS = [
  'refills-due',
  'buy-again',
  'suggested',
  'recently-viewed',
] as const satisfies readonly ForYouKind[];

export interface ForYouSection {
  /** Negative: never one of the owner's section ids. */
  id: number;
  type: 'for_you';
  title: string;
  data: { kind: ForYouKind; items: ProductCard[] };
}

const TITLE_KEY = {
  'refills-due': 'home_refills_due',
  'buy-again': 'home_buy_again',
  suggested: 'home_suggested',
  'recently-viewed': 'recently_viewed',
} as const satisfies Record<ForYouKind, keyof typeof suggestionsEn>;

/** Her user id from the session's token hash (?1) while it is valid at ?2. */
export const ME_BY_TOKEN = `(SELECT s.user_id FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = ?1 AND s.revoked_at IS NULL AND s.expires_at > ?2 AND u.deleted_at IS NULL)`;

interface Line {
  product_id: number;
  sku_id: number;
  count: number;
  created_at: number;
  delivered_at: number | null;
}

const linesSql = (me: string) => `SELECT i.product_id, i.sku_id, i.count, o.created_at, o.delivered_at
  FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.user_id = ${me} AND o.status NOT IN ('cancelled', 'payment_failed', 'pending_payment')
  ORDER BY o.created_at DESC, o.id DESC LIMIT 200`;

/** The statements her sections need in the home page's batch, and how to finish them. */
export function forYouPlan(db: D1Database, me: Me, lang: Lang, country: CountryCode) {
  const statements = [
    db.prepare(`SELECT ${me.sql} AS id`).bind(...me.binds),
    db
      .prepare(
        `SELECT s.id, s.binding, 0 AS moving FROM (SELECT 1)
         LEFT JOIN shopper_shards r ON r.owner_key = 'user:' || ${me.sql} LEFT JOIN order_shards s ON s.id = r.shard_id`,
      )
      .bind(...me.binds),
    db.prepare(linesSql(me.sql)).bind(...me.binds),
    db
      .prepare(`SELECT product_id FROM subscriptions WHERE user_id = ${me.sql} AND status IN ('active', 'paused')`)
      .bind(...me.binds),
    // What she sent back as damaged or because she did not want it (not a wrong item, which she still
    // wants, nor a return staff refused): never offered to her again as "buy again" or a refill.
    db
      .prepare(
        `SELECT DISTINCT k.product_id FROM returns r JOIN return_items ri ON ri.return_id = r.id JOIN skus k ON k.id = ri.sku_id
         WHERE r.user_id = ${me.sql} AND r.reason IN ('damaged', 'changed_mind') AND r.status <> 'rejected'`,
      )
      .bind(...me.binds),
    ...herStatements(db, me),
  ];
  const viewedAt = statements.length;
  // Her views: a statement of its own, with her id as an expression (viewedCardsStatement binds ?1).
  statements.push(
    db
      .prepare(
        `SELECT ${cardColumns(lang)} FROM ${CARD_FROM} JOIN viewed_products v ON v.product_id = p.id AND v.user_id = ${me.sql}
         WHERE p.is_active = 1 ORDER BY v.viewed_at DESC LIMIT ${SHOWN}`,
      )
      .bind(...me.binds),
  );
  // What her results may suggest: the rules' candidates are everyone's, so they ride here too.
  const candidatesAt = statements.length;
  statements.push(...ruleCandidateStatements(db, lang));
  return {
    statements,
    /** Her sections from the batch's answers to `statements`; null when the session is no one's. */
    async finish(
      env: DatabaseEnv,
      ring: Keyring | null,
      results: D1Result[],
      now: number,
    ): Promise<ForYouSection[] | null> {
      const [idRes, routeRes, linesRes, subsRes, returnedRes] = results;
      const userId = (idRes!.results[0] as { id: number | null } | undefined)?.id ?? null;
      if (userId === null) return null;
      const route = routeFrom(
        env,
        routeRes!.results[0] as { id: number | null; binding: string | null; moving: number },
      );
      // Her orders are where her route says; the core's copy holds nothing of hers otherwise.
      const lines =
        route.binding === 'DB'
          ? (linesRes!.results as unknown as Line[])
          : (await route.db.prepare(linesSql('?1')).bind(userId).all<Line>()).results;
      const subscribed = new Set((subsRes!.results as Array<{ product_id: number }>).map((r) => r.product_id));
      const returned = new Set((returnedRes!.results as Array<{ product_id: number }>).map((r) => r.product_id));
      const herResults = results.slice(5, viewedAt);
      const viewed = (results[viewedAt]!.results as unknown as CardRow[]).map(toCard);
      const slugs = quizSlugs(herResults);
      const candidates = results.slice(candidatesAt);
      return finishSections(
        env.DB,
        ring,
        { lang, country, userId },
        { lines, subscribed, returned, herResults, slugs, viewed, candidates },
        now,
      );
    },
  };
}

/** Whether a line's supply runs out within the notice (or has), counted from its delivery. */
function refillDue(
  line: Line,
  fact: { pack_units: number | null; daily_units: number | null } | undefined,
  now: number,
) {
  if (!line.delivered_at || !fact?.pack_units || !fact.daily_units) return false;
  if (line.delivered_at <= now - REFILL_WINDOW_DAYS * DAY) return false;
  const days = (fact.pack_units * line.count) / fact.daily_units;
  return line.delivered_at + (days - REFILL_NOTICE_DAYS) * DAY <= now;
}

async function finishSections(
  db: D1Database,
  ring: Keyring | null,
  { lang, country, userId }: { lang: Lang; country: CountryCode; userId: number },
  mine: {
    lines: Line[];
    subscribed: Set<number>;
    returned: Set<number>;
    herResults: D1Result[];
    slugs: string[];
    viewed: ProductCard[];
    candidates: D1Result[];
  },
  now: number,
): Promise<ForYouSection[]> {
  // Her orders' products, and every product her results could suggest (her values come in this batch).
  const candidateIds = mine.candidates.flatMap((r) =>
    (r.results as Array<{ product_id: number }>).map((c) => c.product_id),
  );
  const productIds = [...new Set([...mine.lines.map((l) => l.product_id), ...candidateIds])];
  const skuIds = [...new Set(mine.lines.map((l) => l.sku_id))];
  const marks = (n: number) => (n ? Array.from({ length: n }, () => '?').join(', ') : 'NULL');
  const where = `p.is_active = 1 AND (p.id IN (${marks(productIds.length)}) OR p.slug IN (${marks(mine.slugs.length)}))`;
  const binds = [...productIds, ...mine.slugs];
  const [cardsRes, gatesRes, factsRes, ...resultsRes] = await db.batch([
    db.prepare(`SELECT ${cardColumns(lang)} FROM ${CARD_FROM} WHERE ${where}`).bind(...binds),
    gateStatement(db, lang, where, binds),
    db.prepare(`SELECT id, pack_units, daily_units FROM skus WHERE id IN (${marks(skuIds.length)})`).bind(...skuIds),
    ...herResultsStatements(db, lang, userId),
  ]);
  const her = await readHer(db, ring, mine.herResults, now);
  const gates = gatesRes ? gatesByProduct(gatesRes) : new Map();
  const cards = ((cardsRes?.results ?? []) as unknown as CardRow[])
    .map(toCard)
    .filter((c) => mayShow(gates.get(c.id), her));
  const byId = new Map(cards.map((c) => [c.id, c]));
  const facts = new Map(
    ((factsRes?.results ?? []) as Array<{ id: number; pack_units: number | null; daily_units: number | null }>).map(
      (f) => [f.id, f],
    ),
  );
  // Her lines newest first: a product's newest line is the one that says whether it runs out.
  const newest = new Map<number, Line>();
  for (const line of mine.lines) if (!newest.has(line.product_id)) newest.set(line.product_id, line);
  const refills: ProductCard[] = [];
  const again: ProductCard[] = [];
  for (const [productId, line] of newest) {
    const card = byId.get(productId);
    if (!card || mine.subscribed.has(productId) || mine.returned.has(productId)) continue;
    if (refillDue(line, facts.get(line.sku_id), now)) refills.push(card);
    else if (card.default_sku.in_stock) again.push(card);
  }
  const ordered = new Set(newest.keys());
  // Her quiz's suggestions, then her results': what she has not bought, in stock, once each.
  const fromResults = resultsProductIds(mine.candidates, resultsRes, country, now);
  const suggested = [
    ...new Set([
      ...mine.slugs.map((slug) => cards.find((c) => c.slug === slug)),
      ...fromResults.map((id) => byId.get(id)),
    ]),
  ].filter((c): c is ProductCard => !!c && !ordered.has(c.id) && c.default_sku.in_stock);
  const texts = lang === 'ar' ? suggestionsAr : suggestionsEn;
  const lists: Record<ForYouKind, ProductCard[]> = {
    'refills-due': refills,
    'buy-again': again,
    suggested,
    'recently-viewed': mine.viewed,
  };
  // A product shows in one of her sections only: the first, in FOR_YOU_KINDS' order (what runs out,
  // what she bought, what is suggested, what she only looked at), that shows it. So a product she bought
  // and looked at again is "buy again", not recently viewed too (issue 73).
  const shown = new Set<number>();
  return FOR_YOU_KINDS.flatMap((kind, i) => {
    const items = lists[kind].filter((c) => !shown.has(c.id)).slice(0, SHOWN);
    for (const c of items) shown.add(c.id);
    return items.length
      ? [{ id: -(i + 1), type: 'for_you' as const, title: texts[TITLE_KEY[kind]], data: { kind, items } }]
      : [];
  });
}
