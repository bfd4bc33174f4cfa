// A shopper's cart as the shop keeps it (issue 64): the browser's cart is the truth (spec §4); this copy
// is what a reminder names and what its link brings back. One open cart a shopper (her account, or a
// guest's e-mail identity): the next one she keeps replaces it, with a new link and the reminder steps
// starting again. An empty cart closes it; an order closes it in the order's own batch (orderedStatements).
import { hmacHex } from '#shared/api/signing';
import { timingSafeEqualText } from '#shared/bytes';
import type { SavedCartInput } from '#shared/api/cart-reminder-schemas';
import type { CountryCode, Lang } from '#shared/locale';
import { emailIdentity } from '../lib/email-identity';
import { provenByOrderStatement } from './proof';
import { firstStepDue, type ReminderSettings } from './settings';
import { TIME_ZONES } from '#shared/countries/delivery';

/** Whose cart: her account, or a guest's e-mail. */
export type CartOwner = { userId: number } | { guestEmail: string };

interface SavedCartRow {
  id: number;
  user_id: number | null;
  guest_email: string | null;
  country: CountryCode;
  lang: Lang;
  items: string;
  status: 'open' | 'ordered' | 'emptied';
  updated_at: number;
  steps_sent: number;
  next_due_at: number | null;
  opened_at: number | null;
}

/** A restore link lives this long after the cart was kept: a week's cart is not brought back a month on. */
export const CART_LINK_DAYS = 14;

const ownerColumn = (owner: CartOwner) =>
  'userId' in owner
    ? { where: 'user_id = ?', value: owner.userId }
    : { where: 'guest_identity = ?', value: emailIdentity(owner.guestEmail) };

/** The same lines in the same order: the same cart, whose reminders go on as they were. */
const sameLines = (a: SavedCartInput['items'], b: SavedCartInput['items']) =>
  a.length === b.length && a.every((l, i) => l.sku_id === b[i]!.sku_id && l.count === b[i]!.count);

/** Lines by SKU, counts summed, in a stable order (the browser's order of keys is not one). */
function normalisedLines(items: SavedCartInput['items']): SavedCartInput['items'] {
  const counts = new Map<number, number>();
  for (const l of items) counts.set(l.sku_id, (counts.get(l.sku_id) ?? 0) + l.count);
  return [...counts].sort(([a], [b]) => a - b).map(([sku_id, count]) => ({ sku_id, count }));
}

/**
 * The link's token: the cart's id and an HMAC over it and its last change. Nothing is stored: a changed
 * cart (a new one left behind) makes the earlier links invalid by itself.
 */
export async function cartToken(secret: string, cart: { id: number; updated_at: number }): Promise<string> {
  return `${cart.id}.${(await hmacHex(secret, `cart-link|${cart.id}|${cart.updated_at}`)).slice(0, 40)}`;
}

/**
 * Keeps her cart as it is now. A changed cart is a new cart left behind: a new link, its first step due
 * after the owner's delay (none while reminders are off, nor for a guest's address not proven hers). The same lines again (another tab, a reload)
 * change nothing. An empty one closes the open cart.
 */
export async function keepCart(
  db: D1Database,
  owner: CartOwner,
  input: { items: SavedCartInput['items']; country: CountryCode; lang: Lang },
  settings: ReminderSettings,
  now: number,
  /** False for a guest's address not yet proven hers (proof.ts): kept, but no step is due until it is. */
  remind = true,
  /** The browser keeping it (its device id): a guest's open cart changes only from the one that kept it. */
  device: string | null = null,
): Promise<void> {
  const lines = normalisedLines(input.items);
  const who = ownerColumn(owner);
  const current = await db
    .prepare(`SELECT id, status, items, keeper_device FROM saved_carts WHERE ${who.where}`)
    .bind(who.value)
    .first<{ id: number; status: SavedCartRow['status']; items: string; keeper_device: string | null }>();
  // A guest's cart is found by her address alone, so it is also tied to the browser that kept it (or that
  // brought it back by its reminder's signed link). Another browser (a stranger who knows the address, or
  // hers without the link) never replaces it: an open cart is closed instead, so no reminder names lines
  // one browser left under another's address, and a closed one stays closed for it. Only a cart that
  // became an order may be kept anew by any browser. The answer is the same as ever.
  const guest = 'guestEmail' in owner;
  const foreign = guest && current != null && current.keeper_device !== null && current.keeper_device !== device;
  if (lines.length === 0 || foreign) {
    if (current?.status === 'open')
      await db
        .prepare("UPDATE saved_carts SET status = 'emptied', next_due_at = NULL WHERE id = ?")
        .bind(current.id)
        .run();
    if (lines.length === 0 || current?.status !== 'ordered') return;
  }
  if (current?.status === 'open' && sameLines(JSON.parse(current.items), lines)) return;
  const due = remind ? firstStepDue(settings, now, TIME_ZONES[input.country]) : null;
  // One row a shopper: a later cart takes the row over (the old link stops working), its counts and
  // outcome start again; the reminders it was sent stay for the owner's figures.
  await db
    .prepare(
      `INSERT INTO saved_carts (user_id, guest_email, guest_identity, country, lang, items, status, updated_at, steps_sent, next_due_at, keeper_device)
       VALUES (?, ?, ?, ?, ?, ?, 'open', ?, 0, ?, ?)
       ON CONFLICT DO UPDATE SET country = excluded.country, lang = excluded.lang, items = excluded.items,
         status = 'open', updated_at = excluded.updated_at, steps_sent = 0,
         next_due_at = excluded.next_due_at, opened_at = NULL, ordered_at = NULL, order_id = NULL,
         recovered_minor = NULL, currency = NULL, guest_email = excluded.guest_email,
         keeper_device = excluded.keeper_device`,
    )
    .bind(
      'userId' in owner ? owner.userId : null,
      'guestEmail' in owner ? owner.guestEmail : null,
      'guestEmail' in owner ? emailIdentity(owner.guestEmail) : null,
      input.country,
      input.lang,
      JSON.stringify(lines),
      now,
      due,
      guest ? device : null,
    )
    .run();
}

/**
 * For the order's batch: her open cart is ordered, no more reminders; its total counts as recovered
 * when a reminder went before it. A signed-in shopper's by account; a guest order's by her e-mail's
 * identity, and her account's cart too when she ordered as a guest with its address.
 */
export function orderedStatements(
  db: D1Database,
  shopper: { userId: number | null; email: string },
  order: { id: number; total: number; currency: string; paid: boolean },
  now: number,
): D1PreparedStatement[] {
  const hers = `status = 'open' AND (user_id = ?1 OR (?1 IS NULL AND (guest_identity = ?2
    OR user_id = (SELECT id FROM users WHERE email = lower(trim(?3)) AND deleted_at IS NULL))))`;
  const who = [shopper.userId, emailIdentity(shopper.email), shopper.email];
  return [
    // The reminders this cart was sent (this cart's, not an earlier one's of the same row) recovered it:
    // the owner's figures, which keep the order's id (the row forgets it when her next cart takes it over).
    db
      .prepare(
        `UPDATE cart_reminders SET recovered_minor = ?4, currency = ?5, order_id = ?6
         WHERE cart_id IN (SELECT id FROM saved_carts WHERE ${hers})
           AND cart_version = (SELECT updated_at FROM saved_carts WHERE id = cart_reminders.cart_id)`,
      )
      .bind(...who, order.total, order.currency, order.id),
    db
      .prepare(
        `UPDATE saved_carts SET status = 'ordered', next_due_at = NULL, ordered_at = ?4, order_id = ?5,
           recovered_minor = CASE WHEN steps_sent > 0 THEN ?6 END, currency = ?7
         WHERE ${hers}`,
      )
      .bind(...who, now, order.id, order.total, order.currency),
    // A guest's order paid as she places it (her wallet) proves the address she gave is hers: her next
    // carts there are reminded (proof.ts). A card order proves it once paid (payments/outcome.ts), a cash
    // order once delivered (order-office/steps.ts): an order placed and never paid proves nothing.
    ...(shopper.userId === null && order.paid ? [provenByOrderStatement(db, shopper.email, now)] : []),
  ];
}

export type RestoreOutcome =
  | { ok: true; items: SavedCartInput['items']; country: CountryCode }
  | {
      ok: false;
      status: 400 | 403 | 410;
      key: 'cart_link_invalid' | 'cart_link_other_account' | 'cart_link_expired' | 'cart_link_used';
    };

/**
 * The cart a reminder's link names. Anyone holding the link may bring its lines into the browser they
 * open it in (her phone, her laptop), and sees only SKUs and counts; a browser signed in to another
 * account gets nothing, and nothing is written into that account.
 */
export async function restoreCart(
  db: D1Database,
  secret: string,
  token: string,
  viewer: { userId: number | null; deviceId: string | null },
  now: number,
): Promise<RestoreOutcome> {
  const id = Number(token.slice(0, token.indexOf('.')));
  const row = await db
    .prepare('SELECT id, user_id, items, country, status, updated_at, opened_at FROM saved_carts WHERE id = ?')
    .bind(id)
    .first<Pick<SavedCartRow, 'id' | 'user_id' | 'items' | 'country' | 'status' | 'updated_at' | 'opened_at'>>();
  // An unknown id and a signature that does not hold (a forged or an older cart's link) read the same.
  if (!row || !timingSafeEqualText(token, await cartToken(secret, row)))
    return { ok: false, status: 400, key: 'cart_link_invalid' };
  if (viewer.userId !== null && row.user_id !== null && viewer.userId !== row.user_id)
    return { ok: false, status: 403, key: 'cart_link_other_account' };
  if (row.status === 'ordered') return { ok: false, status: 410, key: 'cart_link_used' };
  if (row.status !== 'open' || row.updated_at + CART_LINK_DAYS * 86_400_000 < now)
    return { ok: false, status: 410, key: 'cart_link_expired' };
  // A guest's cart brought back in a browser signed in to nothing: the link proved that browser holds
  // her mail, so it keeps the cart from now on (keepCart).
  const keeper =
    row.user_id === null && viewer.userId === null && viewer.deviceId !== null
      ? [db.prepare('UPDATE saved_carts SET keeper_device = ? WHERE id = ?').bind(viewer.deviceId, row.id)]
      : [];
  // The first opening: the cart's, and its reminders' since its last change (the owner's figures).
  const opening =
    row.opened_at === null
      ? [
          db.prepare('UPDATE saved_carts SET opened_at = ? WHERE id = ?').bind(now, row.id),
          db
            .prepare(
              'UPDATE cart_reminders SET opened_at = ? WHERE cart_id = ? AND cart_version = ? AND opened_at IS NULL',
            )
            .bind(now, row.id, row.updated_at),
        ]
      : [];
  if (keeper.length + opening.length > 0) await db.batch([...keeper, ...opening]);
  return { ok: true, items: JSON.parse(row.items), country: row.country };
}
