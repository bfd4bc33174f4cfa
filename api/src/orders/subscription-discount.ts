// The shop's subscription discount (shop_settings 'subscriptions.discount', a percent): a product's own
// (products.subscription_discount) wins when set.
import { SUBSCRIPTION_RULES } from '#shared/subscriptions/frequency';

const KEY = 'subscriptions.discount';
const DEFAULT = 10;

export const subscriptionDiscountStatement = (db: D1Database) =>
  db.prepare('SELECT value FROM shop_settings WHERE key = ?').bind(KEY);

export function readSubscriptionDiscount(rows: unknown[]): number {
  const value = Number((rows[0] as { value?: string } | undefined)?.value ?? DEFAULT);
  return Number.isInteger(value) && value >= 0 && value <= SUBSCRIPTION_RULES.maxDiscount ? value : DEFAULT;
}

export const saveSubscriptionDiscount = (db: D1Database, percent: number) =>
  db
    .prepare(
      'INSERT INTO shop_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    )
    .bind(KEY, String(percent));
