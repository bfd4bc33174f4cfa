// The gift form's facts without its schema: the message's limit and how its characters and language
// are counted, and the delivery days a shopper may choose. No zod here: the checkout's recipient form
// reads these as it renders; the schema (gift-schemas.ts) loads when the form validates.

/** The message's limit, in characters as a person counts them (an emoji is one). */
export const GIFT_MESSAGE_MAX = 250;
/** The furthest delivery date a shopper may ask for, in Gulf days after today. */
const GIFT_DELIVERY_MAX_DAYS = 60;

export type GiftMessageLang = 'ar' | 'en';

const ARABIC_LETTER = /\p{Script=Arabic}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;

/** The characters of a text as a person counts them (code points: an emoji or a surrogate pair is one). */
export const messageLength = (text: string) => [...text].length;

/** Which language a message is in: the script of most of its letters (Arabic wins a tie); null without letters. */
export function messageLanguage(text: string): GiftMessageLang | null {
  const arabic = text.match(ARABIC_LETTER)?.length ?? 0;
  const latin = text.match(LATIN_LETTER)?.length ?? 0;
  if (!arabic && !latin) return null;
  return arabic >= latin ? 'ar' : 'en';
}

// Gulf local time is UTC+3 all year (Asia/Kuwait, Asia/Riyadh: no summer time). Own copies of the slot
// rules' two helpers, so that the checkout's gift form does not pull the booking rules in.
const GULF_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The Gulf calendar day (YYYY-MM-DD) of an instant. */
const gulfDay = (now: number) => new Date(now + GULF_OFFSET_MS).toISOString().slice(0, 10);
/** A calendar day `days` after another. */
export const addGulfDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The dates a delivery may be asked for at an instant: from the next Gulf day to 60 days ahead. */
export function deliveryWindow(now: number): { min: string; max: string } {
  const today = gulfDay(now);
  return { min: addGulfDays(today, 1), max: addGulfDays(today, GIFT_DELIVERY_MAX_DAYS) };
}

/** Whether a YYYY-MM-DD is a real calendar date (2026-02-30 is not). */
function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const t = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === date;
}

/** Whether a date is a valid delivery date at `now` (Gulf days; the clock is a parameter for tests). */
export function isDeliveryDate(date: string, now: number): boolean {
  if (!isCalendarDate(date)) return false;
  const { min, max } = deliveryWindow(now);
  return date >= min && date <= max;
}

/** Field lengths for the recipient form's messages ({{length}}). */
export const GIFT_LENGTHS = { message: { min: 0, max: GIFT_MESSAGE_MAX } } as const;
