// A shopper's subscriptions as /profile/subscriptions shows them: one D1 batch (the subscriptions with
// their product, SKU, address, card and latest run; the shop's discount; the money facts when this
// isolate has not read them), and the next order's unit price worked out as the order will price it.
import { COUNTRY_CODES, type CountryCode, type Lang } from '#shared/locale';
import { payableMinor } from '#shared/money';
import { discountedPrice, type Frequency, offeredFrequencies, orderDate } from '#shared/subscriptions/frequency';
import type { RunFailure, SubscriptionStatus, SubscriptionView } from '#shared/subscriptions/types';
import { col } from '../lib/lang';
import { priceInRowCountrySql } from '../db/country-prices';
import { currencyStatement, knownCurrency, rememberCurrencies } from '../lib/currency';
import { thumbnailUrl } from '../media/renditions';
import { readSubscriptionDiscount, subscriptionDiscountStatement } from '../orders/subscription-discount';

interface Row {
  id: number;
  status: SubscriptionStatus;
  country: CountryCode;
  count: number;
  every: Frequency;
  next_date: string;
  pay_by: 'card' | 'wallet';
  product_id: number;
  slug: string;
  product_name: string;
  image_key: string | null;
  sku_id: number;
  sku_name: string;
  price: number | null;
  pack_units: number | null;
  daily_units: number | null;
  subscription_discount: number | null;
  address_id: number;
  address_label: string;
  recipient: string;
  place: string | null;
  brand: string | null;
  last4: string | null;
  run_date: string | null;
  run_status: 'claimed' | 'placed' | 'skipped' | 'failed' | null;
  run_failure: RunFailure | null;
  run_order: number | null;
}

function subscriptionsStatement(db: D1Database, userId: number, lang: Lang, id?: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT s.id, s.status, s.country, s.count, s.every, s.next_date, s.pay_by,
         p.id AS product_id, p.slug, p.${col('name', lang)} AS product_name,
         (SELECT i.r2_key FROM product_images i WHERE i.product_id = p.id ORDER BY i.sort_order LIMIT 1) AS image_key,
         k.id AS sku_id, k.${col('name', lang)} AS sku_name, ${priceInRowCountrySql('k', 's.country', 'price')} AS price, k.pack_units, k.daily_units, p.subscription_discount,
         a.id AS address_id, a.label AS address_label, a.recipient,
         coalesce(ar.${col('name', lang)}, ci.${col('name', lang)}) AS place,
         c.brand, c.last4,
         r.due_date AS run_date, r.status AS run_status, r.failure AS run_failure, r.order_id AS run_order
       FROM subscriptions s
       JOIN products p ON p.id = s.product_id
       JOIN skus k ON k.id = s.sku_id
       JOIN addresses a ON a.id = s.address_id
       LEFT JOIN areas ar ON ar.id = a.area_id
       LEFT JOIN dhl_cities ci ON ci.id = a.city_id
       LEFT JOIN saved_cards c ON c.id = s.card_id
       LEFT JOIN subscription_runs r ON r.subscription_id = s.id
         AND r.due_date = (SELECT max(due_date) FROM subscription_runs WHERE subscription_id = s.id)
       WHERE s.user_id = ?1 AND s.status <> 'ended' AND (?2 IS NULL OR s.id = ?2)
       ORDER BY s.status = 'cancelled', s.next_date, s.id`,
    )
    .bind(userId, id ?? null);
}

export async function subscriptionsOf(
  db: D1Database,
  userId: number,
  lang: Lang,
  id?: number,
): Promise<SubscriptionView[]> {
  const statements = [subscriptionsStatement(db, userId, lang, id), subscriptionDiscountStatement(db)];
  const needMoney = COUNTRY_CODES.some((c) => !knownCurrency(c));
  if (needMoney) statements.push(currencyStatement(db));
  const results = await db.batch(statements);
  if (needMoney) rememberCurrencies(results[2]!.results);
  const shopDiscount = readSubscriptionDiscount(results[1]!.results);
  return (results[0]!.results as unknown as Row[]).map((r) => {
    const currency = knownCurrency(r.country)!;
    const discount = r.subscription_discount ?? shopDiscount;
    return {
      id: r.id,
      status: r.status,
      country: r.country,
      product: {
        id: r.product_id,
        slug: r.slug,
        name: r.product_name,
        image: r.image_key ? thumbnailUrl(r.image_key) : null,
      },
      sku: { id: r.sku_id, name: r.sku_name },
      count: r.count,
      every: r.every,
      offered: offeredFrequencies(r, r.count),
      next_date: r.next_date,
      order_date: orderDate(r.next_date),
      // Null: her country no longer sells it (an own-priced country without its price); the run will say so.
      unit_price: r.price === null ? 0 : payableMinor(discountedPrice(r.price, discount), currency),
      discount,
      currency: currency.currency,
      address: {
        id: r.address_id,
        line: [r.address_label || r.recipient, r.place].filter(Boolean).join(' · '),
      },
      pay_by: r.pay_by,
      card: r.last4 ? { brand: r.brand ?? '', last4: r.last4 } : null,
      last_run: r.run_date
        ? { due_date: r.run_date, status: r.run_status!, failure: r.run_failure, order_id: r.run_order }
        : null,
    };
  });
}
