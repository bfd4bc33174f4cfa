// A consultation as a calendar entry, for the "Add to calendar" download and the mail that tells her of
// a move: one UID per consultation, and SEQUENCE its number of moves, so the moved file replaces the
// event her calendar already holds instead of adding a second one.
import { visitCalendar } from '../blood-tests/ics';
import { consultationReturnPath } from './paths';
import { type NoticeRow, whenText } from './notices';
import { countryTimeText } from './package-text';

type CalendarRow = Pick<
  NoticeRow,
  'id' | 'lang' | 'country' | 'starts_at' | 'ends_at' | 'rescheduled_count' | 'service_name' | 'nutritionist_name'
>;

export function consultationCalendar(r: CalendarRow, siteOrigin: string, now: number): string {
  const url = `${siteOrigin}${consultationReturnPath(r.lang, r.id)}`;
  return visitCalendar({
    uid: `consultation-${r.id}@${new URL(siteOrigin).hostname}`,
    sequence: r.rescheduled_count,
    start: r.starts_at,
    end: r.ends_at,
    now,
    summary:
      r.lang === 'ar'
        ? `استشارة تغذية مع ${r.nutritionist_name} – ${r.service_name}`
        : `Nutrition consultation with ${r.nutritionist_name} – ${r.service_name}`,
    description:
      r.lang === 'ar'
        ? `${whenText(r)} (${countryTimeText(r.lang, r.country)}).\nادخل من صفحة الاستشارة قبل الموعد بعشر دقائق:\n${url}`
        : `${whenText(r)} (${countryTimeText(r.lang, r.country)}).\nJoin from the consultation's page from 10 minutes before:\n${url}`,
    location: url,
    lang: r.lang,
  });
}

export const calendarFileName = (id: number) => `consultation-${id}.ics`;
