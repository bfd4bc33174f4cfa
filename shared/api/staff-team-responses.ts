// What the back office's team and invitation routes answer (api/src/routes/staff/team.ts): the routes'
// response schemas (decision 68) and the types the team and invitation pages read, one declaration.
import { z } from '../zod';
import { LANGS } from '../locale';
import { roleGrantSchema } from './staff-schemas';

/** Every staff member with their role grants; `invited`: the invitation is not accepted yet (no password). */
export const teamSchema = z.object({
  members: z.array(
    z.object({
      id: z.int(),
      email: z.string(),
      name: z.string(),
      lang: z.enum(LANGS),
      active: z.boolean(),
      created_at: z.int(),
      invited: z.boolean(),
      grants: z.array(roleGrantSchema),
    }),
  ),
});
export type Team = z.infer<typeof teamSchema>;
export type TeamMember = Team['members'][number];

/** A member invited: their new id (the invitation is mailed to them). */
export const invitedSchema = z.object({ id: z.int() });

/** A member's grants as replaced. */
export const grantsAnswerSchema = z.object({ grants: z.array(roleGrantSchema) });

export const activeAnswerSchema = z.object({ active: z.boolean() });

/** An open invitation: who it is for and the TOTP secret to enrol (also as an otpauth:// URI for a QR code). */
export const invitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  lang: z.enum(LANGS),
  secret: z.string(),
  otpauth: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** An invitation accepted: the e-mail to sign in with. */
export const invitationAcceptedSchema = z.object({ email: z.string() });
