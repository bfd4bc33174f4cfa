// The gift form's facts without its schema: the message's limit and how its characters and language
// are counted, and the delivery days a shopper may choose. No zod here: the checkout's recipient form
// reads these as it renders; the schema (gift-schemas.ts) loads when the form validates.
import { dateIn } from '../country-days';

/** The message's limit, in characters as a person counts them (an emoji is one). */
export const GIFT_MESSAGE_MAX = 250;
/** The furthest delivery date a shopper may ask for, in days after today (her country's). */
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

// The days are the recipient's country's (its time zone: Kuwait and Riyadh UTC+3, Dubai UTC+4). Own copy
// of the day arithmetic, so that the checkout's gift form does not pull the booking rules in.
const DAY_MS = 24 * 60 * 60 * 1000;
/** A calendar day `days` after another. */
export const addGulfDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The dates a delivery may be asked for at an instant: from the country's next day to 60 days ahead. */
export function deliveryWindow(now: number, timeZone: string): { min: string; max: string } {
  const today = dateIn(timeZone, now);
  return { min: addGulfDays(today, 1), max: addGulfDays(today, GIFT_DELIVERY_MAX_DAYS) };
}

/** Whether a YYYY-MM-DD is a real calendar date (2026-02-30 is not). */
function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const t = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === date;
}

/** Whether a date is a valid delivery date at `now` in a time zone (the clock is a parameter for tests). */
export function isDeliveryDate(date: string, now: number, timeZone: string): boolean {
  if (!isCalendarDate(date)) return false;
  const { min, max } = deliveryWindow(now, timeZone);
  return date >= min && date <= max;
}

/** Field lengths for the recipient form's messages ({{length}}). */
export const GIFT_LENGTHS = { message: { min: 0, max: GIFT_MESSAGE_MAX } } as const;
