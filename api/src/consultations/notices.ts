// What the shopper is told about a consultation, in its language: the confirmation when it is booked
// (in the batch that books it, or the payment's), reminders from the cron a day and an hour before (mail;
// WhatsApp if she chose updates there; web push if subscribed), and the notice that the nutritionist
// shared the summary (notifySummaryShared, called by the portal). Times on the clocks of the country she
// booked in, named ("Kuwait time", «بتوقيت الإمارات»), the Hijri date beside the Gregorian in Arabic, as
// the blood-test mails write them.
import type { CountryCode, Lang } from '#shared/locale';
import { type CurrencyCode, localizePath } from '#shared/locale';
import { formatMinor } from '#shared/money';
import { countryTimeText, packageSessionText } from './package-text';
import { formatDateAndWindow } from '#shared/text/dates';
import { queueMail } from '../mail/outbox';
import { WHATSAPP_TO_COLUMN, queueUpdate, stopToken, stopUrl, UPDATE_TEMPLATES } from '../messages/whatsapp-updates';
import { pushToUser } from '../push';
import { consultationReturnPath } from './paths';

const HOUR = 3_600_000;

export interface NoticeRow {
  id: number;
  user_id: number;
  lang: Lang;
  country: CountryCode;
  currency: string;
  starts_at: number;
  ends_at: number;
  mode: 'video' | 'chat';
  total: number;
  /** A package's session pays it: the mail names the session and what is left, not "0.00". */
  payment_method: 'card' | 'wallet' | 'package' | 'pay_later';
  /** The package's sessions left (after this booking's), when a package pays it. */
  sessions_left: number | null;
  /** Each move raises it: the calendar file's SEQUENCE, so a calendar replaces the event. */
  rescheduled_count: number;
  service_name: string;
  nutritionist_name: string;
  email: string | null;
  whatsapp_to: string | null;
}

const NOTICE_SELECT = (lang: Lang | 'c') =>
  `SELECT c.id, c.user_id, c.lang, c.country, c.currency, c.starts_at, c.ends_at, c.mode, c.total,
     c.payment_method, cc.sessions_left, c.rescheduled_count,
     CASE WHEN ${lang === 'c' ? "c.lang = 'ar'" : lang === 'ar' ? '1' : '0'} THEN s.name_ar ELSE s.name_en END AS service_name,
     CASE WHEN ${lang === 'c' ? "c.lang = 'ar'" : lang === 'ar' ? '1' : '0'} THEN n.name_ar ELSE n.name_en END AS nutritionist_name,
     u.email,
     ${WHATSAPP_TO_COLUMN}
   FROM consultations c JOIN consultation_services s ON s.id = c.service_id JOIN nutritionists n ON n.id = c.nutritionist_id
   JOIN users u ON u.id = c.user_id LEFT JOIN consultation_credits cc ON cc.id = c.credit_id`;

export async function noticeRow(db: D1Database, id: number): Promise<NoticeRow | null> {
  return db
    .prepare(`${NOTICE_SELECT('c')} WHERE c.id = ?`)
    .bind(id)
    .first<NoticeRow>();
}

/** "Sun, Nov 29 · 4:00 PM – 4:20 PM" with the Hijri date in Arabic. */
export function whenText(r: Pick<NoticeRow, 'lang' | 'country' | 'starts_at' | 'ends_at'>): string {
  return formatDateAndWindow(r.starts_at, r.ends_at, r.lang, r.country, { hijri: true });
}

/** What paid it: the amount, or "1 session of your package (3 sessions left)" (plural forms: the dictionaries'). */
function paidText(
  r: Pick<NoticeRow, 'lang' | 'country' | 'currency' | 'total' | 'payment_method' | 'sessions_left'>,
): string {
  return r.payment_method === 'package'
    ? packageSessionText(r.lang, r.sessions_left ?? 0)
    : formatMinor(r.total, r.currency as CurrencyCode, r.lang, r.country);
}

export function pageUrl(siteOrigin: string, r: Pick<NoticeRow, 'id' | 'lang'>): string {
  return `${siteOrigin}${consultationReturnPath(r.lang, r.id)}`;
}

function confirmationMail(r: NoticeRow, siteOrigin: string) {
  const when = whenText(r);
  const price = paidText(r);
  const url = pageUrl(siteOrigin, r);
  return r.lang === 'ar'
    ? {
        subject: `تم تأكيد استشارتك رقم ${r.id}`,
        text: [
          `تم حجز ${r.service_name} مع ${r.nutritionist_name}.`,
          `الموعد: ${when} (${countryTimeText(r.lang, r.country)}).`,
          `طريقة الاستشارة: ${r.mode === 'video' ? 'مكالمة فيديو مع محادثة نصية' : 'محادثة نصية'}.`,
          `الدفع: ${price}.`,
          'الإلغاء مجاني حتى 24 ساعة قبل الموعد، وبعد ذلك لا يُرد المبلغ. يمكن تغيير الموعد حتى 24 ساعة قبله ومرتين على الأكثر.',
          `ادخل إلى المكالمة من صفحة الاستشارة قبل الموعد بعشر دقائق: ${url}`,
        ].join('\n'),
      }
    : {
        subject: `Your consultation ${r.id} is booked`,
        text: [
          `${r.service_name} with ${r.nutritionist_name} is booked.`,
          `When: ${when} (${countryTimeText(r.lang, r.country)}).`,
          `How: ${r.mode === 'video' ? 'a video call with a chat beside it' : 'a text chat'}.`,
          `Paid: ${price}.`,
          'Cancelling is free until 24 hours before the start; after that nothing is refunded. You can move it until 24 hours before, at most twice.',
          `Join from the consultation's page from 10 minutes before: ${url}`,
        ].join('\n'),
      };
}

/** The confirmation mail of a booked consultation, for the batch that books it (or records its payment). */
export function confirmationStatements(
  db: D1Database,
  r: NoticeRow,
  siteOrigin: string,
  now: number,
): D1PreparedStatement[] {
  if (!r.email) return [];
  return [
    queueMail(
      db,
      {
        to: r.email,
        lang: r.lang,
        kind: 'consultation_confirmation',
        dedupeKey: `consultation:${r.id}:confirmation`,
        ...confirmationMail(r, siteOrigin),
      },
      now,
    ),
  ];
}

function reminderTexts(r: NoticeRow, which: 'day' | 'hour', siteOrigin: string) {
  const when = whenText(r);
  const url = pageUrl(siteOrigin, r);
  if (r.lang === 'ar')
    return {
      subject: which === 'day' ? 'تذكير: موعد استشارتك خلال يوم' : 'تذكير: تبدأ استشارتك بعد ساعة',
      text: `${r.service_name} مع ${r.nutritionist_name}: ${when} (${countryTimeText(r.lang, r.country)}).\nيمكنك تجربة الكاميرا والميكروفون مسبقًا والدخول من صفحة الاستشارة: ${url}`,
      push: { title: 'تذكير بالاستشارة', body: `${r.nutritionist_name}: ${when}` },
    };
  return {
    subject:
      which === 'day' ? 'Reminder: your consultation is within a day' : 'Reminder: your consultation starts in an hour',
    text: `${r.service_name} with ${r.nutritionist_name}: ${when} (${countryTimeText(r.lang, r.country)}).\nCheck your camera and microphone beforehand, and join from the consultation's page: ${url}`,
    push: { title: 'Consultation reminder', body: `${r.nutritionist_name}: ${when}` },
  };
}

/**
 * The cron's reminders: a day before (from 24 hours before the start) and an hour before, once each
 * (reminded_day_at / reminded_hour_at set in the same batch as the queued mail and WhatsApp message);
 * web push after the batch.
 */
export async function sendConsultationReminders(
  env: ApiEnv,
  links: { secret: string; siteOrigin: string },
  now = Date.now(),
  limit = 50,
): Promise<number> {
  const db = env.DB;
  // Due: the day's from 24 hours before (not for a time booked within the day), the hour's from an hour
  // before (not for one booked within the hour).
  const { results } = await db
    .prepare(
      `${NOTICE_SELECT('c')}
       WHERE c.status = 'booked' AND c.starts_at > ?1 AND c.starts_at <= ?1 + ?2
         AND ((c.reminded_day_at IS NULL AND c.starts_at > ?1 + ?3 AND c.booked_at <= c.starts_at - ?2)
           OR (c.reminded_hour_at IS NULL AND c.starts_at <= ?1 + ?3 AND c.booked_at <= c.starts_at - ?3))
       ORDER BY c.starts_at LIMIT ?4`,
    )
    .bind(now, 24 * HOUR, HOUR, limit)
    .all<NoticeRow>();
  let sent = 0;
  for (const r of results) {
    const which: 'day' | 'hour' = r.starts_at <= now + HOUR ? 'hour' : 'day';
    const t = reminderTexts(r, which, links.siteOrigin);
    const dedupeKey = `consultation:${r.id}:reminder:${which}:${r.starts_at}`;
    const whatsapp = r.whatsapp_to
      ? await (async () => {
          const token = await stopToken(links.secret, r.whatsapp_to!);
          const when = whenText(r);
          return {
            kind: 'consultation_reminder' as const,
            template: UPDATE_TEMPLATES.consultation,
            params: [String(r.id), when],
            text: `${t.text}\n${r.lang === 'ar' ? 'لإيقاف تحديثات واتساب' : 'Stop WhatsApp updates'}: ${stopUrl(links.siteOrigin, r.lang, token)}`,
            buttonParam: token,
          };
        })()
      : null;
    const [marked] = await db.batch([
      // The hour's reminder also closes the day's (a late one would say "within a day" after it).
      db
        .prepare(
          which === 'day'
            ? "UPDATE consultations SET reminded_day_at = ? WHERE id = ? AND reminded_day_at IS NULL AND status = 'booked'"
            : "UPDATE consultations SET reminded_hour_at = ?1, reminded_day_at = coalesce(reminded_day_at, ?1) WHERE id = ?2 AND reminded_hour_at IS NULL AND status = 'booked'",
        )
        .bind(now, r.id),
      ...(r.email
        ? [
            queueMail(
              db,
              { to: r.email, lang: r.lang, kind: 'consultation_reminder', dedupeKey, subject: t.subject, text: t.text },
              now,
            ),
          ]
        : []),
      ...(whatsapp
        ? [queueUpdate(db, { ...whatsapp, to: r.whatsapp_to!, lang: r.lang, dedupeKey: `${dedupeKey}:wa` }, now)]
        : []),
    ]);
    if (marked!.meta.changes) {
      sent++;
      await pushToUser(env, r.user_id, 'order_status', (lang) => ({
        title: reminderTexts({ ...r, lang }, which, links.siteOrigin).push.title,
        body: reminderTexts({ ...r, lang }, which, links.siteOrigin).push.body,
        url: localizePath(`/profile/consultations/${r.id}`, lang),
        tag: `consultation-${r.id}`,
      })).catch(() => undefined);
    }
  }
  return sent;
}

/**
 * The nutritionist shared the summary and the product list (the portal calls this after it sets
 * consultation_notes.shared_at): a mail in her language and a web push, once.
 */
export async function notifySummaryShared(env: ApiEnv, consultationId: number, siteOrigin: string, now = Date.now()) {
  const r = await noticeRow(env.DB, consultationId);
  if (!r) return false;
  const url = pageUrl(siteOrigin, r);
  const mail =
    r.lang === 'ar'
      ? {
          subject: `ملخص استشارتك مع ${r.nutritionist_name} جاهز`,
          text: `شاركك ${r.nutritionist_name} ملخص الاستشارة وقائمة المنتجات المقترحة. اقرأها في صفحة الاستشارة: ${url}`,
        }
      : {
          subject: `Your summary from ${r.nutritionist_name} is ready`,
          text: `${r.nutritionist_name} has shared the consultation's summary and a recommended product list. Read them on the consultation's page: ${url}`,
        };
  if (r.email)
    await queueMail(
      env.DB,
      { to: r.email, lang: r.lang, kind: 'consultation_summary', dedupeKey: `consultation:${r.id}:summary`, ...mail },
      now,
    ).run();
  await pushToUser(env, r.user_id, 'results_ready', (lang) => ({
    title: lang === 'ar' ? 'ملخص الاستشارة جاهز' : 'Your consultation summary is ready',
    body: r.nutritionist_name,
    url: localizePath(`/profile/consultations/${r.id}`, lang),
    tag: `consultation-summary-${r.id}`,
  })).catch(() => undefined);
  return true;
}
