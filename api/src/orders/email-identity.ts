// One person, one key: "Name+tag@Example.com" and "name@example.com" reach the same inbox, so a
// once-per-shopper coupon must count them as one. Lower case (mail providers ignore case) and the
// sub-address after "+" dropped. Provider-specific rules (Gmail's dots) are left alone: they are not
// universal, and folding them would merge different people at other providers.
export function emailIdentity(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}
