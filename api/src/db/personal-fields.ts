// What of an order names the shopper (decisions 49 and 64), in one place: the erasure of her account
// (data-rights/erase-account.ts) and the end of an order's tax period (retention/windows.ts, archive/expire.ts)
// empty the same fields. The order keeps what its tax invoice needs: its number, dates, country,
// currency, lines, amounts, VAT, promotions, payments' and refunds' amounts and methods.

/** The orders row's personal fields emptied: the address keeps only its country (the VAT's place of supply). */
export const ORDER_PERSONAL_SET =
  "address = json_object('country', country), guest_email = NULL, guest_phone = NULL, whatsapp_to = NULL, tracking_number = NULL, tracking_url = NULL";

/** A gift's recipient, her number and the card's message (the delivery date and language stay). */
export const GIFT_PERSONAL_SET = "recipient = '', phone = '', message = NULL";

/** Staff notes on an order's timeline and refunds may name her. */
export const NOTE_PERSONAL_SET = 'note = NULL';

/** The number an STC Pay payment was paid from. */
export const PAYMENT_PERSONAL_SET = 'payer_phone = NULL';

/** An orders row (as SELECT * gives it, e.g. a cold order's file) with the same fields emptied. */
export function withoutPersonalFields(order: Record<string, unknown>): Record<string, unknown> {
  return {
    ...order,
    address: JSON.stringify({ country: order.country }),
    guest_email: null,
    guest_phone: null,
    whatsapp_to: null,
    tracking_number: null,
    tracking_url: null,
  };
}
