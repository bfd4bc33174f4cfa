// What the shopper is told when her consultation changes (issue 61): moved to another time (with the new
// calendar file: same UID, a higher SEQUENCE), cancelled (with what came back), and refunded after an
// outcome (the nutritionist did not come, the call failed). Each is a mail in her language and, on the
// channels she chose for updates as the reminders use them (notices.ts), a WhatsApp update when she opted
// in and a web push unless she turned order updates off.
import type { ConsultationOutcome } from '#shared/consultations/facts';
import { type CurrencyCode, localizePath } from '#shared/locale';
import { formatMinor } from '#shared/money';
import { queueMail } from '../mail/outbox';
import type { MailKind } from '../mail/outbox';
import { queueUpdate, stopToken, stopUrl, UPDATE_TEMPLATES } from '../messages/whatsapp-updates';
import { pushToUser } from '../push';
import { calendarFileName, consultationCalendar } from './calendar';
import { type NoticeRow, noticeRow, pageUrl, whenText } from './notices';
import { countedText, countryTimeText } from './package-text';

export interface NoticeLinks {
  /** TOKEN_SECRET: signs the WhatsApp stop link. */
  secret: string;
  siteOrigin: string;
}

/** What came back, as the refund module reports it. */
export interface MoneyBack {
  wallet: number;
  card: number;
  sessionBack: boolean;
}

interface ChangeText {
  subject: string;
  lines: string[];
  /** The WhatsApp update template's {{2}}: what happened, short. */
  status: string;
  push: { title: string; body: string };
}

function money(r: NoticeRow, minor: number): string {
  return formatMinor(minor, r.currency as CurrencyCode, r.lang, r.country);
}

/** The refund's lines: each part where it went, a package's session back, or why nothing came back. */
function moneyBackLines(r: NoticeRow, back: MoneyBack): string[] {
  const ar = r.lang === 'ar';
  const out: string[] = [];
  if (back.card > 0)
    out.push(
      ar
        ? `أُعيد إلى بطاقتك: ${money(r, back.card)} (قد يستغرق ظهوره لدى البنك بضعة أيام).`
        : `Refunded to your card: ${money(r, back.card)} (your bank may take a few days to show it).`,
    );
  if (back.wallet > 0)
    out.push(ar ? `أُعيد إلى محفظتك: ${money(r, back.wallet)}.` : `Refunded to your wallet: ${money(r, back.wallet)}.`);
  if (back.sessionBack) out.push(countedText(r.lang, 'consult_session_back_left', r.sessions_left ?? 0));
  if (out.length === 0)
    out.push(
      r.payment_method === 'package'
        ? ar
          ? 'استُهلكت جلسة الباقة لأن الإلغاء تم قبل أقل من 24 ساعة من الموعد.'
          : 'The session of your package is used: it was cancelled less than 24 hours before the start.'
        : ar
          ? 'لا يُرد المبلغ لأن الإلغاء تم قبل أقل من 24 ساعة من الموعد.'
          : 'Nothing is refunded: it was cancelled less than 24 hours before the start.',
    );
  return out;
}

export function movedText(r: NoticeRow, before: Pick<NoticeRow, 'starts_at' | 'ends_at'>, siteOrigin: string) {
  const when = whenText(r);
  const was = whenText({ ...r, ...before });
  const url = pageUrl(siteOrigin, r);
  const clock = countryTimeText(r.lang, r.country);
  return r.lang === 'ar'
    ? {
        subject: `تم تغيير موعد استشارتك رقم ${r.id}`,
        lines: [
          `تم نقل ${r.service_name} مع ${r.nutritionist_name} إلى موعد جديد.`,
          `الموعد الجديد: ${when} (${clock}).`,
          `الموعد السابق: ${was}.`,
          'ملف التقويم المرفق يحدّث الموعد في تقويمك.',
          `ادخل إلى المكالمة من صفحة الاستشارة قبل الموعد بعشر دقائق: ${url}`,
        ],
        status: `نُقلت إلى ${when}`,
        push: { title: 'تم تغيير موعد الاستشارة', body: `${r.nutritionist_name}: ${when}` },
      }
    : {
        subject: `Your consultation ${r.id} has moved`,
        lines: [
          `${r.service_name} with ${r.nutritionist_name} has moved to a new time.`,
          `New time: ${when} (${clock}).`,
          `It was: ${was}.`,
          'The calendar file attached moves the event in your calendar.',
          `Join from the consultation's page from 10 minutes before: ${url}`,
        ],
        status: `moved to ${when}`,
        push: { title: 'Consultation moved', body: `${r.nutritionist_name}: ${when}` },
      };
}

export function cancelledText(r: NoticeRow, back: MoneyBack, siteOrigin: string): ChangeText {
  const when = whenText(r);
  const url = pageUrl(siteOrigin, r);
  const refund = moneyBackLines(r, back);
  return r.lang === 'ar'
    ? {
        subject: `تم إلغاء استشارتك رقم ${r.id}`,
        lines: [
          `تم إلغاء ${r.service_name} مع ${r.nutritionist_name} في ${when}.`,
          ...refund,
          `صفحة الاستشارة: ${url}`,
        ],
        status: 'أُلغيت',
        push: { title: 'تم إلغاء الاستشارة', body: refund.join(' ') },
      }
    : {
        subject: `Your consultation ${r.id} is cancelled`,
        lines: [
          `${r.service_name} with ${r.nutritionist_name} on ${when} is cancelled.`,
          ...refund,
          `Its page: ${url}`,
        ],
        status: 'cancelled',
        push: { title: 'Consultation cancelled', body: refund.join(' ') },
      };
}

export function refundedText(
  r: NoticeRow,
  outcome: ConsultationOutcome,
  back: MoneyBack,
  siteOrigin: string,
): ChangeText {
  const when = whenText(r);
  const url = pageUrl(siteOrigin, r);
  const refund = moneyBackLines(r, back);
  const noShow = outcome === 'nutritionist_no_show';
  return r.lang === 'ar'
    ? {
        subject: `استرداد لاستشارتك رقم ${r.id}`,
        lines: [
          noShow
            ? `تعذّر على ${r.nutritionist_name} حضور استشارتك في ${when}، نعتذر عن ذلك.`
            : `تعذّرت مكالمة استشارتك في ${when}، نعتذر عن ذلك.`,
          ...refund,
          `صفحة الاستشارة: ${url}`,
        ],
        status: 'أُعيد المبلغ',
        push: { title: 'استرداد الاستشارة', body: refund.join(' ') },
      }
    : {
        subject: `A refund for your consultation ${r.id}`,
        lines: [
          noShow
            ? `${r.nutritionist_name} could not attend your consultation on ${when}; we are sorry.`
            : `The call of your consultation on ${when} failed; we are sorry.`,
          ...refund,
          `Its page: ${url}`,
        ],
        status: 'refunded',
        push: { title: 'Consultation refund', body: refund.join(' ') },
      };
}

/** The mail (with its files) and the WhatsApp update of a change, for one batch; none without an address. */
export async function changeStatements(
  db: D1Database,
  r: NoticeRow,
  t: ChangeText,
  p: { kind: MailKind; dedupeKey: string; links: NoticeLinks; now: number; calendar?: boolean },
): Promise<D1PreparedStatement[]> {
  const out: D1PreparedStatement[] = [];
  if (r.email)
    out.push(
      queueMail(
        db,
        {
          to: r.email,
          lang: r.lang,
          kind: p.kind,
          dedupeKey: p.dedupeKey,
          subject: t.subject,
          text: t.lines.join('\n'),
          ...(p.calendar
            ? {
                attachments: [
                  {
                    filename: calendarFileName(r.id),
                    content_type: 'text/calendar; charset=utf-8; method=PUBLISH',
                    content: consultationCalendar(r, p.links.siteOrigin, p.now),
                  },
                ],
              }
            : {}),
        },
        p.now,
      ),
    );
  if (r.whatsapp_to) {
    const token = await stopToken(p.links.secret, r.whatsapp_to);
    const stop = `${r.lang === 'ar' ? 'لإيقاف تحديثات واتساب' : 'Stop WhatsApp updates'}: ${stopUrl(p.links.siteOrigin, r.lang, token)}`;
    out.push(
      queueUpdate(
        db,
        {
          kind: 'consultation_update',
          template: UPDATE_TEMPLATES.consultationUpdate,
          params: [String(r.id), t.status],
          text: `${t.subject}\n${t.lines.join('\n')}\n${stop}`,
          buttonParam: token,
          to: r.whatsapp_to,
          lang: r.lang,
          dedupeKey: `${p.dedupeKey}:wa`,
        },
        p.now,
      ),
    );
  }
  return out;
}

/** The web push of a change, after its batch (on her devices, each in its language, unless she turned order updates off). */
export async function pushChange(
  env: ApiEnv,
  r: NoticeRow,
  texts: (row: NoticeRow) => Pick<ChangeText, 'push'>,
): Promise<void> {
  await pushToUser(env, r.user_id, 'order_status', (lang) => ({
    ...texts({ ...r, lang }).push,
    url: localizePath(`/profile/consultations/${r.id}`, lang),
    tag: `consultation-${r.id}`,
  })).catch(() => undefined);
}

/**
 * Cancelled, or refunded after an outcome: its mail and WhatsApp update queued once (after the change's
 * batch: where the money went is known only once the gateway answered); answers the row for the push.
 */
export async function queueMoneyBackNotice(
  db: D1Database,
  id: number,
  change: { kind: 'cancelled' } | { kind: 'refunded'; outcome: ConsultationOutcome },
  back: MoneyBack,
  links: NoticeLinks,
  now = Date.now(),
): Promise<NoticeRow | null> {
  const r = await noticeRow(db, id);
  if (!r) return null;
  const t =
    change.kind === 'cancelled'
      ? cancelledText(r, back, links.siteOrigin)
      : refundedText(r, change.outcome, back, links.siteOrigin);
  const statements = await changeStatements(db, r, t, {
    kind: change.kind === 'cancelled' ? 'consultation_cancelled' : 'consultation_refund',
    dedupeKey: `consultation:${id}:${change.kind}`,
    links,
    now,
  });
  if (statements.length) await db.batch(statements);
  return r;
}
