// WhatsApp updates (decision 43): the stop link's one tap (POST /whatsapp/stop with the token from the
// message's button, no session needed) and the account's choice (POST /user/profile/whatsapp).
// Stopping records the number (nothing more is queued to it, checked in each queueing batch), takes
// it off every order still to be updated and off the accounts that chose WhatsApp with it.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { publicUser } from '../accounts/public-user';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { contract } from '../lib/validate';
import { stoppedPhone } from '../messages/whatsapp-updates';
import { requireUser } from '../middleware/user';

function stopStatements(db: D1Database, phone: string, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'INSERT INTO whatsapp_optouts (phone, at) VALUES (?, ?) ON CONFLICT (phone) DO UPDATE SET at = excluded.at',
      )
      .bind(phone, now),
    db.prepare('UPDATE users SET whatsapp_updates_at = NULL WHERE phone = ?').bind(phone),
    db
      .prepare(
        "UPDATE orders SET whatsapp_to = NULL WHERE whatsapp_to = ? AND status NOT IN ('delivered', 'cancelled')",
      )
      .bind(phone),
  ];
}

export const whatsappRoutes = new Hono<AppEnv>().post('/stop', contract('POST /whatsapp/stop'), async (c) => {
  const phone = await stoppedPhone(c.var.config.TOKEN_SECRET, c.req.valid('json').token);
  if (!phone) throw new ApiError(400, 'whatsapp_stop_invalid');
  await c.env.DB.batch(stopStatements(c.env.DB, phone, Date.now()));
  return c.json(ok({ stopped: true }));
});

export const whatsappChoiceRoutes = new Hono<AppEnv>().post(
  '/whatsapp',
  contract('POST /user/profile/whatsapp'),
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
      await db.batch([
        db.prepare('UPDATE users SET whatsapp_updates_at = NULL WHERE id = ?').bind(user.id),
        ...(user.phone
          ? [
              db
                .prepare(
                  "UPDATE orders SET whatsapp_to = NULL WHERE user_id = ? AND whatsapp_to = ? AND status NOT IN ('delivered', 'cancelled')",
                )
                .bind(user.id, user.phone),
            ]
          : []),
      ]);
    }
    return c.json(ok({ user: publicUser({ ...user, whatsapp_updates_at: on ? now : null }) }));
  },
);
