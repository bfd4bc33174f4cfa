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

export type BookingKind = 'blood-test' | 'consultation';

const BOOKING_TABLE: Record<BookingKind, string> = { 'blood-test': 'blood_test_orders', consultation: 'consultations' };

/** A booking's invoice once it is paid (card success, or wallet at booking), in the core. */
export function bookingInvoiceRecord(db: D1Database, kind: BookingKind, id: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO e_invoices (key, kind, booking_ref, user_id, state, requested_at)
       SELECT 'booking:${kind}:' || b.id, 'invoice', '${kind}:' || b.id, b.user_id, 'waiting', ?2
       FROM ${BOOKING_TABLE[kind]} b
       WHERE b.id = ?1 AND b.payment_state = 'paid' AND b.country IN (${E_INVOICE_COUNTRIES}) AND b.vat_basis_points > 0`,
    )
    .bind(id, now);
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
