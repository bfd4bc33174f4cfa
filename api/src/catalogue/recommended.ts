// The learned lists' SQL (issue 64, decision 73): cards for a product's "bought together" and "customers
// also bought" from co_purchases in the shopper's country, best first. Bought together falls back to the
// hand-set purchase_together list: the learned pairs first, then the owner's, which fill in where the
// shop's orders are still too few (a new product, a quiet country). `pid` is an SQL expression for the
// product's id; the statement binds the country as ?3. `extra` adds columns (the gates' for a signed-in
// shopper).
import type { CountryCode, Lang } from '#shared/locale';
import { cardFrom, cardColumns } from './cards';
import { listingIn } from '../db/country-prices';

export function togetherCards(lang: Lang, pid: string, country: CountryCode, extra = ''): string {
  return `SELECT ${cardColumns(lang)}${extra} FROM ${cardFrom(country)} JOIN (
      SELECT related_product_id AS id, 0 AS source, -score AS rank FROM co_purchases
        WHERE country = ?3 AND kind = 'together' AND product_id = ${pid}
      UNION ALL
      SELECT related_product_id, 1, sort_order FROM purchase_together WHERE product_id = ${pid}
        AND related_product_id NOT IN (SELECT related_product_id FROM co_purchases
          WHERE country = ?3 AND kind = 'together' AND product_id = ${pid})
    ) r ON r.id = p.id
    WHERE p.is_active = 1 ORDER BY r.source, r.rank, p.id`;
}

export function alsoBoughtCards(lang: Lang, pid: string, country: CountryCode, extra = ''): string {
  return `SELECT ${cardColumns(lang)}${extra} FROM ${cardFrom(country)} JOIN co_purchases cp ON cp.related_product_id = p.id
    WHERE cp.country = ?3 AND cp.kind = 'also' AND cp.product_id = ${pid} AND p.is_active = 1 AND ${listingIn(country).inStock}
    ORDER BY cp.score DESC, p.id`;
}
