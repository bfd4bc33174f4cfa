// Carts left behind (issue 64): the browser's cart kept for its reminders (POST /cart/saved), a reminder
// link's cart brought back into the browser that opens it (POST /cart/restore), and the reminder mail's
// stop link (POST /cart-reminders/stop, no device needed: it is opened from a mail app). A guest's cart
// is reminded only at an address proven hers (issue 73, carts/proof.ts): the confirmation mail's link
// is POST /cart-reminders/confirm.
import { Hono } from 'hono';
import {
  cartReminderConfirmResponseSchema,
  cartReminderConfirmSchema,
  cartReminderStopResponseSchema,
  cartReminderStopSchema,
  cartRestoreResponseSchema,
  cartRestoreSchema,
  savedCartResponseSchema,
  savedCartSchema,
} from '#shared/api/cart-reminder-schemas';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { askToConfirm, confirmAddress, guestAddress } from '../carts/proof';
import { keepCart, restoreCart } from '../carts/saved';
import { readReminderSettings } from '../carts/settings';
import { stopMailStatement, stoppedIdentity } from '../carts/reminders';
import { contract } from '../contract/validate';
import { clientIp } from '../lib/client-ip';
import { emailIdentity } from '../lib/email-identity';
import { ApiError } from '../lib/errors';
import { enforce, LIMITS, limit } from '../lib/limits';
import { siteOrigin } from '../lib/site-origin';
import { currentUser } from '../middleware/user';

export const cartRoutes = new Hono<AppEnv>()
  .post(
    '/saved',
    contract({
      tag: 'cart',
      summary:
        "Keeps the browser's cart for its reminders: hers when signed in, a guest's with the e-mail she gave at checkout (reminded only once the address is proven hers: an order placed with it, or the one confirmation mail's link; never an account's address); an empty cart closes it",
      body: savedCartSchema,
      response: savedCartResponseSchema,
      messages: ['unauthorized', 'rate_limited'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const user = await currentUser(c);
      const db = c.env.DB;
      const now = Date.now();
      let owner: { userId: number } | { guestEmail: string };
      let proven = true;
      if (user) owner = { userId: user.id };
      else if (input.guest_email) {
        await enforce(db, [
          limit(LIMITS.guestCartPerIp, `guest-cart:ip:${clientIp(c)}`),
          limit(LIMITS.guestCartPerEmail, `guest-cart:email:${emailIdentity(input.guest_email)}`),
        ]);
        const address = await guestAddress(db, input.guest_email);
        // An account's address: her account's cart is the one reminded, when she is signed in. Nothing is
        // kept, and the answer is the one any other address gets, so it tells no stranger the address has
        // an account.
        if (address.registered) return c.json(ok({ saved: input.items.length > 0 }));
        owner = { guestEmail: input.guest_email };
        proven = address.proven;
      } else throw new ApiError(401, 'unauthorized');
      await keepCart(
        db,
        owner,
        { items: input.items, country: c.var.country, lang: c.var.lang },
        await readReminderSettings(db),
        now,
        proven,
        c.var.deviceId,
      );
      // Not proven yet: the address is asked once (a period) whether it wants reminders.
      if (!proven && 'guestEmail' in owner && input.items.length > 0)
        await askToConfirm(
          db,
          { secret: c.var.config.TOKEN_SECRET, siteOrigin: siteOrigin(c) },
          owner.guestEmail,
          c.var.lang,
          now,
        );
      return c.json(ok({ saved: input.items.length > 0 }));
    },
  )
  .post(
    '/restore',
    contract({
      tag: 'cart',
      summary:
        "A reminder link's cart: its SKUs and counts, for the browser that opens it (not into another signed-in account)",
      body: cartRestoreSchema,
      response: cartRestoreResponseSchema,
      messages: ['cart_link_invalid', 'cart_link_other_account', 'cart_link_expired', 'cart_link_used'],
    }),
    async (c) => {
      const user = await currentUser(c);
      const outcome = await restoreCart(
        c.env.DB,
        c.var.config.TOKEN_SECRET,
        c.req.valid('json').token,
        { userId: user?.id ?? null, deviceId: c.var.deviceId },
        Date.now(),
      );
      if (!outcome.ok) throw new ApiError(outcome.status, outcome.key);
      return c.json(ok({ items: outcome.items, country: outcome.country }));
    },
  );

export const cartReminderStopRoutes = new Hono<AppEnv>()
  .post(
    '/confirm',
    contract({
      tag: 'cart',
      summary:
        "A guest's confirmation link: her address wants cart reminders (proven hers); her open cart's first reminder is then due",
      body: cartReminderConfirmSchema,
      response: cartReminderConfirmResponseSchema,
      noDevice: true,
      messages: ['cart_reminders_confirm_invalid'],
    }),
    async (c) => {
      const db = c.env.DB;
      const outcome = await confirmAddress(
        db,
        c.var.config.TOKEN_SECRET,
        c.req.valid('json').token,
        await readReminderSettings(db),
        Date.now(),
      );
      if (!outcome.ok) throw new ApiError(400, 'cart_reminders_confirm_invalid');
      return c.json(ok({ confirmed: true as const }));
    },
  )
  .post(
    '/stop',
    contract({
      tag: 'cart',
      summary: "A cart reminder mail's stop link: no more cart reminders to the address, at once",
      body: cartReminderStopSchema,
      response: cartReminderStopResponseSchema,
      noDevice: true,
      messages: ['cart_reminders_stop_invalid'],
    }),
    async (c) => {
      const identity = await stoppedIdentity(c.var.config.TOKEN_SECRET, c.req.valid('json').token);
      if (!identity) throw new ApiError(400, 'cart_reminders_stop_invalid');
      await stopMailStatement(c.env.DB, identity, Date.now()).run();
      return c.json(ok({ stopped: true }));
    },
  );
