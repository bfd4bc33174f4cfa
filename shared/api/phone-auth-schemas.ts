// Signing in with a code sent to a phone (decision 43): one schema per step for the forms and the API.
// Numbers of both countries, typed with or without the country code, a leading 0, spaces, in Latin,
// Arabic-Indic or Persian digits; codes of six digits in any of those digits.
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';
import { isMobileNumber } from '../phone/mobile';
import { nationalNumber, PHONE_RULES } from './address-facts';
import { COUNTRY_CODES, type CountryCode } from '../locale';

/** How a code travels: a text message, or WhatsApp (where the number has it; else by SMS). */
export const CODE_CHANNELS = ['whatsapp', 'sms'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/** A code's life and tries (phone_codes): six digits, five minutes, five tries, once. */
export const PHONE_CODE = { digits: 6, ttlMs: 5 * 60 * 1000, maxTries: 5 } as const;

const country = z.enum(COUNTRY_CODES, { error: 'mandatory-field' });
const phone = z
  .string({ error: 'mandatory-field' })
  .overwrite(normalizeDigits)
  .trim()
  .min(1, { error: 'mandatory-field' })
  .max(24, { error: 'phone_invalid' });
const validPhone = <T extends { country: CountryCode; phone: string }>(v: T) =>
  isMobileNumber(v.country, nationalNumber(v.phone));
const code = z
  .string({ error: 'mandatory-field' })
  .overwrite((v) => normalizeDigits(v).replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'mandatory-field' })
      .regex(/^\d{6}$/, { error: 'phone_code_format' }),
  );

/** "Send me a code": the number and the way. */
export const phoneCodeSchema = z
  .object({ country, phone, channel: z.enum(CODE_CHANNELS).default('whatsapp') })
  .refine(validPhone, { error: 'phone_invalid', path: ['phone'] });

/** The code typed back; a new shopper's name comes with it on the second step. */
export const phoneSignInSchema = z
  .object({
    country,
    phone,
    code,
    name: z.string().trim().min(1, { error: 'mandatory-field' }).max(80).optional(),
  })
  .refine(validPhone, { error: 'phone_invalid', path: ['phone'] });

/**
 * A signed-in shopper proving a phone to add it to her account, with her password when she has one (a
 * stolen session must not attach a thief's phone as a way in).
 */
export const phoneVerifySchema = z
  .object({ country, phone, code, password: z.string().max(200).optional() })
  .refine(validPhone, { error: 'phone_invalid', path: ['phone'] });

/** Removing an account that has no password: the code sent to its phone confirms it. */
export const removeByCodeSchema = z.object({ code });

/** Order updates and reminders on WhatsApp, for the account's proven phone: on or off. */
export const whatsappChoiceSchema = z.object({ on: z.boolean() });

/** The stop link's token (a number's digits and its signature). */
export const whatsappStopSchema = z.object({
  token: z.string().regex(/^\d{8,15}\.[0-9a-f]{32}$/, { error: 'whatsapp_stop_invalid' }),
});

/** A phone-only account adding its e-mail. */
export const addEmailSchema = z.object({
  email: z
    .string({ error: 'mandatory-field' })
    .trim()
    .min(1, { error: 'mandatory-field' })
    .pipe(z.email({ error: 'item_validation_error' })),
});

/** The number in E.164 (+965XXXXXXXX, +9665XXXXXXXX). */
export function e164(country: CountryCode, typed: string): string {
  return `${PHONE_RULES[country].dial}${nationalNumber(typed)}`;
}
