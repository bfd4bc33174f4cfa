// The shopper as the API shows her to herself: never the password hash; an account made with a phone
// code has the e-mail '' until she adds one, says whether its phone signs it in, and whether her
// orders' updates go to WhatsApp.
import type { UserRow } from '../db/rows';

export function publicUser(
  u: Pick<UserRow, 'id' | 'name' | 'email' | 'phone'> & {
    phone_verified_at?: number | null;
    whatsapp_updates_at?: number | null;
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
    ...(u.birthday !== undefined ? { birthday: u.birthday } : {}),
  };
}
