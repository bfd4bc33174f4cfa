// Recently viewed (issue 64): a signed-in shopper's product views, kept so that what she looked at on her
// phone is on her laptop's home page too. A guest's stay in her browser (client/catalogue/viewed-store.ts)
// and join her account's when she signs in. Viewing a product again moves it to the front; the newest
// VIEWED_KEPT are kept, for 90 days (retention/windows.ts).
import type { CountryCode, Lang } from '#shared/locale';
import { VIEWED_KEPT } from '#shared/catalogue/viewed';
import { cardFrom, cardColumns } from './cards';

/** Her views of these products at `at` (the newest first in `ids`), and what falls past the newest kept. */
export function viewStatements(
  db: D1Database,
  userId: number,
  ids: readonly number[],
  at: number,
  /** Whether her list may now hold more than it keeps (a caller that knows it cannot spares a statement). */
  trim = true,
): D1PreparedStatement[] {
  const kept = [
    ...ids.map((id, i) =>
      db
        .prepare(
          `INSERT INTO viewed_products (user_id, product_id, viewed_at)
           SELECT ?1, id, ?3 FROM products WHERE id = ?2 AND is_active = 1
           ON CONFLICT (user_id, product_id) DO UPDATE SET viewed_at = max(viewed_at, excluded.viewed_at)`,
        )
        // The list's order is kept: the first id is the newest view.
        .bind(userId, id, at - i),
    ),
    db
      .prepare(
        `DELETE FROM viewed_products WHERE user_id = ?1 AND product_id NOT IN
           (SELECT product_id FROM viewed_products WHERE user_id = ?1 ORDER BY viewed_at DESC LIMIT ?2)`,
      )
      .bind(userId, VIEWED_KEPT),
  ];
  return trim ? kept : kept.slice(0, ids.length);
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
