// The reminder before each subscription order (decision 45): three days before the job places it,
// once per delivery date, by mail, by push (topic 'refills') and on WhatsApp when the shopper chose
// updates there. reminded_for is set in the batch that queues the mail; the dedupe keys make a
// second run a no-op.
import { COUNTRY_CODES } from '#shared/countries';
import { datesJson } from '#shared/country-days';
import type { CurrencyCode } from '#shared/locale';
import { formatMinor } from '#shared/money';
import { orderDate, SUBSCRIPTION_RULES } from '#shared/subscriptions/frequency';
import { queueMail } from '../mail/outbox';
import { subscriptionReminderMail } from '../mail/subscription-texts';
import { WHATSAPP_TO_COLUMN, queueUpdate, stopToken, stopUrl, UPDATE_TEMPLATES } from '../messages/whatsapp-updates';
import { quote } from '../orders/quote';
import type { DueRow } from './run';

export interface Reminded {
  userId: number;
  lang: 'en' | 'ar';
  productName: string;
  orderDate: string;
}

export async function sendSubscriptionReminders(
  db: D1Database,
  links: { secret: string; siteOrigin: string },
  now = Date.now(),
  limit = 50,
): Promise<Reminded[]> {
  // Due for a reminder: the order date is reminderDays away or nearer, and not yet reached, each
  // subscription's dates in its country's calendar.
  const { results } = await db
    .prepare(
      `SELECT s.id, s.user_id, s.country, s.lang, s.sku_id, s.count, s.every, s.next_date, u.email,
         ${WHATSAPP_TO_COLUMN},
         CASE s.lang WHEN 'ar' THEN p.name_ar ELSE p.name_en END AS product_name
       FROM subscriptions s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
       JOIN products p ON p.id = s.product_id
       WHERE s.status = 'active' AND (s.reminded_for IS NULL OR s.reminded_for <> s.next_date)
         AND s.next_date <= json_extract(?1, '$.' || s.country) AND s.next_date > json_extract(?2, '$.' || s.country)
       ORDER BY s.next_date LIMIT ?3`,
    )
    .bind(
      datesJson(COUNTRY_CODES, now, SUBSCRIPTION_RULES.leadDays + SUBSCRIPTION_RULES.reminderDays),
      datesJson(COUNTRY_CODES, now, SUBSCRIPTION_RULES.leadDays),
      limit,
    )
    .all<
      Pick<
        DueRow,
        'id' | 'user_id' | 'country' | 'lang' | 'sku_id' | 'count' | 'every' | 'next_date' | 'email' | 'product_name'
      > & {
        whatsapp_to: string | null;
      }
    >();
  const reminded: Reminded[] = [];
  for (const s of results) {
    // The price as it stands today, at the subscription discount (the order re-checks it).
    const q = await quote(
      db,
      { items: [{ sku_id: s.sku_id, count: s.count, every: s.every }] },
      { country: s.country, lang: s.lang, userId: s.user_id },
    );
    const total = formatMinor(q.totals.total, q.totals.currency as CurrencyCode, s.lang, s.country);
    const day = orderDate(s.next_date);
    const dedupeKey = `subscription:${s.id}:${s.next_date}:reminder`;
    const statements: D1PreparedStatement[] = [
      db
        .prepare(
          'UPDATE subscriptions SET reminded_for = ? WHERE id = ? AND (reminded_for IS NULL OR reminded_for <> ?)',
        )
        .bind(s.next_date, s.id, s.next_date),
    ];
    if (s.email)
      statements.push(
        queueMail(
          db,
          {
            to: s.email,
            lang: s.lang,
            kind: 'subscription_reminder',
            dedupeKey,
            ...subscriptionReminderMail(
              s.lang,
              {
                productName: s.product_name,
                count: s.count,
                delivery: s.next_date,
                orderDate: day,
                total,
                country: s.country,
              },
              links.siteOrigin,
            ),
          },
          now,
        ),
      );
    if (s.whatsapp_to) {
      const token = await stopToken(links.secret, s.whatsapp_to);
      const stop = stopUrl(links.siteOrigin, s.lang, token);
      const text =
        s.lang === 'ar'
          ? `خليج الفيتامينات: سنضع طلب اشتراكك في ${s.product_name} يوم ${day} (${total}). لتخطيه أو تغييره: صفحة اشتراكاتك.\nلإيقاف تحديثات واتساب: ${stop}`
          : `Gulf Vitamins: we will place your subscription order of ${s.product_name} on ${day} (${total}). To skip or change it: your subscriptions page.\nStop WhatsApp updates: ${stop}`;
      statements.push(
        queueUpdate(
          db,
          {
            kind: 'subscription_reminder',
            template: UPDATE_TEMPLATES.subscription,
            params: [s.product_name, day, total],
            text,
            buttonParam: token,
            to: s.whatsapp_to,
            lang: s.lang,
            dedupeKey: `${dedupeKey}:wa`,
          },
          now,
        ),
      );
    }
    const [marked] = await db.batch(statements);
    if (marked!.meta.changes)
      reminded.push({ userId: s.user_id, lang: s.lang, productName: s.product_name, orderDate: day });
  }
  return reminded;
}
