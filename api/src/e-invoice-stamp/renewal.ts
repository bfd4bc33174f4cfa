// When the owner is told to renew the stamp (issue 75): ZATCA's production CSID expires, and an expired
// certificate signs nothing (the chain refuses it, e-invoice-chain/stamp.ts), so documents would wait.
// Renewal (PATCH /production/csids) needs a new one-time code from the Fatoora portal, so the warning
// comes weeks ahead: from RENEW_WARNING_DAYS before the certificate's end, on the E-invoicing page and
// the back office's dashboard.
const DAY_MS = 24 * 60 * 60 * 1000;

/** Thirty days: a monthly look at the back office still sees it in time to get a code and renew. */
export const RENEW_WARNING_DAYS = 30;

/** Whole days left (0 or less: expired) when within the warning window, else null. */
export function renewWithinDays(notAfter: number | null, now: number): number | null {
  if (notAfter === null) return null;
  const left = notAfter - now;
  if (left > RENEW_WARNING_DAYS * DAY_MS) return null;
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}
