// The back office's inputs, shared by the staff app's forms and the API's contract.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';
import { ROLES } from '../staff/permissions';
import { normalizeDigits } from '../text/digits';

const email = z
  .string({ error: 'mandatory-field' })
  .trim()
  .min(1, { error: 'mandatory-field' })
  .max(200)
  .pipe(z.email({ error: 'item_validation_error' }));

export const staffSignInSchema = z.object({
  email,
  password: z.string({ error: 'mandatory-field' }).min(1, { error: 'mandatory-field' }).max(200),
});

export const staffVerifySchema = z.object({
  ticket: z.string().regex(/^[0-9a-f]{64}$/),
  // Arabic-Indic digits typed on an Arabic keyboard count as the same code.
  code: z
    .string()
    .transform(normalizeDigits)
    .pipe(z.string().regex(/^\d{6}$/, { error: 'totp_invalid' })),
});

export const staffLangSchema = z.object({ lang: z.enum(['en', 'ar']) });

export const roleGrantSchema = z.object({ role: z.enum(ROLES), country: z.enum(COUNTRY_CODES).nullable() });

export const auditQuerySchema = z.object({
  resource: z.string().max(40).optional(),
  resource_id: z.string().max(64).optional(),
  staff_id: z.coerce.number().int().positive().optional(),
  before: z.coerce.number().int().positive().optional(),
});

/** Staff passwords are longer than shoppers': they open every shopper's data. */
export const STAFF_MIN_PASSWORD = 12;

export const staffGrantsSchema = z.object({
  grants: z
    .array(roleGrantSchema)
    .min(1)
    .max(12)
    .refine((grants) => new Set(grants.map((g) => `${g.role}|${g.country}`)).size === grants.length, {
      error: 'staff_grants_repeated',
    }),
});

export const staffInviteSchema = staffGrantsSchema.extend({
  email,
  name: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(80),
  lang: z.enum(['en', 'ar']).default('en'),
});

export const staffActiveSchema = z.object({ active: z.boolean() });

export const invitationTokenParams = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/) });

export const invitationAcceptSchema = z.object({
  password: z
    .string({ error: 'mandatory-field' })
    .min(STAFF_MIN_PASSWORD, { error: 'min_chars_validation_error' })
    .max(200),
  code: z
    .string()
    .transform(normalizeDigits)
    .pipe(z.string().regex(/^\d{6}$/, { error: 'totp_invalid' })),
});
