// A signed-in shopper's home page (issue 64): her refills due, "buy again" from her orders, what her
// latest quiz and her own latest blood-test results suggest, and what she viewed recently, added to the shop's sections in the same answer
// (one storefront trip) and in at most three D1 round trips and twelve statements (issue 76): the home
// page's own first statement carries all her rows as JSON (found by her session's token, so no lookup of
// its own, and a shopper with nothing costs what a guest does), then one batch reads only what she has
// (her views' cards, her results' candidates; her order shard, when she is not in the core database, at
// the same time), and one last batch reads the cards and what the safety gates need of them. Her own
// sections alone (her kept home's trip) read her views' cards in the first batch instead.
// Suggestions pass the gates for her (her-safety.ts); what she viewed is shown as it is.
import type { ProductCard } from '#shared/catalogue/types';
import type { CountryCode, Lang } from '#shared/locale';
import { suggestionsAr } from '#shared/i18n/suggestions.ar';
import { suggestionsEn } from '#shared/i18n/suggestions.en';
import { cardFrom, cardColumns, toCard, type CardRow } from '../catalogue/cards';
import { viewedCardsSql, viewedCardsStatement } from '../catalogue/viewed';
import { routeFrom, type DatabaseEnv } from '../db/databases';
import { meByToken } from '../accounts/sessions';
import {
  type HerPerson,
  herValuesJson,
  resultsProductIds,
  ruleCandidatesStatement,
  type HerValue,
} from '../blood-tests/results-view';
import type { Keyring } from '../lib/keyring';
import { gatesByProduct, gateStatement, herJson, herRows, mayShow, type Me, quizSlugs, readHer } from './her-safety';

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
export const ME_BY_TOKEN = meByToken('?1', '?2');

interface Line {
  order_id: number;
  product_id: number;
  sku_id: number;
  count: number;
  created_at: number;
  delivered_at: number | null;
}

const linesSql = (me: string) => `SELECT o.id AS order_id, i.product_id, i.sku_id, i.count, o.created_at, o.delivered_at
  FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.user_id = ${me} AND o.status NOT IN ('cancelled', 'payment_failed', 'pending_payment')
  ORDER BY o.created_at DESC, o.id DESC LIMIT 200`;

/** A subquery's JSON kept as JSON inside another JSON function (a subquery's answer is plain text). */
const nested = (sql: string) => `json((${sql}))`;

/**
 * Everything of hers the home page reads, as one JSON object, for her id `me.id` (a `me` CTE): her
 * order shard, her order lines, what she subscribes to, what she sent back as damaged or because she did
 * not want it (not a wrong item, which she still wants, nor a return staff refused: never offered to her
 * again as "buy again" or a refill), whether she viewed anything, what the gates read (her-safety.ts),
 * and her blood-test person and values.
 */
function herHomeJson(lang: Lang): string {
  return `json_object(
    'id', me.id,
    'shard', ${nested(`SELECT json_object('id', s.id, 'binding', s.binding) FROM shopper_shards r
      JOIN order_shards s ON s.id = r.shard_id WHERE r.owner_key = 'user:' || me.id`)},
    'lines', ${nested(`SELECT json_group_array(json_object('order_id', order_id, 'product_id', product_id, 'sku_id', sku_id,
      'count', count, 'created_at', created_at, 'delivered_at', delivered_at)) FROM (${linesSql('me.id')})`)},
    'subscribed', ${nested(`SELECT json_group_array(product_id) FROM subscriptions WHERE user_id = me.id AND status IN ('active', 'paused')`)},
    'returned', ${nested(`SELECT json_group_array(DISTINCT k.product_id) FROM returns r JOIN return_items ri ON ri.return_id = r.id
      JOIN skus k ON k.id = ri.sku_id WHERE r.user_id = me.id AND r.reason IN ('damaged', 'changed_mind') AND r.status <> 'rejected'`)},
    'viewed', EXISTS (SELECT 1 FROM viewed_products WHERE user_id = me.id),
    'safety', ${herJson('me.id')},
    'self', ${nested(`SELECT json_object('sex', sex, 'date_of_birth', date_of_birth) FROM blood_test_patients
      WHERE user_id = me.id AND relation = 'self' ORDER BY deleted_at IS NOT NULL, id DESC LIMIT 1`)},
    'values', ${nested(herValuesJson(lang, 'me.id'))})`;
}

interface HerHome {
  id: number | null;
  shard: { id: number; binding: string } | null;
  lines: Line[];
  subscribed: number[];
  returned: number[];
  viewed: 0 | 1;
  safety: Record<string, unknown>;
  self: HerPerson['self'];
  values: HerValue[];
}

/**
 * Her sections on the home page. What she has rides in the home page's own first statement (`column`,
 * found by her session's token through the `cte`), so a shopper with nothing costs what a guest does;
 * then only what she has is read: her views' and her results' candidate cards (one batch, with her order
 * shard's lines when she is not in the core database; her views' in the first batch when the caller puts
 * `viewedStatement` there), and the cards with what the gates need of them.
 */
export function forYouPlan(me: Me, lang: Lang, country: CountryCode) {
  const cte = `me(id) AS (SELECT ${me.sql})`;
  return {
    cte,
    column: `(SELECT ${herHomeJson(lang)} FROM me)`,
    binds: me.binds,
    /**
     * Her recently viewed cards, found as `column` finds her, for the batch that reads `column`: her
     * sections alone (her kept home's trip) then cost one round trip for a shopper who viewed, instead
     * of a second for her views once `column` says she has some. No rows for a shopper with none (one
     * statement more than `column` alone).
     */
    viewedStatement(db: D1Database): D1PreparedStatement {
      return db
        .prepare(`WITH ${cte} ${viewedCardsSql(lang, country, '(SELECT id FROM me)', '-1', SHOWN)}`)
        .bind(...me.binds);
    },
    /**
     * Her sections from `column`'s answer; null when the session is no one's. `viewedRows`: the answer of
     * `viewedStatement` when it rode in the same batch (else her views are read here, when she has some).
     */
    async finish(
      env: DatabaseEnv,
      ring: Keyring | null,
      text: string | null,
      now: number,
      viewedRows?: D1Result,
    ): Promise<ForYouSection[] | null> {
      const her = text ? (JSON.parse(text) as HerHome) : null;
      if (!her || her.id === null) return null;
      const userId = her.id;
      const db = env.DB;
      const route = routeFrom(env, her.shard ? { ...her.shard, moving: 0 } : undefined);
      const shardLines = route.binding === 'DB' ? null : route.db.prepare(linesSql('?1')).bind(userId).all<Line>();
      const statements: D1PreparedStatement[] = [];
      if (her.viewed && !viewedRows) statements.push(viewedCardsStatement(db, userId, lang, country, -1, SHOWN));
      // What her results may suggest: the rules' candidates, read only when she has values.
      if (her.values.length) statements.push(ruleCandidatesStatement(db, lang, country));
      const [read, fromShard] = await Promise.all([
        statements.length ? db.batch(statements) : Promise.resolve([]),
        shardLines,
      ]);
      // Her orders are where her route says; the core's copy holds nothing of hers otherwise. Newest
      // first: a product's newest line is the one that says whether it runs out.
      const lines = (fromShard ? fromShard.results : her.lines).sort(
        (a, b) => b.created_at - a.created_at || b.order_id - a.order_id,
      );
      const viewedRead = viewedRows ?? (her.viewed ? read[0] : undefined);
      const viewed = viewedRead ? (viewedRead.results as unknown as CardRow[]).map(toCard) : [];
      const candidates = her.values.length ? [read[read.length - 1]!] : [];
      const values = [...her.values].sort(
        (a, b) =>
          a.biomarker_id - b.biomarker_id ||
          a.date.localeCompare(b.date) ||
          a.source.localeCompare(b.source) ||
          a.source_id - b.source_id,
      );
      const safety = herRows(JSON.stringify(her.safety));
      return finishSections(
        db,
        ring,
        { lang, country },
        {
          lines,
          subscribed: new Set(her.subscribed),
          returned: new Set(her.returned),
          safety,
          person: { profile: (safety[2]!.results[0] as HerPerson['profile']) ?? null, self: her.self },
          values,
          slugs: quizSlugs(safety),
          viewed,
          candidates,
        },
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
  { lang, country }: { lang: Lang; country: CountryCode },
  mine: {
    lines: Line[];
    subscribed: Set<number>;
    returned: Set<number>;
    safety: D1Result[];
    person: HerPerson;
    values: HerValue[];
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
  // Nothing she bought, nor any suggestion: no cards to read (her views are shown as they are).
  const none = !productIds.length && !mine.slugs.length;
  const [cardsRes, gatesRes, factsRes] = none
    ? []
    : await db.batch([
        db.prepare(`SELECT ${cardColumns(lang)} FROM ${cardFrom(country)} WHERE ${where}`).bind(...binds),
        gateStatement(db, lang, country, where, binds),
        db
          .prepare(`SELECT id, pack_units, daily_units FROM skus WHERE id IN (${marks(skuIds.length)})`)
          .bind(...skuIds),
      ]);
  const her = none ? null : await readHer(db, ring, mine.safety, now);
  const gates = gatesRes ? gatesByProduct(gatesRes) : new Map();
  const cards = ((cardsRes?.results ?? []) as unknown as CardRow[])
    .map(toCard)
    .filter((c) => her !== null && mayShow(gates.get(c.id), her));
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
  const fromResults = resultsProductIds(mine.candidates, mine.person, mine.values, country, now);
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
