// The mail that confirms a bought package (issue 61): what she bought, its sessions and until when they
// can be used, what she paid, and the way to book the first session. Queued in the batch that makes the
// package paid: buyPackage's own when the wallet pays it, the payment outcome's for the gateway.
import type { CountryCode, CurrencyCode, Lang } from '#shared/locale';
import { formatMinor } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { queueMail } from '../mail/outbox';
import { countedText } from './package-text';
import { bookingPath, packageReturnPath } from './paths';

export interface PackageNoticeRow {
  credit_id: number;
  lang: Lang;
  country: CountryCode;
  currency: string;
  price: number;
  sessions_total: number;
  expires_at: number;
  package_name: string;
  service_name: string;
  nutritionist_name: string;
  nutritionist_id: number;
  service_id: number;
  email: string | null;
}

/** The names a package's mail needs, in `lang`; the credit's own values are the caller's. */
export async function packageNames(db: D1Database, packageId: number, userId: number, lang: Lang) {
  return db
    .prepare(
      `SELECT CASE WHEN ?3 = 'ar' THEN p.name_ar ELSE p.name_en END AS package_name,
         CASE WHEN ?3 = 'ar' THEN s.name_ar ELSE s.name_en END AS service_name,
         CASE WHEN ?3 = 'ar' THEN n.name_ar ELSE n.name_en END AS nutritionist_name,
         n.id AS nutritionist_id, s.id AS service_id, u.email
       FROM consultation_packages p JOIN consultation_services s ON s.id = p.service_id
       JOIN nutritionists n ON n.id = s.nutritionist_id, users u WHERE p.id = ?1 AND u.id = ?2`,
    )
    .bind(packageId, userId, lang)
    .first<
      Pick<
        PackageNoticeRow,
        'package_name' | 'service_name' | 'nutritionist_name' | 'nutritionist_id' | 'service_id'
      > & {
        email: string | null;
      }
    >();
}

function packageMail(r: PackageNoticeRow, siteOrigin: string) {
  const paid = formatMinor(r.price, r.currency as CurrencyCode, r.lang, r.country);
  const until = formatDate(r.expires_at, r.lang, r.country, { hijri: true });
  const book = `${siteOrigin}${bookingPath(r.lang, r.nutritionist_id, r.service_id)}`;
  const page = `${siteOrigin}${packageReturnPath(r.lang, r.credit_id)}`;
  return r.lang === 'ar'
    ? {
        subject: `تم شراء باقتك: ${r.package_name}`,
        text: [
          `اشتريت ${r.package_name}: ${countedText('ar', 'consult_sessions', r.sessions_total)} من ${r.service_name} مع ${r.nutritionist_name}.`,
          `يمكنك استخدامها حتى ${until}.`,
          `الدفع: ${paid}.`,
          `احجز جلستك الأولى: ${book}`,
          `تجد باقتك وما تبقّى من جلساتها في صفحة استشاراتك: ${page}`,
        ].join('\n'),
      }
    : {
        subject: `Your package is ready: ${r.package_name}`,
        text: [
          `You bought ${r.package_name}: ${countedText('en', 'consult_sessions', r.sessions_total)} of ${r.service_name} with ${r.nutritionist_name}.`,
          `Use them by ${until}.`,
          `Paid: ${paid}.`,
          `Book your first session: ${book}`,
          `Your package and the sessions it has left are on your consultations page: ${page}`,
        ].join('\n'),
      };
}

export function packageMailStatement(db: D1Database, r: PackageNoticeRow, siteOrigin: string, now: number) {
  if (!r.email) return [];
  return [
    queueMail(
      db,
      {
        to: r.email,
        lang: r.lang,
        kind: 'consultation_package',
        dedupeKey: `consultation_credit:${r.credit_id}:bought`,
        ...packageMail(r, siteOrigin),
      },
      now,
    ),
  ];
}

/** A credit's mail row, for the gateway's outcome (in her account's language: the request is the gateway's). */
export async function creditNoticeRow(db: D1Database, creditId: number): Promise<PackageNoticeRow | null> {
  const c = await db
    .prepare(
      `SELECT cr.id AS credit_id, cr.user_id, cr.package_id, cr.country, cr.currency, cr.price, cr.sessions_total, cr.expires_at,
         CASE WHEN u.lang = 'ar' THEN 'ar' ELSE 'en' END AS lang
       FROM consultation_credits cr JOIN users u ON u.id = cr.user_id WHERE cr.id = ?`,
    )
    .bind(creditId)
    .first<
      Omit<
        PackageNoticeRow,
        'package_name' | 'service_name' | 'nutritionist_name' | 'nutritionist_id' | 'service_id' | 'email'
      > & { user_id: number; package_id: number }
    >();
  if (!c) return null;
  const names = await packageNames(db, c.package_id, c.user_id, c.lang);
  return names ? { ...c, ...names } : null;
}
