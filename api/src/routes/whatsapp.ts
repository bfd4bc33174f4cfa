// WhatsApp updates (decision 43): the stop link's one tap (POST /whatsapp/stop with the token from the
// message's button, no session needed) and the account's choice (POST /user/profile/whatsapp).
// Stopping records the number (nothing more is queued to it, checked in each queueing batch), takes
// it off every order still to be updated and off the accounts that chose WhatsApp with it.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { publicUser, withUser } from '../accounts/public-user';
import { z } from '#shared/zod';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { contract } from '../contract/validate';
import { stoppedPhone } from '../messages/whatsapp-updates';
import { requireUser } from '../middleware/user';
import { routeFrom, routeStatement, shardDatabase, userOwner } from '../db/databases';
import { whatsappStopSchema, whatsappChoiceSchema } from '#shared/api/phone-auth-schemas';

/** The orders of any shopper still to be updated at this number: in every order shard (decision 61). */
const stopOrdersSql =
  "UPDATE orders SET whatsapp_to = NULL WHERE whatsapp_to = ? AND status NOT IN ('delivered', 'cancelled')";

function stopStatements(db: D1Database, phone: string, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'INSERT INTO whatsapp_optouts (phone, at) VALUES (?, ?) ON CONFLICT (phone) DO UPDATE SET at = excluded.at',
      )
      .bind(phone, now),
    db.prepare('UPDATE users SET whatsapp_updates_at = NULL WHERE phone = ?').bind(phone),
    db.prepare(stopOrdersSql).bind(phone),
  ];
}

export const whatsappRoutes = new Hono<AppEnv>().post(
  '/stop',
  contract({
    tag: 'accounts',
    summary: 'The stop link of a WhatsApp update: nothing more goes to the number until it opts in again',
    body: whatsappStopSchema,
    response: z.object({ stopped: z.literal(true) }),
    messages: ['whatsapp_stop_invalid'],
  }),
  async (c) => {
    const phone = await stoppedPhone(c.var.config.TOKEN_SECRET, c.req.valid('json').token);
    if (!phone) throw new ApiError(400, 'whatsapp_stop_invalid');
    const db = c.env.DB;
    // Shard 0's orders in the core's batch, as before; the other shards' (listed in that batch) after it.
    const results = await db.batch([
      ...stopStatements(db, phone, Date.now()),
      db.prepare("SELECT binding FROM order_shards WHERE state <> 'retired' AND binding <> 'DB' ORDER BY id"),
    ]);
    const others = results.at(-1)!.results as Array<{ binding: string }>;
    await Promise.all(
      others.map(({ binding }) => shardDatabase(c.env, binding).prepare(stopOrdersSql).bind(phone).run()),
    );
    return c.json(ok({ stopped: true }));
  },
);

export const whatsappChoiceRoutes = new Hono<AppEnv>().post(
  '/whatsapp',
  contract({
    tag: 'accounts',
    summary: 'Order updates and visit reminders on WhatsApp to the proven phone, on or off (409 whatsapp_needs_phone)',
    body: whatsappChoiceSchema,
    user: true,
    response: withUser,
    messages: ['whatsapp_needs_phone'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { on } = c.req.valid('json');
    const db = c.env.DB;
    const now = Date.now();
    if (on) {
      // Updates go to a number the shopper proved is hers, never to one only typed.
      if (!user.phone || !user.phone_verified_at) throw new ApiError(409, 'whatsapp_needs_phone');
      await db.batch([
        db.prepare('UPDATE users SET whatsapp_updates_at = ? WHERE id = ?').bind(now, user.id),
        db.prepare('DELETE FROM whatsapp_optouts WHERE phone = ?').bind(user.phone),
      ]);
    } else {
      // Her orders are in her order shard (decision 61): her route rides in the core's batch, and in
      // another shard her orders are updated there (one round trip more).
      const ordersOff = (on: D1Database) =>
        on
          .prepare(
            "UPDATE orders SET whatsapp_to = NULL WHERE user_id = ? AND whatsapp_to = ? AND status NOT IN ('delivered', 'cancelled')",
          )
          .bind(user.id, user.phone);
      const [route] = await db.batch([
        routeStatement(c.env, userOwner(user.id)),
        db.prepare('UPDATE users SET whatsapp_updates_at = NULL WHERE id = ?').bind(user.id),
        ...(user.phone ? [ordersOff(db)] : []),
      ]);
      const where = routeFrom(c.env, route!.results[0] as Parameters<typeof routeFrom>[1]);
      if (user.phone && where.binding !== 'DB') {
        if (where.moving) throw new ApiError(503, 'service_busy');
        await ordersOff(where.db).run();
      }
    }
    return c.json(ok({ user: publicUser({ ...user, whatsapp_updates_at: on ? now : null }) }));
  },
);
