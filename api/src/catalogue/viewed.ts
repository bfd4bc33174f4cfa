// Recently viewed (issue 64): a signed-in shopper's product views, kept so that what she looked at on her
// phone is on her laptop's home page too. A guest's stay in her browser (client/catalogue/viewed-store.ts)
// and join her account's when she signs in. Viewing a product again moves it to the front; the newest
// VIEWED_KEPT are kept, for 90 days (retention/windows.ts).
import type { CountryCode, Lang } from '#shared/locale';
import { meByToken } from '../accounts/sessions';
import { REPEATABLE } from '../db/transient';
import { cardFrom, cardColumns } from './cards';

const VIEW_UPSERT = `INSERT INTO viewed_products (user_id, product_id, viewed_at)`;
const VIEW_AGAIN = 'ON CONFLICT (user_id, product_id) DO UPDATE SET viewed_at = max(viewed_at, excluded.viewed_at)';

/**
 * Her views of these products at `at` (the newest first in `ids`). Her list keeps its newest VIEWED_KEPT
 * by itself (migration 0094's trigger, decision 82).
 */
export function viewStatements(
  db: D1Database,
  userId: number,
  ids: readonly number[],
  at: number,
): D1PreparedStatement[] {
  return ids.map((id, i) =>
    db
      .prepare(`${VIEW_UPSERT} SELECT ?1, id, ?3 FROM products WHERE id = ?2 AND is_active = 1 ${VIEW_AGAIN}`)
      // The list's order is kept: the first id is the newest view.
      .bind(userId, id, at - i),
  );
}

/**
 * Her view of the product `productSql` finds (over `?1` its slug and `?2` its id, as the reads' batch
 * binds them), at `now`, in the batch that reads her parts of it (decision 82): she is found by her
 * session's token hash, so a session that is no one's writes nothing, and a product that is not there (or
 * not on sale) is no view.
 */
export function herViewStatement(
  db: D1Database,
  productSql: string,
  ref: { id: number | null; slug: string },
  tokenHash: string,
  now: number,
): D1PreparedStatement {
  // SQLite wants a WHERE in an upsert's SELECT (its parser could take ON for a join's otherwise). Sent
  // twice it leaves the later time, and adds no second row: repeatable, so the read's batch it rides in
  // is tried again on a lost connection as a read alone would be.
  return db
    .prepare(
      `${REPEATABLE}${VIEW_UPSERT} SELECT me.id, p.id, ?4 FROM (SELECT ${meByToken('?3', '?4')} AS id) me
       JOIN products p ON p.id = ${productSql} WHERE me.id IS NOT NULL AND p.is_active = 1 ${VIEW_AGAIN}`,
    )
    .bind(ref.slug, ref.id ?? -1, tokenHash, now);
}

/**
 * SQL: her recently viewed products' cards, newest first, leaving out the page's product (`exceptSql`);
 * `userSql` finds her (her id, or her session's SQL). `extra`: the columns a list it joins carries more.
 * In the country's prices, and in an own-priced country only what it sells (cards.ts's cardFrom).
 */
export function viewedCardsSql(
  lang: Lang,
  country: CountryCode,
  userSql: string,
  exceptSql: string,
  limit: number,
  extra = '',
): string {
  return `SELECT ${cardColumns(lang)}${extra} FROM ${cardFrom(country)} JOIN viewed_products v ON v.product_id = p.id AND v.user_id = ${userSql}
       WHERE p.is_active = 1 AND p.id <> ${exceptSql} ORDER BY v.viewed_at DESC LIMIT ${limit}`;
}

/** Her recently viewed products' cards, newest first, leaving out `except` (the page's own product). */
export function viewedCardsStatement(
  db: D1Database,
  userId: number,
  lang: Lang,
  country: CountryCode,
  except = -1,
  limit = 12,
): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${cardColumns(lang)} FROM ${cardFrom(country)} JOIN viewed_products v ON v.product_id = p.id AND v.user_id = ?1
       WHERE p.is_active = 1 AND p.id <> ?2 ORDER BY v.viewed_at DESC LIMIT ?3`,
    )
    .bind(userId, except, limit);
}
