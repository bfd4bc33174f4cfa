// A signed-in shopper's parts of a product page alone (GET /product/{ref}/v2?only=hers, decision 76):
// her kept page already has everything that is not hers, so her trip reads only the product's id, her
// own column and the two card lists her places show (bought together, gated for her, and what she viewed
// recently), and writes her view of it: three statements in one round trip, instead of the whole page's
// batch (./detail.ts).
import type { CountryCode, Lang } from '#shared/locale';
import { VIEWED_SHOWN } from '#shared/catalogue/viewed';
import type { ProductCard } from '#shared/catalogue/types';
import { meByToken } from '../accounts/sessions';
import { toCard, type CardRow } from './cards';
import { cardGates, type CardGates, type HerProductAsk, type HerProductPart } from './detail';
import { togetherCards } from './recommended';
import { herViewStatement, viewedCardsSql } from './viewed';

export interface HerProductRead {
  id: number;
  together: ProductCard[];
  viewed: ProductCard[];
  her: HerProductPart | null;
  gates: CardGates;
}

/** Her parts of the product `ref`; null when there is no such product (the page's 404). */
export async function herProductParts(
  db: D1Database,
  ref: { id: number | null; slug: string },
  lang: Lang,
  country: CountryCode,
  now: number,
  shopper: HerProductAsk | null,
  /** SQL of what the gates read of a card's SKU, as productDetail's. */
  gateSql: string,
): Promise<HerProductRead | null> {
  const pid = '(SELECT id FROM products WHERE (slug = ?1 OR id = ?2) AND is_active = 1 LIMIT 1)';
  const me = shopper ? `WITH me(id) AS (SELECT ${meByToken('?3', '?4')}) ` : '';
  const herColumns = shopper ? `, (SELECT id FROM me) AS her_id, (SELECT ${shopper.column} FROM me) AS her` : '';
  const gate = `, ${gateSql} AS gate`;
  const herBinds = shopper ? [shopper.tokenHash, now] : [];
  const [product, lists] = await db.batch([
    db
      .prepare(`${me}SELECT p.id${herColumns} FROM products p WHERE p.id = ${pid}`)
      .bind(ref.slug, ref.id ?? -1, ...herBinds),
    // The same lists, by the same SQL, as the whole page's (detail.ts): bought together (0) and, for her,
    // what she viewed recently (2); not "customers also bought", which her kept page shows as everyone's.
    db
      .prepare(
        `SELECT 0 AS list, * FROM (${togetherCards(lang, pid, country, gate)} LIMIT 8)${
          shopper
            ? ` UNION ALL SELECT 2 AS list, * FROM (${viewedCardsSql(lang, country, meByToken('?4', '?5'), pid, VIEWED_SHOWN, ', NULL AS gate')})`
            : ''
        }`,
      )
      .bind(ref.slug, ref.id ?? -1, country, ...herBinds),
    // Her view of it, in the same round trip (decision 82): after the reads, which list it only elsewhere.
    ...(shopper ? [herViewStatement(db, pid, ref, shopper.tokenHash, now)] : []),
  ]);
  const row = product!.results[0] as { id: number; her_id?: number | null; her?: string | null } | undefined;
  if (!row) return null;
  const listed = lists!.results as unknown as Array<CardRow & { list: 0 | 2; gate?: string }>;
  return {
    id: row.id,
    together: listed.filter((r) => r.list === 0).map(toCard),
    viewed: listed.filter((r) => r.list === 2).map(toCard),
    her: shopper ? { id: row.her_id ?? null, column: row.her ?? null } : null,
    gates: cardGates(listed),
  };
}
