// The shopper as the API shows her to herself: never the password hash; an account made with a phone
// code has the e-mail '' until she adds one, says whether its phone signs it in, and whether her
// orders' updates go to WhatsApp.
import type { UserRow } from '../db/rows';

export function publicUser(
  u: Pick<UserRow, 'id' | 'name' | 'email' | 'phone'> & {
    phone_verified_at?: number | null;
    whatsapp_updates_at?: number | null;
  },
) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    phone_verified: !!u.phone_verified_at && !!u.phone,
    whatsapp_updates: !!u.whatsapp_updates_at,
  };
}
