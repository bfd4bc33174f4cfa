// "Send as a gift" (decision 34): the recipient's address (the address rules of Kuwait and
// Saudi Arabia, with the recipient's name and phone in it), a message in Arabic or English and an
// optional delivery date. One schema for the checkout's recipient form (flat values) and the API (the
// `gift` of POST /order/submit): field errors name the same fields on both sides.
import { z } from '../zod';
import { kuwaitAddressSchema, saudiAddressSchema } from './account-schemas';

/** The message's limit, in characters as a person counts them (an emoji is one). */
export const GIFT_MESSAGE_MAX = 250;
/** The furthest delivery date a shopper may ask for, in Gulf days after today. */
export const GIFT_DELIVERY_MAX_DAYS = 60;

export type GiftMessageLang = 'ar' | 'en';

/** Letters of another script than Arabic or Latin (the packing slip is printed in those two). */
const OTHER_SCRIPT = /(?![\p{Script=Arabic}\p{Script=Latin}])\p{L}/u;
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
// rules' two helpers, so that the checkout's schema chunk does not pull the booking rules in.
const GULF_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The Gulf calendar day (YYYY-MM-DD) of an instant. */
export const gulfDay = (now: number) => new Date(now + GULF_OFFSET_MS).toISOString().slice(0, 10);
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

const giftExtras = {
  message: z
    .string()
    .trim()
    .refine((m) => messageLength(m) <= GIFT_MESSAGE_MAX, { error: 'max_chars_validation_error', abort: true })
    .refine((m) => !OTHER_SCRIPT.test(m), { error: 'gift_message_language' })
    .optional()
    .transform((m) => (m ? m : undefined)),
  // The form's <input type="date"> sends YYYY-MM-DD, or '' when no date is wanted. Checked against the
  // clock of the parse: the API's at submit, the browser's as the shopper types.
  delivery_date: z
    .string()
    .trim()
    .refine((d) => d === '' || isDeliveryDate(d, Date.now()), { error: 'gift_date_invalid' })
    .optional()
    .transform((d) => (d ? d : undefined)),
};

/** The recipient: a Kuwait or Saudi address (no label: it is not saved to anyone's book) with the gift's extras. */
export const giftSchema = z.discriminatedUnion('country', [
  kuwaitAddressSchema.omit({ label: true }).extend(giftExtras),
  saudiAddressSchema.omit({ label: true }).extend(giftExtras),
]);
export type GiftInput = z.output<typeof giftSchema>;

/** Field lengths for the recipient form's messages ({{length}}). */
export const GIFT_LENGTHS = { message: { min: 0, max: GIFT_MESSAGE_MAX } } as const;

/** A gift as the buyer's order view and the back office show it (the address is the order's). */
export interface OrderGift {
  recipient: string;
  phone: string;
  message: string | null;
  message_lang: GiftMessageLang | null;
  delivery_date: string | null;
}
