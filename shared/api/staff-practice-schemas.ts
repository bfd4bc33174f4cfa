// The nutritionist's side of the back office (issue 46): the inputs of weekly hours and days off, the
// day's bookings, notes and summary, the recommendation list with its safety acknowledgements, the
// outcome marks and the owner's earnings, shared by the staff app's forms and the API's contract.
import { z } from '../zod';
import { normalizeDigits } from '../text/digits';
import { homeDate } from '../country-days';
import { addDays } from '../gulf-days';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (d: string) => DATE.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
const dateText = z.string().refine(isRealDate, { error: 'date_invalid' });
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const whole = (min: number, max: number, error: string) =>
  z
    .union([z.number(), z.string().transform((v) => normalizeDigits(v).trim())], { error })
    .transform((v) => (typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v)))
    .pipe(z.number({ error }).int({ error }).min(min, { error }).max(max, { error }));

/** "HH:MM" typed (or a minute count) → minutes after midnight on the practice's clock; 24:00 is the day's end. */
function minuteOf(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(normalizeDigits(text).trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/** Minutes after midnight as "HH:MM". */
export const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const clock = z.union([z.number().int(), z.string()]).transform((v, ctx) => {
  const minute = typeof v === 'number' ? v : minuteOf(v);
  if (minute === null || minute < 0 || minute > 1440) {
    ctx.addIssue({ code: 'custom', message: 'practice_time_invalid' });
    return z.NEVER;
  }
  return minute;
});

export const practiceWhoQuery = z.object({ nutritionist_id: id.optional() });

export const practiceDayQuery = z.object({ date: dateText.optional(), nutritionist_id: id.optional() });

/** Practice hours are kept in 5-minute cells, like the bookings. */
const HOURS_STEP_MINUTES = 5;

const hoursRow = z
  .object({
    weekday: whole(0, 6, 'practice_weekday_invalid'),
    start: clock,
    end: clock,
    service_id: z
      .union([z.literal(''), z.null(), id])
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((row, ctx) => {
    if (row.end <= row.start)
      ctx.addIssue({ code: 'custom', message: 'practice_hours_end_before_start', path: ['end'] });
    if (row.start % HOURS_STEP_MINUTES || row.end % HOURS_STEP_MINUTES)
      ctx.addIssue({ code: 'custom', message: 'practice_time_invalid', path: ['start'] });
  });
export type HoursRow = z.output<typeof hoursRow>;

/** Two rows overlap when they share a weekday and time, and either is for every service or both for the same one. */
function overlapping(rows: readonly HoursRow[]): number | null {
  for (let i = 0; i < rows.length; i++)
    for (let j = 0; j < i; j++) {
      const a = rows[i]!;
      const b = rows[j]!;
      const sameService = a.service_id === null || b.service_id === null || a.service_id === b.service_id;
      if (a.weekday === b.weekday && sameService && a.start < b.end && b.start < a.end) return i;
    }
  return null;
}

export const hoursSchema = z
  .object({ nutritionist_id: id.optional(), hours: z.array(hoursRow).max(70) })
  .superRefine((v, ctx) => {
    const i = overlapping(v.hours);
    if (i !== null) ctx.addIssue({ code: 'custom', message: 'practice_hours_overlap', path: ['hours', i, 'start'] });
  });

export const dayOffSchema = z.object({ nutritionist_id: id.optional(), date: dateText });

const NOTES_MAX = 20_000;
export const notesSchema = z.object({
  notes: z.string().max(NOTES_MAX, { error: 'practice_text_too_long' }).default(''),
  summary: z.string().max(NOTES_MAX, { error: 'practice_text_too_long' }).default(''),
});

export const productSearchQuery = z.object({ q: z.string().trim().min(1).max(80) });

/** A file of a blood-test result the shopper shared in the intake: the consultation, the result, the file. */
export const sharedFileParams = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  upload: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  fileId: z.string().regex(/^[0-9a-f]{32}$/),
});

const RECOMMENDATION_LIMIT = 20;
const recommendationItem = z.object({
  sku_id: id,
  quantity: whole(1, 10, 'practice_quantity_invalid').default(1),
  servings_per_day: whole(1, 10, 'practice_servings_invalid').default(1),
  dose: z.string().trim().min(1, { error: 'practice_dose_required' }).max(200, { error: 'practice_text_too_long' }),
  reason: z
    .string()
    .trim()
    .min(1, { error: 'practice_reason_required' })
    .max(1000, { error: 'practice_text_too_long' }),
  /** Why the nutritionist recommends it despite the warnings shown ('' when none were). */
  acknowledged_reason: z.string().trim().max(500, { error: 'practice_text_too_long' }).default(''),
});
export type RecommendationInput = z.output<typeof recommendationItem>;

export const recommendationsSchema = z
  .object({ items: z.array(recommendationItem).max(RECOMMENDATION_LIMIT, { error: 'practice_list_too_long' }) })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.items.forEach((item, i) => {
      if (seen.has(item.sku_id))
        ctx.addIssue({ code: 'custom', message: 'practice_item_repeated', path: ['items', i, 'sku_id'] });
      seen.add(item.sku_id);
    });
  });

const OUTCOMES = ['held', 'shopper_late', 'shopper_no_show', 'nutritionist_no_show', 'call_failed'] as const;
export const markSchema = z.object({ outcome: z.enum(OUTCOMES, { error: 'practice_outcome_invalid' }) });

export const earningsQuery = z.object({
  month: z.string().regex(MONTH, { error: 'date_invalid' }).optional(),
});

/** The home country's month of an instant, YYYY-MM: a report's default (its rows count in their own country's). */
export const homeMonth = (now: number) => homeDate(now).slice(0, 7);

/** Months the earnings report offers: this one and the eleven before. */
export function recentMonths(now: number): string[] {
  const months: string[] = [];
  let day = `${homeMonth(now)}-01`;
  for (let i = 0; i < 12; i++) {
    months.push(day.slice(0, 7));
    day = `${addDays(day, -1).slice(0, 7)}-01`;
  }
  return months;
}
