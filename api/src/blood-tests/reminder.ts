// The preparation reminder: from 18:00 the evening before a booked visit (on the visit's country's
// clocks), once, a mail in the order's language with the window, the address and each test's
// preparation. Run by the cron;
// reminded_at (set in the same batch as the queued mail) and the mail's dedupe key make it once.
import { BOOKING_RULES, reminderDueAt } from '#shared/blood-tests/slot-rules';
import { queueMail } from '../mail/outbox';
import { WHATSAPP_TO_COLUMN, queueUpdate, visitReminderMessage } from '../messages/whatsapp-updates';
import { reminderMail, visitWhen } from './texts';
import { addressLine, type BloodTestItemRow, type BloodTestOrderRow, slotOf, toItem } from './view';

const HOUR = 3_600_000;

export async function sendPreparationReminders(
  db: D1Database,
  /** Signs the WhatsApp reminder's stop link; the site its links point to. */
  links: { secret: string; siteOrigin: string },
  now = Date.now(),
  limit = 50,
): Promise<number> {
  // Visits within the next day and a half whose reminder is not sent; the exact due time is per slot date.
  // The shopper's WhatsApp number when she chose updates there (a proven phone).
  const { results } = await db
    .prepare(
      `SELECT o.id, o.lang, o.country, o.address, o.slot_date, o.slot_window, u.email,
              ${WHATSAPP_TO_COLUMN}
       FROM blood_test_orders o JOIN users u ON u.id = o.user_id
       WHERE o.status = 'booked' AND o.reminded_at IS NULL AND o.visit_at > ? AND o.visit_at < ? ORDER BY o.visit_at LIMIT ?`,
    )
    .bind(now, now + (24 + 24 - BOOKING_RULES.reminderHour + 12) * HOUR, limit)
    .all<
      Pick<BloodTestOrderRow, 'id' | 'lang' | 'country' | 'address' | 'slot_date' | 'slot_window'> & {
        email: string;
        whatsapp_to: string | null;
      }
    >();
  let sent = 0;
  for (const o of results) {
    if (now < reminderDueAt(o.country, o.slot_date)) continue;
    const { results: items } = await db
      .prepare('SELECT * FROM blood_test_order_items WHERE order_id = ? ORDER BY sku_id')
      .bind(o.id)
      .all<BloodTestItemRow>();
    const mail = reminderMail(o.lang, {
      id: o.id,
      country: o.country,
      slot: slotOf(o),
      address: addressLine(o.address, o.lang),
      items: items.map((i) => toItem(i, o.lang)),
    });
    const dedupeKey = `blood-test:${o.id}:reminder:${o.slot_date}:${o.slot_window}`;
    const whatsapp = o.whatsapp_to
      ? await visitReminderMessage(
          {
            bookingId: o.id,
            lang: o.lang,
            when: visitWhen(o.lang, { slot: slotOf(o), country: o.country }),
            phone: o.whatsapp_to,
          },
          links,
        )
      : null;
    const [marked] = await db.batch([
      db
        .prepare(
          "UPDATE blood_test_orders SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL AND status = 'booked'",
        )
        .bind(now, o.id),
      // An account made with a phone may have no e-mail: then WhatsApp (if chosen) alone.
      ...(o.email
        ? [queueMail(db, { to: o.email, lang: o.lang, kind: 'blood_test_reminder', dedupeKey, ...mail }, now)]
        : []),
      ...(whatsapp
        ? [queueUpdate(db, { ...whatsapp, to: o.whatsapp_to!, lang: o.lang, dedupeKey: `${dedupeKey}:wa` }, now)]
        : []),
    ]);
    if (marked!.meta.changes) sent++;
  }
  return sent;
}
