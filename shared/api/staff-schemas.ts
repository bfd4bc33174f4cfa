// The back office's inputs (issue 14), shared by the staff app's forms and the API's contract.
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

export const staffCountryQuery = z.object({ country: z.enum(COUNTRY_CODES).optional() });
