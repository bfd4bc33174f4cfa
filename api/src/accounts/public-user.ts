// The shopper as the API shows her to herself: never the password hash; an account made with a phone
// code has the e-mail '' until she adds one, and says whether its phone signs it in.
import type { UserRow } from '../db/rows';

export function publicUser(
  u: Pick<UserRow, 'id' | 'name' | 'email' | 'phone'> & { phone_verified_at?: number | null },
) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    phone_verified: !!u.phone_verified_at && !!u.phone,
  };
}
