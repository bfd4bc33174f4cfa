// The shopper as the API shows her to herself: never the password hash; an account made with a phone
// code has the e-mail '' until she adds one, says whether its phone signs it in, and whether her
// orders' updates go to WhatsApp.
import type { UserRow } from '../db/rows';
import { z } from '#shared/zod';

/** What publicUser answers (decision 68: the routes' `response`). */
export const publicUserSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** '' until a phone-made account adds one. */
  email: z.string(),
  phone: z.string().nullable(),
  phone_verified: z.boolean(),
  whatsapp_updates: z.boolean(),
  has_password: z.boolean(),
  /** Her mailbox proved the address (decision 85): until then only proof-class mails go to it. */
  email_proven: z.boolean(),
  /** 'MM-DD' or null; present where the row was read with it. */
  birthday: z.string().nullable().optional(),
});

/** An answer that carries the shopper as she now is. */
export const withUser = z.object({ user: publicUserSchema });
/** A sign-in's answer: the session's token and the shopper. */
export const signedIn = z.object({ access_token: z.string().min(1), user: publicUserSchema });

export function publicUser(
  u: Pick<UserRow, 'id' | 'name' | 'email' | 'phone'> & {
    phone_verified_at?: number | null;
    whatsapp_updates_at?: number | null;
    /** When her mailbox proved the address (decision 85); absent or null: not proven. */
    email_proven_at?: number | null;
    /** Whether a password signs the account in: a boolean, or SQL's 0/1. */
    has_password?: boolean | number;
    /** 'MM-DD' or null, where the row was read with it (the session's user is). */
    birthday?: string | null;
  },
) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    phone_verified: !!u.phone_verified_at && !!u.phone,
    whatsapp_updates: !!u.whatsapp_updates_at,
    has_password: u.has_password === undefined ? true : !!u.has_password,
    email_proven: !!u.email_proven_at && u.email !== '',
    ...(u.birthday !== undefined ? { birthday: u.birthday } : {}),
  };
}
