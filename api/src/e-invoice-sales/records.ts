// The record that a sale or a refund needs a Saudi e-invoice (issue 75, decision 75): a waiting row of
// `e_invoices`, written by one statement that rides in the very D1 batch that makes the sale or records
// the refund (the order's shard for orders and their refunds, the core for bookings), so a sale never
// commits without it and a crash after the commit loses nothing: signing (./sign.ts) comes after, right
// away in the request's waitUntil and else by the minute cron's sweep. Each statement decides from the
// committed rows themselves whether there is a document to make: the country's e-invoicing scheme
// (the country module's tax rule, shared/countries, never a branch on a country), VAT charged, and the shop's rule of when an order is a
// sale. INSERT OR IGNORE on the key: asking again, from any path, records it once.
import { TAX } from '#shared/countries/rules';
import { vatIncluded } from '#shared/money';
import { splitTotal } from '../e-invoices/amounts';

/** The countries whose sales are e-invoiced, as an SQL list (`''` when none: nothing matches). */
const E_INVOICE_COUNTRIES =
  Object.entries(TAX)
    .filter(([, tax]) => tax.invoice === 'zatca')
    .map(([code]) => `'${code}'`)
    .join(', ') || "''";

/**
 * When an order is a sale (the shop's existing rule, as the co-purchase counts and the cash reports read
 * it): paid at once (card or pay-later when the gateway reports success, wallet and points at placement)
 * from `paid` on; cash on delivery once delivered (the money is taken at the door, and a COD order
 * cancelled before then was never a sale, so it needs no credit note).
 */
const ORDER_IS_SALE = `((o.payment_method <> 'cod' AND o.status IN ('paid', 'processing', 'shipped', 'delivered'))
  OR (o.payment_method = 'cod' AND o.status = 'delivered'))`;

/** Whether an order of this country makes e-invoices, for readers that only need the yes or no. */
export function eInvoiced(country: string): boolean {
  return (TAX as Record<string, { invoice: string } | undefined>)[country]?.invoice === 'zatca';
}

/**
 * The VAT a sale of this country stores and prints: where it issues e-invoices, the document's, ZATCA's
 * round(X × rate) of the taxable amount X (e-invoices/amounts.ts), which in about one total in 25 is a
 * halala off the VAT rounded from the inclusive total; elsewhere that VAT as before.
 */
export function saleVat(country: string, total: number, vatBasisPoints: number): number {
  return eInvoiced(country) ? splitTotal(total, vatBasisPoints).vat : vatIncluded(total, vatBasisPoints);
}

/** The order's invoice, if the order (as the same batch leaves it) is a sale in an e-invoicing country. */
export function orderInvoiceRecord(db: D1Database, orderId: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO e_invoices (key, kind, order_id, user_id, state, requested_at)
       SELECT 'order:' || o.id, 'invoice', o.id, o.user_id, 'waiting', ?2 FROM orders o
       WHERE o.id = ?1 AND o.country IN (${E_INVOICE_COUNTRIES}) AND o.vat_basis_points > 0 AND ${ORDER_IS_SALE}`,
    )
    .bind(orderId, now);
}

/**
 * A credit note for each refund of the order not failed and not yet recorded, when the order has an
 * invoice (an order that never was a sale has nothing to correct). Found by refund_id, not by key: a
 * shopper moved to another shard keeps her documents' keys while her refunds get new ids there.
 */
export function orderCreditRecords(db: D1Database, orderId: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO e_invoices (key, kind, order_id, refund_id, invoice_key, user_id, state, requested_at)
       SELECT 'refund:' || r.id, 'credit-note', r.order_id, r.id, 'order:' || r.order_id, o.user_id, 'waiting', ?2
       FROM refunds r JOIN orders o ON o.id = r.order_id
       WHERE r.order_id = ?1 AND r.status <> 'failed'
         AND EXISTS (SELECT 1 FROM e_invoices i WHERE i.order_id = r.order_id AND i.kind = 'invoice')
         AND NOT EXISTS (SELECT 1 FROM e_invoices c WHERE c.refund_id = r.id AND c.kind = 'credit-note')`,
    )
    .bind(orderId, now);
}

export type BookingKind = 'blood-test' | 'consultation' | 'package';

const BOOKING_TABLE: Record<BookingKind, string> = {
  'blood-test': 'blood_test_orders',
  consultation: 'consultations',
  package: 'consultation_credits',
};

/**
 * When a booking is a sale: paid (card success, wallet at booking, a package bought); a blood test paid
 * at the visit once the nurse has been (the visit's collection step: the money is taken at the door, as
 * cash on delivery, and a visit cancelled before then was never a sale). A consultation booked from a
 * package is not a sale (its state is 'package'): the package's purchase was.
 */
const BOOKING_IS_SALE = `(b.payment_state = 'paid' OR (b.payment_state = 'pay_at_visit'
  AND b.status IN ('sample_collected', 'at_lab', 'results_ready')))`;

/** A booking's invoice once it is a sale, in the core. */
export function bookingInvoiceRecord(db: D1Database, kind: BookingKind, id: number, now: number): D1PreparedStatement {
  // A package has no status column: only 'paid' makes it a sale.
  const isSale = kind === 'blood-test' ? BOOKING_IS_SALE : "b.payment_state = 'paid'";
  return db
    .prepare(
      `INSERT OR IGNORE INTO e_invoices (key, kind, booking_ref, user_id, state, requested_at)
       SELECT 'booking:${kind}:' || b.id, 'invoice', '${kind}:' || b.id, b.user_id, 'waiting', ?2
       FROM ${BOOKING_TABLE[kind]} b
       WHERE b.id = ?1 AND ${isSale} AND b.country IN (${E_INVOICE_COUNTRIES}) AND b.vat_basis_points > 0`,
    )
    .bind(id, now);
}

/**
 * A credit note for money a booking gives back without a `refunds` row (a blood test's cancel, the
 * wallet part of a consultation's refund): its amount is written with the need (`total_minor`). A blood
 * test is cancelled once; a consultation may give money back more than once, so its key adds the
 * consultation's refunded total as the batch leaves it (this statement comes after the batch's update
 * of it): that total only grows, so each refund has its own key and a repeat of the batch none new.
 * Only when the booking has an invoice (a booking that never was a sale has nothing to correct).
 */
export function bookingCreditRecord(
  db: D1Database,
  kind: BookingKind,
  id: number,
  amount: number,
  now: number,
): D1PreparedStatement {
  const tag = kind === 'consultation' ? "':w' || (SELECT refunded FROM consultations WHERE id = ?1)" : "''";
  return db
    .prepare(
      `INSERT OR IGNORE INTO e_invoices (key, kind, booking_ref, invoice_key, user_id, total_minor, state, requested_at)
       SELECT 'booking-refund:${kind}:' || b.id || ${tag}, 'credit-note', '${kind}:' || b.id, i.key, i.user_id, ?2, 'waiting', ?3
       FROM ${BOOKING_TABLE[kind]} b JOIN e_invoices i ON i.key = 'booking:${kind}:' || b.id WHERE b.id = ?1 AND ?2 > 0`,
    )
    .bind(id, amount, now);
}

/**
 * A debit note (383) for a card refund of an order that the gateway failed after its credit note was
 * recorded: the chain is never changed, so the note that said the money went back is reversed by a
 * document naming it. Rides in the batch that marks the refund failed; recorded whether the credit note
 * is signed yet or not (the signer decides: a credit note still waiting when its refund failed is
 * dropped, and this with it, sign.ts), so a note signed in the same instant is never left unreversed.
 */
export function orderDebitRecord(db: D1Database, refundId: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO e_invoices (key, kind, order_id, refund_id, invoice_key, user_id, state, requested_at)
       SELECT 'debit:' || c.key, 'debit-note', c.order_id, c.refund_id, c.key, c.user_id, 'waiting', ?2
       FROM e_invoices c JOIN refunds r ON r.id = c.refund_id
       WHERE c.refund_id = ?1 AND c.kind = 'credit-note' AND c.order_id IS NOT NULL AND r.status = 'failed'`,
    )
    .bind(refundId, now);
}

/** A credit note for each refund of a consultation not failed and not yet recorded, when it has an invoice. */
export function consultationCreditRecords(db: D1Database, consultationId: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO e_invoices (key, kind, refund_id, booking_ref, invoice_key, user_id, state, requested_at)
       SELECT 'booking-refund:consultation:' || r.id, 'credit-note', r.id, 'consultation:' || r.consultation_id,
         i.key, i.user_id, 'waiting', ?2
       FROM refunds r JOIN e_invoices i ON i.key = 'booking:consultation:' || r.consultation_id
       WHERE r.consultation_id = ?1 AND r.status <> 'failed'
         AND NOT EXISTS (SELECT 1 FROM e_invoices c WHERE c.refund_id = r.id AND c.kind = 'credit-note')`,
    )
    .bind(consultationId, now);
}
