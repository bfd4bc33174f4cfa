// The owner's earnings report (issue 46): per nutritionist, per month (each consultation's country's own), per currency (KWD and SAR
// apart, never converted; amounts an owner sets are per country). Counted: the consultations of the
// month that have happened (completed, no-show, cancelled; a booking still to come or not yet marked
// is not earned yet and is counted apart as "awaiting a mark" once its time is past).
//
// - sessions: marked held or shopper late (the session took place);
// - no_shows: the shopper did not come (paid, kept by the rules);
// - gross: what was paid for them (a package's session: the package's price over its sessions);
// - refunds: what went back (cancellations, the nutritionist's no-show, a failed call);
// - net = gross − refunds; the shop's share = net × nutritionists.shop_share_bp / 10 000, rounded half
//   up to the minor unit; the nutritionist's part = net − the shop's share.
import { monthBoundsPerCountry } from '#api/src/lib/gulf-month';
import { TIME_ZONES } from '#shared/countries/delivery';
export { homeMonth } from '#shared/api/staff-practice-schemas';
import { csvCell, csvLine, CSV_BOM } from '#shared/text/csv';
import { currencyDecimals, minorToDecimal } from '#shared/money';
import type { EarningsRow, EarningsView } from '#shared/consultations/practice-views';

/** Basis points of an amount, rounded half up (amounts are never negative here). */
const shareOf = (amount: number, bp: number) => Math.floor((amount * bp + 5000) / 10000);

export async function earningsView(
  db: D1Database,
  month: string,
  /** The countries whose consultations count (the member's grant for consultations:manage); null: all. */
  countries: readonly string[] | null,
  now = Date.now(),
  zones: Record<string, string> = TIME_ZONES,
): Promise<EarningsView> {
  // A consultation counts in the month of its own country's clocks (issue 77).
  const { starts, ends } = monthBoundsPerCountry(month, zones);
  const { results } = await db
    .prepare(
      `SELECT n.id AS nutritionist_id, n.name_en, n.name_ar, n.shop_share_bp, c.currency,
         sum(CASE WHEN c.outcome IN ('held', 'shopper_late') THEN 1 ELSE 0 END) AS sessions,
         sum(CASE WHEN c.outcome = 'shopper_no_show' THEN 1 ELSE 0 END) AS no_shows,
         sum(CASE WHEN c.status = 'booked' AND c.ends_at <= ?3 THEN 1 ELSE 0 END) AS awaiting_mark,
         sum(CASE WHEN c.status IN ('completed', 'no_show', 'cancelled') THEN
           CASE WHEN c.payment_method = 'package' THEN coalesce(k.price / k.sessions_total, 0) ELSE c.total END
           ELSE 0 END) AS gross,
         sum(CASE WHEN c.status IN ('completed', 'no_show', 'cancelled') THEN c.refunded ELSE 0 END) AS refunds
       FROM consultations c JOIN nutritionists n ON n.id = c.nutritionist_id
         LEFT JOIN consultation_credits k ON k.id = c.credit_id
       WHERE c.starts_at >= json_extract(?1, '$.' || c.country) AND c.starts_at < json_extract(?2, '$.' || c.country) AND c.status NOT IN ('pending_payment', 'payment_failed')
         AND (?4 IS NULL OR c.country IN (SELECT value FROM json_each(?4)))
       GROUP BY n.id, c.currency
       ORDER BY n.sort_order, n.id, c.currency`,
    )
    .bind(starts, ends, now, countries === null ? null : JSON.stringify(countries))
    .all<Omit<EarningsRow, 'net' | 'shop_share' | 'nutritionist_part'>>();
  return {
    month,
    rows: results.map((r) => {
      const net = Math.max(0, r.gross - r.refunds);
      const shop = shareOf(net, r.shop_share_bp);
      return { ...r, net, shop_share: shop, nutritionist_part: net - shop };
    }),
  };
}

/** The report as a spreadsheet (the catalogue export's CSV rules: BOM, CRLF, guarded text cells). */
export function earningsCsv(view: EarningsView): string {
  const money = (minor: number, currency: string) => minorToDecimal(minor, currencyDecimals(currency));
  let out =
    CSV_BOM +
    csvLine([
      'month',
      'nutritionist_id',
      'nutritionist',
      'currency',
      'sessions_held',
      'shopper_no_shows',
      'awaiting_mark',
      'gross',
      'refunds',
      'net',
      'shop_share_percent',
      'shop_share',
      'nutritionist_part',
    ]);
  for (const r of view.rows)
    out += csvLine([
      view.month,
      String(r.nutritionist_id),
      csvCell(r.name_en, { text: true }),
      r.currency,
      String(r.sessions),
      String(r.no_shows),
      String(r.awaiting_mark),
      money(r.gross, r.currency),
      money(r.refunds, r.currency),
      money(r.net, r.currency),
      (r.shop_share_bp / 100).toFixed(2),
      money(r.shop_share, r.currency),
      money(r.nutritionist_part, r.currency),
    ]);
  return out;
}
