// After a booking's batch (blood tests, a consultation), what its answer needs of the payment: paid
// from the wallet, its e-invoice (if any) was recorded with the booking and is signed now; a card's
// charge is opened and its link given (its documents are signed when the payment succeeds).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { signBookingDocuments, signSoon } from '../e-invoice-sales';
import { startCharge } from './orders';

export async function bookingPaymentUrl(
  c: Context<AppEnv>,
  user: { name: string; email: string; phone: string | null },
  booked: { paymentId: string | null; due: number; currency: string; cardMethod: string | null },
  booking: {
    /** The booking_ref its documents are recorded under (`blood-test:12`). */
    ref: string;
    /** What the log says of it should signing fail. */
    logged: Record<string, unknown>;
    description: string;
    returnPath: string;
  },
): Promise<string | null> {
  if (!booked.paymentId) signSoon(c.executionCtx, () => signBookingDocuments(c.env, booking.ref), booking.logged);
  if (!booked.paymentId || booked.due <= 0) return null;
  return startCharge(c, {
    paymentId: booked.paymentId,
    amount: booked.due,
    currency: booked.currency,
    method: booked.cardMethod!,
    description: booking.description,
    customer: { name: user.name, email: user.email, phone: user.phone },
    returnPath: booking.returnPath,
  });
}
