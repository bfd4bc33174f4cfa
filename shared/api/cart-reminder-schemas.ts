// Carts left behind (issue 64): what the browser sends of a cart it keeps, the reminder link's restore
// and the mail's stop link, for the API (api/src/routes/carts.ts) and the pages that send them.
import { SAVED_CART_MAX_LINES } from '../carts/saved-cart';
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';

const line = z.object({
  sku_id: z.number().int().positive(),
  count: z.number().int().min(1).max(999),
});

/**
 * The cart as it is now. Signed in: hers. A guest: only with the e-mail she gave at checkout. An empty
 * list says she emptied it (or ordered: the order itself says so, in its batch).
 */
export const savedCartSchema = z.object({
  items: z.array(line).max(SAVED_CART_MAX_LINES),
  guest_email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'item_validation_error' }))
    .optional(),
});
export type SavedCartInput = z.infer<typeof savedCartSchema>;

export const savedCartResponseSchema = z.object({ saved: z.boolean() });

/** The reminder link's token: the cart's id and a signature over it and the cart's last change. */
const token = z.string().regex(/^\d{1,15}\.[0-9a-f]{40}$/, { error: 'cart_link_invalid' });

export const cartRestoreSchema = z.object({ token });

/** What the link brings back: SKUs, counts and the cart's country, nothing of whose cart it was. */
export const cartRestoreResponseSchema = z.object({ items: z.array(line), country: z.enum(COUNTRY_CODES) });

export const cartReminderStopSchema = z.object({
  token: z.string().regex(/^[^\s.]{3,254}\.[0-9a-f]{32}$/, { error: 'cart_reminders_stop_invalid' }),
});
export const cartReminderStopResponseSchema = z.object({ stopped: z.literal(true) });

/** A guest's confirmation link (issue 73): her address's identity, signed (api/src/carts/proof.ts). */
export const cartReminderConfirmSchema = z.object({
  token: z.string().regex(/^[^\s.]{3,400}\.[0-9a-f]{32}$/, { error: 'cart_reminders_confirm_invalid' }),
});
export const cartReminderConfirmResponseSchema = z.object({ confirmed: z.literal(true) });
