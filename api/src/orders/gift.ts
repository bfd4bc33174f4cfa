// Send as a gift (decision 34): the recipient's address becomes the order's delivery address, and the
// gift's own facts (recipient, message and its language, the requested day) go to order_gifts in the
// order's batch. The buyer's views read them with the order, under the order's own ownership checks.
import type { AddressInput } from '#shared/api/account-schemas';
import { messageLanguage, type GiftInput, type OrderGift } from '#shared/api/gift-schemas';
import type { OrderAddress } from './address';

/** A row of order_gifts (migration 0041). */
export interface OrderGiftRow {
  order_id: number;
  recipient: string;
  phone: string;
  message: string | null;
  message_lang: 'ar' | 'en' | null;
  delivery_date: string | null;
  created_at: number;
}

/** The gift's address part, as resolveAddress takes a typed address. */
export function giftAddress(gift: GiftInput): AddressInput {
  const { message: _m, delivery_date: _d, ...address } = gift;
  return address as AddressInput;
}

/** What the order's views show of a gift. */
export function giftOf(row: OrderGiftRow | null | undefined): OrderGift | null {
  if (!row) return null;
  return {
    recipient: row.recipient,
    phone: row.phone,
    message: row.message,
    message_lang: row.message_lang,
    delivery_date: row.delivery_date,
  };
}

/** The gift as it will be stored for this order (the phone as resolveAddress wrote it, with its dial code). */
export function giftFor(gift: GiftInput, address: OrderAddress): OrderGift {
  const message = gift.message ?? null;
  return {
    recipient: address.recipient,
    phone: address.phone,
    message,
    message_lang: message ? messageLanguage(message) : null,
    delivery_date: gift.delivery_date ?? null,
  };
}

export function giftStatement(db: D1Database, orderId: number, gift: OrderGift, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO order_gifts (order_id, recipient, phone, message, message_lang, delivery_date, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(orderId, gift.recipient, gift.phone, gift.message, gift.message_lang, gift.delivery_date, now);
}
