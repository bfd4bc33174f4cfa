// The texts of the booking's mail and calendar entry, in the order's language (like mail/texts.ts).
import type { CountryCode, Lang } from '#shared/locale';
import { DATE_TIME_COMMA, formatDate } from '#shared/text/dates';
import type { BloodTestOrderItem } from '#shared/blood-tests/order-types';

export interface VisitForText {
  id: number;
  country: CountryCode;
  slot: { date: string; starts: string; ends: string };
  address: string;
  items: BloodTestOrderItem[];
}

/** Each test's preparation, one line each: fasting, biotin, then the lab's own instructions. */
function preparationLines(lang: Lang, items: BloodTestOrderItem[]): string[] {
  const lines: string[] = [];
  for (const i of items) {
    const steps: string[] = [];
    if (i.fasting_hours > 0)
      steps.push(
        lang === 'ar'
          ? `الصيام ${i.fasting_hours} ساعات قبل الزيارة (يُسمح بشرب الماء)`
          : `fast for ${i.fasting_hours} hours before the visit (water is fine)`,
      );
    if (i.stop_biotin_hours > 0)
      steps.push(
        lang === 'ar'
          ? `التوقف عن مكملات البيوتين قبل ${i.stop_biotin_hours} ساعة`
          : `stop biotin supplements ${i.stop_biotin_hours} hours before`,
      );
    steps.push(...i.preparation);
    lines.push(
      `${i.name}: ${steps.length ? steps.join('; ') : lang === 'ar' ? 'لا تحضير خاص' : 'no special preparation'}`,
    );
  }
  return lines;
}

/** The visit's day and window, as the reminder mail and its WhatsApp message say them. */
export function visitWhen(lang: Lang, v: Pick<VisitForText, 'slot' | 'country'>): string {
  const day = formatDate(Date.parse(`${v.slot.date}T12:00:00Z`), lang, v.country);
  return `${day}${DATE_TIME_COMMA[lang]}${v.slot.starts}–${v.slot.ends}`;
}

export function reminderMail(lang: Lang, v: VisitForText): { subject: string; text: string } {
  const prep = preparationLines(lang, v.items)
    .map((l) => `- ${l}`)
    .join('\n');
  return lang === 'ar'
    ? {
        subject: `تذكير: زيارة سحب عينة الدم غدًا – الطلب ${v.id}`,
        text: `موعد زيارتك لسحب عينة الدم غدًا.\n\nالموعد: ${visitWhen(lang, v)}\nالعنوان: ${v.address}\n\nالتحضير:\n${prep}\n\nيرجى تجهيز بطاقة الهوية.`,
      }
    : {
        subject: `Reminder: your blood test visit is tomorrow – order ${v.id}`,
        text: `Your blood sample collection is tomorrow.\n\nTime: ${visitWhen(lang, v)}\nAddress: ${v.address}\n\nHow to prepare:\n${prep}\n\nPlease have your ID ready.`,
      };
}

export function calendarTexts(lang: Lang, v: VisitForText): { summary: string; description: string } {
  const prep = preparationLines(lang, v.items).join('\n');
  return lang === 'ar'
    ? { summary: `سحب عينة دم في المنزل – الطلب ${v.id}`, description: `التحضير:\n${prep}` }
    : { summary: `Blood test home visit – order ${v.id}`, description: `How to prepare:\n${prep}` };
}

/** "Your results are ready": sent when a second staff member approved them; no values in the mail. */
export function resultsReadyMail(
  lang: Lang,
  v: { id: number; patient: string; url: string },
): { subject: string; text: string } {
  return lang === 'ar'
    ? {
        subject: `نتائج تحاليلك جاهزة – الطلب ${v.id}`,
        text: `نتائج تحاليل ${v.patient} جاهزة.\n\nلحماية خصوصيتك لا نرسل النتائج بالبريد. سجّل الدخول لعرضها:\n${v.url}`,
      }
    : {
        subject: `Your blood test results are ready – order ${v.id}`,
        text: `The results for ${v.patient} are ready.\n\nTo keep them private we do not send results by e-mail. Sign in to see them:\n${v.url}`,
      };
}
