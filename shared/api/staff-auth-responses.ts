// What the back office's sign-in and self routes answer (api/src/routes/staff/auth.ts): the routes'
// response schemas (decision 68) and the types the staff app reads, one declaration.
import { z } from '../zod';
import { LANGS } from '../locale';
import { PERMISSIONS } from '../staff/permissions';
import { roleGrantSchema } from './staff-schemas';

/** The password step: a five-minute single-use ticket for the code step. */
export const signInTicketSchema = z.object({ ticket: z.string() });
export type SignInTicket = z.infer<typeof signInTicketSchema>;

/** The code step: the staff session's token. */
export const staffSessionSchema = z.object({ token: z.string() });
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const signedOutSchema = z.object({ signed_out: z.literal(true) });

/** The signed-in staff member as every back-office page reads it: who, their role grants and what those permit. */
export const staffSelfSchema = z.object({
  staff: z.object({ id: z.int(), name: z.string(), email: z.string(), lang: z.enum(LANGS) }),
  grants: z.array(roleGrantSchema),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** The nutritionist the account practises as (her names in both languages), or null. */
  nutritionist: z.object({ name_en: z.string(), name_ar: z.string() }).nullable(),
});
export type StaffSelf = z.infer<typeof staffSelfSchema>;

export const staffLangAnswerSchema = z.object({ lang: z.enum(LANGS) });
