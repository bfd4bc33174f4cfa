// Pieces the nutritionist's pages share: the notes after a form post, the day's date with the Hijri
// date beside it (Arabic), a booking's time on the practice's clock (the home country's), and the words of statuses, modes and marks.
import { formatDate, formatTimeWindow } from '#shared/text/dates';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import { DoneNote, ErrorNote } from '../Layout';
import type { Notes } from '../../lib/notes';
import { HOME_COUNTRY } from '#shared/countries';

export type { Notes };

const PRACTICE_DONE_TEXTS = {
  hours: 'st_practice_done_hours',
  day_off: 'st_practice_done_day_off',
  day_off_removed: 'st_practice_done_day_off_removed',
  notes: 'st_practice_done_notes',
  list: 'st_practice_done_list',
  shared: 'st_practice_done_shared',
  marked: 'st_practice_done_marked',
  unchanged: 'st_practice_done_unchanged',
} as const satisfies Record<string, StaffTextId>;
export type PracticeDoneKey = keyof typeof PRACTICE_DONE_TEXTS;

export function PracticeNotes({ t, notes }: { t: StaffTranslator; notes: Notes }) {
  const done =
    notes.done && Object.hasOwn(PRACTICE_DONE_TEXTS, notes.done)
      ? t.t(PRACTICE_DONE_TEXTS[notes.done as PracticeDoneKey])
      : null;
  return (
    <>
      <ErrorNote t={t} msg={notes.error} />
      <DoneNote text={done} />
    </>
  );
}

/** A Gulf date (YYYY-MM-DD) as the page reads it, the Hijri date beside it in Arabic. */
export const dayText = (t: StaffTranslator, date: string) =>
  formatDate(Date.parse(`${date}T12:00:00Z`), t.lang, HOME_COUNTRY, { hijri: true });

/** A booking's time: its date (Hijri beside in Arabic) and its window, on the practice's clock. */
export const whenText = (t: StaffTranslator, startsAt: number, endsAt: number) =>
  `${formatDate(startsAt, t.lang, HOME_COUNTRY, { hijri: true })} · ${formatTimeWindow(startsAt, endsAt, t.lang, HOME_COUNTRY)}`;

export const statusText = (t: StaffTranslator, status: string) => t.t(`st_practice_status_${status}` as StaffTextId);
export const modeText = (t: StaffTranslator, mode: string) =>
  t.t(mode === 'chat' ? 'st_practice_mode_chat' : 'st_practice_mode_video');
export const outcomeText = (t: StaffTranslator, outcome: string) =>
  t.t(`st_practice_outcome_${outcome}` as StaffTextId);

export const WEEKDAY_TEXTS = [
  'st_practice_weekday_0',
  'st_practice_weekday_1',
  'st_practice_weekday_2',
  'st_practice_weekday_3',
  'st_practice_weekday_4',
  'st_practice_weekday_5',
  'st_practice_weekday_6',
] as const satisfies readonly StaffTextId[];

/** A nutritionist's or a service's name in the page's language. */
export const nameIn = (t: StaffTranslator, x: { name_en: string; name_ar: string }) =>
  t.lang === 'ar' ? x.name_ar : x.name_en;

/** The nutritionist picker of a manager (the owner): a GET form that keeps the other fields. */
export function NutritionistPicker(props: {
  t: StaffTranslator;
  action: string;
  current: number;
  nutritionists: { id: number; name_en: string; name_ar: string }[];
  hidden?: Record<string, string>;
}) {
  const { t } = props;
  if (props.nutritionists.length < 2) return null;
  return (
    <form method="get" action={props.action} className="filters">
      {Object.entries(props.hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div>
        <label htmlFor="nutritionist_id">{t.t('st_practice_nutritionist')}</label>
        <select id="nutritionist_id" name="nutritionist_id" defaultValue={String(props.current)}>
          {props.nutritionists.map((n) => (
            <option key={n.id} value={n.id}>
              {nameIn(t, n)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit">{t.t('st_practice_show')}</button>
      </div>
    </form>
  );
}
