// The owner told by mail when Saudi e-invoices wait (issue 75): documents ZATCA has not had 12 hours after
// the sale, or documents that cannot go for want of a stamp (no CSID, ZATCA refusing ours, a certificate
// that cannot sign). Each active owner whose address is proven (she accepted her invitation, or was set
// up by the owner's script: password_hash is set) gets one mail a day (the home country's, where the owner is: issue 77) at most while it lasts, in her
// back-office language, with the link to the list; the outbox's dedupe key makes the hourly run's
// repeats no-ops.
import { homeDate } from '#shared/country-days';
import type { Lang } from '#shared/locale';
import { textsOf } from '#shared/i18n/entry-text';
import { staffEInvoicesAr } from '#shared/i18n/staff-e-invoices.ar';
import { staffEInvoicesEn } from '#shared/i18n/staff-e-invoices.en';
import { queueMail } from '../mail/outbox';
import type { ReportingAttention } from './attention';

/** The overdue count as the E-invoices page says it (the owner's back-office language, its plural forms). */
const eInvoiceText = textsOf(staffEInvoicesEn, staffEInvoicesAr);

/** The mail itself, in the owner's back-office language. */
export function waitingMail(
  lang: Lang,
  attention: ReportingAttention,
  link: string,
): { subject: string; text: string } {
  const { overdue, stamp_problem: problem } = attention;
  if (lang === 'ar') {
    const lines = [
      overdue > 0 ? eInvoiceText('ar', 'st_einv_overdue', { count: overdue }) : '',
      problem === 'no-csid'
        ? 'ليس لدى المتجر بعد شهادة إنتاج (CSID) للإبلاغ بها: أكمل التسجيل في صفحة الفوترة الإلكترونية.'
        : '',
      problem === 'csid-refused'
        ? 'لم تعد الهيئة تقبل شهادة المتجر (CSID) لأنها انتهت أو أُلغيت: جدّدها في صفحة الفوترة الإلكترونية.'
        : '',
      problem === 'cannot-sign' ? 'مستندات تنتظر التوقيع: ختم المتجر غير موجود أو شهادته غير صالحة الآن.' : '',
    ].filter(Boolean);
    return {
      subject: 'فواتير إلكترونية تنتظر الإبلاغ إلى هيئة الزكاة – خليج الفيتامينات',
      text: `${lines.join('\n\n')}\n\nالقائمة ورسائل الهيئة:\n${link}`,
    };
  }
  const lines = [
    overdue > 0 ? eInvoiceText('en', 'st_einv_overdue', { count: overdue }) : '',
    problem === 'no-csid'
      ? 'The shop has no production CSID to report with yet: finish the onboarding on the E-invoicing page.'
      : '',
    problem === 'csid-refused'
      ? 'ZATCA no longer accepts the shop’s CSID (it has expired or was revoked): renew it on the E-invoicing page.'
      : '',
    problem === 'cannot-sign'
      ? 'Documents are waiting to be signed: the shop’s stamp is missing or its certificate is not valid now.'
      : '',
  ].filter(Boolean);
  return {
    subject: 'E-invoices waiting to be reported to ZATCA – Gulf Vitamins',
    text: `${lines.join('\n\n')}\n\nThe list, with ZATCA's messages:\n${link}`,
  };
}

/** Queues the day's mail to every proven, active owner; answers how many were queued (0 when already sent today). */
export async function mailOwners(
  db: D1Database,
  attention: ReportingAttention,
  staffOrigin: string,
  now: number,
): Promise<number> {
  const { results: owners } = await db
    .prepare(
      `SELECT DISTINCT s.id, s.email, s.lang FROM staff s JOIN staff_roles r ON r.staff_id = s.id AND r.role = 'owner'
       WHERE s.active = 1 AND s.password_hash <> ''`,
    )
    .all<{ id: number; email: string; lang: Lang }>();
  if (owners.length === 0) return 0;
  const day = homeDate(now);
  const results = await db.batch(
    owners.map((o) =>
      queueMail(
        db,
        {
          to: o.email,
          ...waitingMail(o.lang, attention, `${staffOrigin}/e-invoices`),
          lang: o.lang,
          kind: 'e_invoices_waiting',
          dedupeKey: `e-invoices-waiting:${o.id}:${day}`,
        },
        now,
      ),
    ),
  );
  return results.reduce((n, r) => n + r.meta.changes, 0);
}
