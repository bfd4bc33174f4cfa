// Subscribe and save (decision 45): the shopper's subscriptions and every change she makes to them.
// Another shopper's subscription is a 404 (its id says nothing). A change is one conditional UPDATE
// that names the owner and the states it applies to, then the subscription as it now is.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { countryDate, timeZoneOf } from '#shared/country-days';
import { addDays } from '#shared/gulf-days';
import {
  dateInWindow,
  nextDate,
  offeredFrequencies,
  orderDate,
  SUBSCRIPTION_RULES,
  type Frequency,
} from '#shared/subscriptions/frequency';
import type { SubscriptionChange } from '#shared/subscriptions/schemas';
import type { CountryCode } from '#shared/countries';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { siteOrigin } from '../lib/site-origin';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import { gatewayFor } from '../payment-gateway/gateway-for';
import { retryRun } from '../subscriptions/run';
import { subscriptionsOf } from '../subscriptions/view';
import { idParams } from '#shared/api/route-schemas';
import { subscriptionChangeSchema } from '#shared/subscriptions/schemas';
import { subscriptionListSchema, subscriptionViewSchema } from '#shared/subscriptions/answer-schemas';

interface Owned {
  id: number;
  status: string;
  country: CountryCode;
  every: Frequency;
  next_date: string;
  card_id: number | null;
  sku_id: number;
  count: number;
}

async function owned(c: Context<AppEnv>, id: number, userId: number): Promise<Owned> {
  const row = await c.env.DB.prepare(
    "SELECT id, status, country, every, next_date, card_id, sku_id, count FROM subscriptions WHERE id = ? AND user_id = ? AND status <> 'ended'",
  )
    .bind(id, userId)
    .first<Owned>();
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

async function answer(c: Context<AppEnv>, id: number, userId: number) {
  const [view] = await subscriptionsOf(c.env.DB, userId, c.var.lang, id);
  if (!view) throw new ApiError(404, 'not_found');
  return c.json(ok(view));
}

/** The statement a change makes (SET …), checked against the subscription as it stands. */
async function changeStatement(
  c: Context<AppEnv>,
  s: Owned,
  change: SubscriptionChange,
  userId: number,
  now: number,
): Promise<D1PreparedStatement[]> {
  const db = c.env.DB;
  // The subscription's dates are its country's: today is the country's today.
  const today = countryDate(s.country, now);
  if (s.status === 'cancelled' && change.action !== 'cancel') throw new ApiError(409, 'subscription_closed');
  // Each change applies to the subscription as it was read: a job that placed its order (and moved its
  // date) or another change since makes it change nothing, and the shopper is told (409).
  const set = (sql: string, ...values: unknown[]) =>
    db
      .prepare(
        `UPDATE subscriptions SET ${sql}, updated_at = ? WHERE id = ? AND user_id = ? AND status = ? AND next_date = ?`,
      )
      .bind(...values, now, s.id, userId, s.status, s.next_date);
  // The next delivery's order is placed lead days before it: from then on that delivery is on its way.
  const placing = orderDate(s.next_date) <= today;
  switch (change.action) {
    case 'skip': {
      if (placing) throw new ApiError(409, 'subscription_too_late');
      return [
        db
          .prepare(
            `INSERT INTO subscription_runs (subscription_id, due_date, status, created_at, updated_at)
             SELECT ?1, ?2, 'skipped', ?3, ?3
             WHERE EXISTS (SELECT 1 FROM subscriptions WHERE id = ?1 AND next_date = ?2 AND status = ?4)
             ON CONFLICT (subscription_id, due_date) DO NOTHING`,
          )
          .bind(s.id, s.next_date, now, s.status),
        set('next_date = ?, reminded_for = NULL', nextDate(s.next_date, s.every)),
      ];
    }
    case 'date': {
      if (placing) throw new ApiError(409, 'subscription_too_late');
      if (!dateInWindow(change.date, now, timeZoneOf(s.country))) throw new ApiError(400, 'subscription_date_invalid');
      return [
        // A day skipped before and chosen again is a delivery again.
        db
          .prepare("DELETE FROM subscription_runs WHERE subscription_id = ? AND due_date = ? AND status = 'skipped'")
          .bind(s.id, change.date),
        set('next_date = ?, reminded_for = NULL', change.date),
      ];
    }
    case 'every': {
      // What the pack suits at this quantity (its dosage's period, or whole months), or what it is.
      const sku = await skuOf(db, s.sku_id);
      if (change.every !== s.every && !offeredFrequencies(sku, s.count).includes(change.every))
        throw new ApiError(400, 'subscription_frequency_invalid');
      return [set('every = ?', change.every)];
    }
    case 'count': {
      const sku = await skuOf(db, s.sku_id);
      if (sku.buy_limit !== null && change.count > sku.buy_limit) throw new ApiError(400, 'subscription_count_invalid');
      return [set('count = ?', change.count)];
    }
    case 'address': {
      const address = await db
        .prepare('SELECT id FROM addresses WHERE id = ? AND user_id = ? AND country = ? AND deleted_at IS NULL')
        .bind(change.address_id, userId, s.country)
        .first();
      if (!address) throw new ApiError(400, 'address_required');
      return [set('address_id = ?', change.address_id)];
    }
    case 'pay_by':
      if (change.pay_by === 'card' && s.card_id === null) throw new ApiError(409, 'subscription_no_card');
      return [set('pay_by = ?', change.pay_by)];
    case 'pause':
      return [set("status = CASE status WHEN 'active' THEN 'paused' ELSE status END")];
    case 'resume': {
      // Paused past its order date: the next delivery is the soonest a change may move it to.
      const next = placing ? addDays(today, SUBSCRIPTION_RULES.minDaysAhead) : s.next_date;
      return [
        set(
          "next_date = CASE status WHEN 'paused' THEN ? ELSE next_date END, status = CASE status WHEN 'paused' THEN 'active' ELSE status END",
          next,
        ),
      ];
    }
    case 'cancel':
      return [set("status = 'cancelled'")];
  }
}

async function skuOf(db: D1Database, skuId: number) {
  const sku = await db
    .prepare('SELECT buy_limit, pack_units, daily_units FROM skus WHERE id = ?')
    .bind(skuId)
    .first<{ buy_limit: number | null; pack_units: number | null; daily_units: number | null }>();
  if (!sku) throw new ApiError(409, 'subscription_closed');
  return sku;
}

export const subscriptionRoutes = new Hono<AppEnv>()
  .get(
    '/',
    contract({
      tag: 'subscriptions',
      summary:
        "The shopper's subscriptions: product, quantity, frequency (and the ones the product offers), next delivery and order dates, the next order's unit price after the discount, address, how it is paid and the latest run (a failed one says why)",
      user: true,
      response: subscriptionListSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(ok({ items: await subscriptionsOf(c.env.DB, user.id, c.var.lang) }));
    },
  )
  .post(
    '/:id{[0-9]+}',
    contract({
      tag: 'subscriptions',
      summary:
        'Change one thing: skip the next delivery, move its date (4–180 days ahead), the frequency, the quantity, the address, card or wallet; pause, resume or cancel. Answers the subscription as it now is',
      params: idParams,
      badParams: 'not_found',
      user: true,
      body: subscriptionChangeSchema,
      response: subscriptionViewSchema,
      messages: [
        'not_found',
        'subscription_closed',
        'subscription_too_late',
        'subscription_date_invalid',
        'subscription_frequency_invalid',
        'subscription_count_invalid',
        'address_required',
        'subscription_no_card',
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      const s = await owned(c, id, user.id);
      const results = await c.env.DB.batch(await changeStatement(c, s, c.req.valid('json'), user.id, Date.now()));
      // The change is the batch's last statement: nothing changed means the subscription moved on meanwhile.
      if (!results.at(-1)!.meta.changes) throw new ApiError(409, 'subscription_too_late');
      return answer(c, id, user.id);
    },
  )
  .post(
    '/:id{[0-9]+}/retry',
    contract({
      tag: 'subscriptions',
      summary:
        'Try again now the order of a failed run that placed none (out of stock, no card, wallet short), within 7 days of its date; a declined card is paid from its order instead',
      params: idParams,
      badParams: 'not_found',
      user: true,
      response: subscriptionViewSchema,
      messages: ['not_found', 'subscription_nothing_to_retry'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      await owned(c, id, user.id);
      const outcome = await retryRun(
        c.env,
        { gateway: gatewayFor(c.var.config), siteOrigin: siteOrigin(c) },
        id,
        user.id,
      );
      if (!outcome) throw new ApiError(409, 'subscription_nothing_to_retry');
      return answer(c, id, user.id);
    },
  );
