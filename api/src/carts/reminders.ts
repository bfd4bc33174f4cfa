// The cron's cart reminders (issue 64): each open cart whose next step is due gets it once, by the
// channels its shopper agreed to: mail (unless her address asked to stop them), WhatsApp when she chose
// updates there with a proven number (the approved template, its stop link), web push when she
// subscribed and kept the 'cart' topic. Never at night Gulf time, never after she ordered or emptied the
// cart (her order closes it in its own batch; an empty cart closes it), never for what is now out of
// stock, and never for more than a buy limit allows. Queued in the batch that records the step, on the
// condition that the cart is still the one read: a change in between leaves it for its own steps.
import { localizePath, type CountryCode, type Lang } from '#shared/locale';
import { emailIdentity } from '../lib/email-identity';
import { col } from '../lib/lang';
import { queueMailWhen } from '../mail/outbox';
import {
  WHATSAPP_TO_COLUMN,
  queueUpdate,
  stopToken,
  stopUrl as whatsappStopUrl,
  UPDATE_TEMPLATES,
} from '../messages/whatsapp-updates';
import { pushToUser } from '../push';
import { identityOf, identityToken } from './identity-token';
import { incentiveFor } from './incentive';
import { cartToken } from './saved';
import { isQuietHour, outOfQuietHours, readReminderSettings, stepDue } from './settings';
import { type ReminderLine, reminderMail, reminderPush, reminderWhatsAppText } from './texts';
import { TIME_ZONES } from '#shared/countries/delivery';
import { hourIn } from '#shared/country-days';

interface DueCart {
  id: number;
  user_id: number | null;
  country: CountryCode;
  lang: Lang;
  items: string;
  updated_at: number;
  steps_sent: number;
  email: string | null;
  whatsapp_to: string | null;
  /** 0 for a guest's cart whose address is not proven hers, or is an account's (proof.ts). */
  may_remind: number;
}

/** What a run sent: carts reminded, and the messages queued by channel. */
export interface ReminderRun {
  reminded: number;
  mail: number;
  whatsapp: number;
  push: number;
}

/** The stop link of the reminder mails: the address's identity, signed. */
const mailStopToken = (secret: string, email: string) => identityToken(secret, 'cart-stop', emailIdentity(email));

/** The address identity a stop token names, or null when its signature does not hold. */
export const stoppedIdentity = (secret: string, token: string) => identityOf(secret, 'cart-stop', token);

/** Stops the reminder mails to an address at once (the mail's link; the account's choice). */
export function stopMailStatement(db: D1Database, identity: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      'INSERT INTO cart_reminder_optouts (email_identity, at) VALUES (?, ?) ON CONFLICT (email_identity) DO UPDATE SET at = excluded.at',
    )
    .bind(identity, now);
}

/** The lines still worth a reminder: in stock and on sale, counts within the buy limit, in her language. */
async function currentLines(db: D1Database, cart: DueCart): Promise<ReminderLine[]> {
  const items = JSON.parse(cart.items) as Array<{ sku_id: number; count: number }>;
  if (items.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT s.id, p.${col('name', cart.lang)} AS product_name, s.${col('name', cart.lang)} AS sku_name, s.stock, s.buy_limit
       FROM skus s JOIN products p ON p.id = s.product_id
       WHERE s.id IN (${items.map(() => '?').join(', ')}) AND p.is_active = 1 AND s.stock > 0`,
    )
    .bind(...items.map((i) => i.sku_id))
    .all<{ id: number; product_name: string; sku_name: string; stock: number; buy_limit: number | null }>();
  const byId = new Map(results.map((r) => [r.id, r]));
  return items.flatMap((i) => {
    const sku = byId.get(i.sku_id);
    if (!sku) return [];
    const count = Math.min(i.count, sku.buy_limit ?? i.count, sku.stock);
    const name =
      sku.sku_name && sku.sku_name !== sku.product_name ? `${sku.product_name} (${sku.sku_name})` : sku.product_name;
    return [{ name, count }];
  });
}

/**
 * Sends the steps that are due, at most `limit` carts a run. Answers how many carts a reminder went to
 * (a step whose every channel is stopped is passed over, not counted) and how many messages went by each
 * channel.
 */
export async function sendCartReminders(
  env: ApiEnv,
  links: { secret: string; siteOrigin: string },
  now = Date.now(),
  limit = 50,
): Promise<ReminderRun> {
  const db = env.DB;
  const run: ReminderRun = { reminded: 0, mail: 0, whatsapp: 0, push: 0 };
  const settings = await readReminderSettings(db);
  if (!settings.enabled) return run;
  const { results } = await db
    .prepare(
      `SELECT c.id, c.user_id, c.country, c.lang, c.items, c.updated_at, c.steps_sent,
         CASE WHEN c.user_id IS NULL THEN c.guest_email ELSE nullif(u.email, '') END AS email,
         ${WHATSAPP_TO_COLUMN},
         c.user_id IS NOT NULL OR (
           EXISTS (SELECT 1 FROM cart_reminder_proofs p WHERE p.email_identity = c.guest_identity AND p.proven_at IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM users x WHERE x.email IN (lower(trim(c.guest_email)), c.guest_identity) AND x.deleted_at IS NULL)
         ) AS may_remind
       FROM saved_carts c LEFT JOIN users u ON u.id = c.user_id
       WHERE c.status = 'open' AND c.next_due_at <= ? ORDER BY c.next_due_at LIMIT ?`,
    )
    .bind(now, limit)
    .all<DueCart>();
  // Queued for delivery now, also when a tester runs the reminders as at a later hour (/dev/cart-reminders/run).
  const queuedAt = Math.min(now, Date.now());
  for (const cart of results) {
    // A guest's address nobody proved (a cart kept before proof was asked for), or one an account holds:
    // nothing is due for it (proof.ts starts it again when the address is confirmed).
    if (!cart.may_remind) {
      await db
        .prepare('UPDATE saved_carts SET next_due_at = NULL WHERE id = ? AND updated_at = ?')
        .bind(cart.id, cart.updated_at)
        .run();
      continue;
    }
    // The cron ran late into the night (a backlog), or her country's night began before the home
    // country's (issue 77): the step waits for the morning on the cart's country's clocks.
    const zone = TIME_ZONES[cart.country];
    if (isQuietHour(hourIn(zone, now), settings.quiet)) {
      await db
        .prepare("UPDATE saved_carts SET next_due_at = ? WHERE id = ? AND status = 'open'")
        .bind(outOfQuietHours(now, settings.quiet, zone), cart.id)
        .run();
      continue;
    }
    const step = cart.steps_sent + 1;
    const lines = await currentLines(db, cart);
    const still = {
      sql: "EXISTS (SELECT 1 FROM saved_carts WHERE id = ? AND status = 'open' AND updated_at = ? AND steps_sent = ?)",
      binds: [cart.id, cart.updated_at, cart.steps_sent],
    };
    const next = stepDue(settings, cart.updated_at, step + 1, zone);
    const advance = db
      .prepare(
        "UPDATE saved_carts SET steps_sent = ?, next_due_at = ? WHERE id = ? AND status = 'open' AND updated_at = ? AND steps_sent = ?",
      )
      .bind(step, lines.length ? next : null, cart.id, cart.updated_at, cart.steps_sent);
    // Nothing left worth naming (all out of stock): no reminder, and none later for this cart.
    if (lines.length === 0) {
      await advance.run();
      continue;
    }
    const token = await cartToken(links.secret, cart);
    const restoreUrl = `${links.siteOrigin}${localizePath('/cart', cart.lang)}?restore=${token}`;
    const dedupe = `cart:${cart.id}:${cart.updated_at}:step${step}`;
    const statements: D1PreparedStatement[] = [];
    // The owner's incentive goes with the second step only, as a code for her alone (incentive.ts). Only
    // the mail names it: no address, no code (a coupon nobody is told of is only a row).
    const incentive =
      step === 2 && cart.email ? incentiveFor(db, cart, settings.incentive[cart.country], queuedAt) : null;
    if (incentive) statements.push(incentive.statement);
    const record = (channel: 'mail' | 'whatsapp' | 'push', extra?: { sql: string; binds: unknown[] }) =>
      db
        .prepare(
          `INSERT INTO cart_reminders (cart_id, cart_version, step, channel, country, sent_at)
           SELECT ?, ?, ?, ?, ?, ? WHERE ${still.sql}${extra ? ` AND ${extra.sql}` : ''} ON CONFLICT (cart_id, cart_version, step, channel) DO NOTHING`,
        )
        .bind(cart.id, cart.updated_at, step, channel, cart.country, now, ...still.binds, ...(extra?.binds ?? []));
    if (cart.email) {
      const identity = emailIdentity(cart.email);
      const notStopped = {
        sql: 'NOT EXISTS (SELECT 1 FROM cart_reminder_optouts WHERE email_identity = ?)',
        binds: [identity],
      };
      const stopUrl = `${links.siteOrigin}${localizePath('/cart-reminders/stop', cart.lang)}?t=${await mailStopToken(links.secret, cart.email)}`;
      const mail = reminderMail({
        lang: cart.lang,
        country: cart.country,
        step,
        lines,
        restoreUrl,
        stopUrl,
        incentive: incentive
          ? { code: incentive.code, basisPoints: incentive.basis_points, endsAt: incentive.ends_at }
          : null,
      });
      statements.push(
        queueMailWhen(
          db,
          { to: cart.email, lang: cart.lang, kind: 'cart_reminder', dedupeKey: `${dedupe}:mail`, ...mail },
          queuedAt,
          { sql: `${still.sql} AND ${notStopped.sql}`, binds: [...still.binds, ...notStopped.binds] },
        ),
        // Recorded only when the mail was stored: an address nobody proved gets none (the outbox's gate,
        // decision 85), and the cart is not counted as reminded by mail.
        record('mail', {
          sql: `${notStopped.sql} AND EXISTS (SELECT 1 FROM mail_outbox WHERE dedupe_key = ?)`,
          binds: [...notStopped.binds, `${dedupe}:mail`],
        }),
      );
    }
    if (cart.whatsapp_to) {
      const stop = await stopToken(links.secret, cart.whatsapp_to);
      const notStopped = {
        sql: 'NOT EXISTS (SELECT 1 FROM whatsapp_optouts WHERE phone = ?)',
        binds: [cart.whatsapp_to],
      };
      statements.push(
        queueUpdate(
          db,
          {
            kind: 'cart_reminder',
            template: UPDATE_TEMPLATES.cart,
            params: [lines[0]!.name, String(lines.length)],
            text: reminderWhatsAppText({
              lang: cart.lang,
              lines,
              restoreUrl,
              stopUrl: whatsappStopUrl(links.siteOrigin, cart.lang, stop),
            }),
            buttonParam: stop,
            to: cart.whatsapp_to,
            lang: cart.lang,
            dedupeKey: `${dedupe}:whatsapp`,
          },
          queuedAt,
        ),
        record('whatsapp', notStopped),
      );
    }
    // The step is recorded last: the conditions above read the cart as it was before it.
    statements.push(advance);
    const outcome = await db.batch(statements);
    const advanced = (outcome.at(-1)?.meta.changes ?? 0) > 0;
    if (!advanced) continue;
    // Each channel is a pair (the message, its record) before the step's statement: a stopped address
    // records none. Counted by what was queued.
    const first = incentive ? 1 : 0;
    const channels = [...(cart.email ? (['mail'] as const) : []), ...(cart.whatsapp_to ? (['whatsapp'] as const) : [])];
    let sent = false;
    channels.forEach((channel, i) => {
      if ((outcome[first + 2 * i + 1]?.meta.changes ?? 0) === 0) return;
      sent = true;
      if ((outcome[first + 2 * i]?.meta.changes ?? 0) > 0) run[channel]++;
    });
    if (cart.user_id !== null) {
      const push = await pushToUser(env, cart.user_id, 'cart', (lang) => ({
        ...reminderPush(lang, lines),
        url: `/cart?restore=${token}`,
        tag: `cart-${cart.id}`,
      })).catch(() => ({ sent: 0 }));
      if (push.sent > 0) {
        sent = true;
        run.push += push.sent;
        await db
          .prepare(
            'INSERT INTO cart_reminders (cart_id, cart_version, step, channel, country, sent_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (cart_id, cart_version, step, channel) DO NOTHING',
          )
          .bind(cart.id, cart.updated_at, step, 'push', cart.country, now)
          .run();
      }
    }
    if (sent) run.reminded++;
  }
  return run;
}
