// Subscribe and save (decision 45): the shopper's subscriptions and every change she makes to them.
// Another shopper's subscription is a 404 (its id says nothing). A change is one conditional UPDATE
// that names the owner and the states it applies to, then the subscription as it now is.
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { addDays, gulfDate } from '#shared/gulf-days';
import {
  dateInWindow,
  isFrequency,
  nextDate,
  orderDate,
  SUBSCRIPTION_RULES,
  type Frequency,
} from '#shared/subscriptions/frequency';
import type { SubscriptionChange } from '#shared/subscriptions/schemas';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { siteOrigin } from '../lib/site-origin';
import { contract } from '../lib/validate';
import { requireUser } from '../middleware/user';
import { gatewayFor } from '../payments/gateway-for';
import { retryRun } from '../subscriptions/run';
import { subscriptionsOf } from '../subscriptions/view';

interface Owned {
  id: number;
  status: string;
  country: string;
  every: Frequency;
  next_date: string;
  card_id: number | null;
}

async function owned(c: Context<AppEnv>, id: number, userId: number): Promise<Owned> {
  const row = await c.env.DB.prepare(
    "SELECT id, status, country, every, next_date, card_id FROM subscriptions WHERE id = ? AND user_id = ? AND status <> 'ended'",
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
  const today = gulfDate(now);
  if (s.status === 'cancelled' && change.action !== 'cancel') throw new ApiError(409, 'subscription_closed');
  const set = (sql: string, ...values: unknown[]) =>
    db
      .prepare(`UPDATE subscriptions SET ${sql}, updated_at = ? WHERE id = ? AND user_id = ?`)
      .bind(...values, now, s.id, userId);
  // The next delivery's order is placed lead days before it: from then on that delivery is on its way.
  const placing = orderDate(s.next_date) <= today;
  switch (change.action) {
    case 'skip': {
      if (placing) throw new ApiError(409, 'subscription_too_late');
      return [
        db
          .prepare(
            `INSERT INTO subscription_runs (subscription_id, due_date, status, created_at, updated_at)
             VALUES (?1, ?2, 'skipped', ?3, ?3) ON CONFLICT (subscription_id, due_date) DO NOTHING`,
          )
          .bind(s.id, s.next_date, now),
        set('next_date = ?, reminded_for = NULL', nextDate(s.next_date, s.every)),
      ];
    }
    case 'date': {
      if (placing) throw new ApiError(409, 'subscription_too_late');
      if (!dateInWindow(change.date, now)) throw new ApiError(400, 'subscription_date_invalid');
      return [set('next_date = ?, reminded_for = NULL', change.date)];
    }
    case 'every':
      if (!isFrequency(change.every)) throw new ApiError(400, 'subscription_frequency_invalid');
      return [set('every = ?', change.every)];
    case 'count':
      return [set('count = ?', change.count)];
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
      return [set("status = CASE status WHEN 'paused' THEN 'active' ELSE status END, next_date = ?", next)];
    }
    case 'cancel':
      return [set("status = 'cancelled'")];
  }
}

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/', contract('GET /subscriptions'), async (c) => {
    const user = await requireUser(c);
    return c.json(ok({ items: await subscriptionsOf(c.env.DB, user.id, c.var.lang) }));
  })
  .post('/:id{[0-9]+}', contract('POST /subscriptions/:id{[0-9]+}'), async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const s = await owned(c, id, user.id);
    await c.env.DB.batch(await changeStatement(c, s, c.req.valid('json'), user.id, Date.now()));
    return answer(c, id, user.id);
  })
  .post('/:id{[0-9]+}/retry', contract('POST /subscriptions/:id{[0-9]+}/retry'), async (c) => {
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
  });
