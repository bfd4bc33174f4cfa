// One person, one key: "Name+tag@Example.com" and "name@example.com" reach the same inbox, so a
// once-per-shopper coupon must count them as one. Everywhere: lower case (mail providers ignore case)
// and the sub-address after "+" dropped. Where a provider documents more aliases of one inbox, they fold
// too: Gmail ignores dots in the name and serves googlemail.com as gmail.com; Yahoo's disposable
// addresses add "-keyword" to a base name. Other providers' dots and hyphens are left alone: there they
// tell different people apart, and a once-per-shopper coupon must not be refused to a second person.
const GMAIL = new Set(['gmail.com', 'googlemail.com']);
const YAHOO = /^(?:yahoo\.[a-z.]+|ymail\.com|rocketmail\.com)$/;

export function emailIdentity(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '') || local;
  } else if (YAHOO.test(domain)) {
    const dash = local.indexOf('-');
    if (dash > 0) local = local.slice(0, dash);
  }
  return `${local}@${domain}`;
}
