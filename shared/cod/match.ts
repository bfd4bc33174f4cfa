// Matching a remittance statement's lines to the shop's cash parcels (issue 62): each line is
// matched, short (less than the cash to collect) or over, or it is a line the shop cannot take —
// an unknown parcel, another currency, a parcel already paid by an earlier statement, the same parcel
// twice in the file, or no amount; and (issue 73) a parcel never delivered (on its way, returned or
// cancelled: no cash was collected), or a line whose waybill names one parcel and whose reference
// another. A file with any line it cannot take changes nothing.
import { currencyDecimals } from '../money';
import { parseAmount, type StatementCurrency, type StatementLine } from './statement';

export const LINE_OUTCOMES = [
  'matched',
  'short',
  'over',
  'unknown',
  'wrong_currency',
  'already_matched',
  'duplicate',
  'invalid_amount',
  'not_delivered',
  'conflicting',
] as const;
type LineOutcome = (typeof LINE_OUTCOMES)[number];

/** The outcomes that stop a file: reported, nothing applied. */
const BLOCKING_OUTCOMES: readonly LineOutcome[] = [
  'unknown',
  'wrong_currency',
  'already_matched',
  'duplicate',
  'invalid_amount',
  'not_delivered',
  'conflicting',
];

/** A cash parcel of the carrier as the database knows it. */
export interface CashParcel {
  id: number;
  tracking_number: string | null;
  reference: string;
  order_id: number;
  cod_amount: number;
  currency: string;
  /** Already paid by a line of an earlier statement. */
  remitted: boolean;
  /** The parcel's status (shipments.status): only a delivered parcel collected cash. */
  status: string;
}

interface MatchedLine {
  line: number;
  tracking: string | null;
  reference: string | null;
  /** The line's amount in minor units of its currency (null: not an amount). */
  amount: number | null;
  currency: string;
  date: string | null;
  outcome: LineOutcome;
  shipment_id: number | null;
  /** The cash the parcel was to collect (minor units), when it is known. */
  expected: number | null;
}

export interface MatchResult {
  lines: MatchedLine[];
  /** No line stops the file: it may be applied. */
  applicable: boolean;
  /** Minor units of the statement's currency: what the applicable lines remit. */
  total: number;
  counts: Record<LineOutcome, number>;
}

export function matchStatement(
  lines: readonly StatementLine[],
  currency: StatementCurrency,
  parcels: readonly CashParcel[],
): MatchResult {
  const byTracking = new Map(parcels.filter((p) => p.tracking_number).map((p) => [p.tracking_number!, p]));
  const byReference = new Map(parcels.map((p) => [p.reference, p]));
  const seen = new Set<number>();
  const counts = Object.fromEntries(LINE_OUTCOMES.map((o) => [o, 0])) as Record<LineOutcome, number>;
  let total = 0;
  const matched = lines.map((l): MatchedLine => {
    const lineCurrency = l.currencyText ?? currency;
    const amount = parseAmount(l.amountText, currencyDecimals(lineCurrency));
    const byWaybill = (l.tracking && byTracking.get(l.tracking)) || null;
    const byRef = (l.reference && byReference.get(l.reference)) || null;
    const parcel = byWaybill || byRef;
    const outcome = ((): LineOutcome => {
      if (lineCurrency !== currency || (parcel && parcel.currency !== currency)) return 'wrong_currency';
      if (amount === null) return 'invalid_amount';
      if (!parcel) return 'unknown';
      // Two parcels named on one line: which one was paid is the carrier's to say, never a guess.
      if (byWaybill && byRef && byWaybill.id !== byRef.id) return 'conflicting';
      if (seen.has(parcel.id)) return 'duplicate';
      seen.add(parcel.id);
      if (parcel.remitted) return 'already_matched';
      if (parcel.status !== 'delivered') return 'not_delivered';
      if (amount < parcel.cod_amount) return 'short';
      if (amount > parcel.cod_amount) return 'over';
      return 'matched';
    })();
    counts[outcome] += 1;
    if (amount !== null && !BLOCKING_OUTCOMES.includes(outcome)) total += amount;
    // A parcel of another currency is another country's: the line says so, and names neither the parcel
    // nor the cash it was to collect, which a clerk of this statement's country may not read.
    const ours = parcel && parcel.currency === currency ? parcel : null;
    return {
      line: l.line,
      tracking: l.tracking,
      reference: l.reference,
      amount,
      currency: lineCurrency,
      date: l.date,
      outcome,
      shipment_id: ours?.id ?? null,
      expected: ours?.cod_amount ?? null,
    };
  });
  const applicable = matched.length > 0 && matched.every((l) => !BLOCKING_OUTCOMES.includes(l.outcome));
  return { lines: matched, applicable, total, counts };
}
