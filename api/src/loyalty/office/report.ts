// The owner's monthly points report (issue 47): per country and month (the country's own: issue 77), the points issued (by why),
// spent, reversed, expired, adjusted down and forfeited on erasure, the points outstanding at the
// month's end and what they are worth at the country's current redeem rate (the shop's liability, in
// its own currency, never converted). An erased shopper's ledger rows are gone, but their sums per
// country, month (its own) and kind stay in points_erased_sums (her balance left as 'forfeited'), counted
// here in their kinds, so a past month's figures do not change when a shopper is erased.
//
// points_erased_sums holds what the rows of a kind summed to; each kind has one sign (credits +, debits
// −), so either sign convention reads the same here. Adjustments go both ways: a signed sum counts up
// or down by its sign, or the kinds 'adjustment_up' / 'adjustment_down' when the erasure splits them.
import { type DatabaseEnv, shardDatabase } from '#api/src/db/databases';
import { TIME_ZONES } from '#shared/countries/delivery';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { currencyDecimals, minorToDecimal } from '#shared/money';
import { csvLine, CSV_BOM } from '#shared/text/csv';
import { monthBoundsPerCountry } from '#api/src/lib/gulf-month';
import {
  ISSUED_KINDS,
  OUT_KINDS,
  type CountryReport,
  type IssuedKind,
  type LoyaltyReport,
  type OutKind,
  type ReportMonth,
} from '#shared/loyalty/report';

/** The 12 months ending with `month` (YYYY-MM), oldest first. */
export function monthsEnding(month: string, count = 12): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** A movement's column (and its signed effect on the balance), from its kind and amount. */
function columnOf(kind: string, signed: number): { column: IssuedKind | OutKind; delta: number } | null {
  const up = Math.abs(signed);
  switch (kind) {
    case 'earn_order':
    case 'earn_blood_test':
    case 'earn_consultation':
    case 'earn_review':
    case 'earn_birthday':
    case 'earn_referral':
    case 'spend_return':
      return { column: kind, delta: up };
    case 'adjustment_up':
      return { column: 'adjustment_up', delta: up };
    case 'adjustment_down':
      return { column: 'adjusted_down', delta: -up };
    case 'adjustment':
      return signed >= 0 ? { column: 'adjustment_up', delta: up } : { column: 'adjusted_down', delta: -up };
    case 'spend':
      return { column: 'spent', delta: -up };
    case 'earn_reversal':
      return { column: 'reversed', delta: -up };
    case 'expiry':
      return { column: 'expired', delta: -up };
    case 'forfeited':
    case 'forfeit':
    case 'erasure':
      return { column: 'forfeited', delta: -up };
    default:
      return null;
  }
}

const emptyMonth = (month: string): ReportMonth => ({
  month,
  issued: Object.fromEntries(ISSUED_KINDS.map((k) => [k, 0])) as Record<IssuedKind, number>,
  issued_total: 0,
  spent: 0,
  reversed: 0,
  expired: 0,
  adjusted_down: 0,
  forfeited: 0,
  outstanding: 0,
  liability: 0,
});

/** Points at the redeem rate, rounded half up to the minor unit. */
export const liabilityOf = (points: number, stepPoints: number, stepValue: number) =>
  Math.floor((2 * points * stepValue + stepPoints) / (2 * stepPoints));

interface Movement {
  country: string;
  month: string;
  kind: string;
  points: number;
}

export async function loyaltyReport(
  envOrCore: DatabaseEnv | D1Database,
  month: string,
  countries: readonly CountryCode[] = COUNTRY_CODES,
  zones: Record<string, string> = TIME_ZONES,
): Promise<LoyaltyReport> {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  const db = env.DB;
  const months = monthsEnding(month);
  // Each country's months on its own clocks (issue 77): a row's bounds and month are read by its country.
  const first = monthBoundsPerCountry(months[0]!, zones);
  const last = monthBoundsPerCountry(month, zones);
  const ledgerSums = (at: D1Database) => [
    at
      .prepare(
        "SELECT country, sum(amount) AS points FROM points_ledger WHERE created_at < json_extract(?, '$.' || country) GROUP BY country",
      )
      .bind(first.starts),
    // Signed sums per month of the row's country, kind and direction (adjustments go both ways).
    at
      .prepare(
        `SELECT country, strftime('%Y-%m', (created_at + json_extract(?1, '$.' || country)) / 1000, 'unixepoch') AS month, kind, sum(amount) AS points
         FROM points_ledger WHERE created_at >= json_extract(?2, '$.' || country) AND created_at < json_extract(?3, '$.' || country)
         GROUP BY country, month, kind, amount > 0`,
      )
      .bind(last.offsets, first.starts, last.ends),
  ];
  // Every order shard holds points (decision 61): the core's batch lists the others, which are then
  // asked in parallel and their sums added (a sum of sums: each row of the report adds up the same).
  const [opening, moves, erased, rules, shards] = await db.batch([
    ...ledgerSums(db),
    db.prepare('SELECT country, month, kind, points FROM points_erased_sums WHERE month <= ?').bind(month),
    db.prepare('SELECT country, redeem_step_points, redeem_step_value FROM loyalty_rules'),
    db.prepare("SELECT binding FROM order_shards WHERE state <> 'retired' AND binding <> 'DB' ORDER BY id"),
  ]);
  const others = await Promise.all(
    (shards!.results as Array<{ binding: string }>).map((s) => {
      const at = shardDatabase(env, s.binding);
      return at.batch(ledgerSums(at));
    }),
  );
  const openingRows = [opening!, ...others.map((o) => o[0]!)].flatMap(
    (r) => r.results as { country: string; points: number }[],
  );
  const moveRows = [moves!, ...others.map((o) => o[1]!)].flatMap((r) => r.results as unknown as Movement[]);
  const erasedRows = erased!.results as unknown as Movement[];
  const ruleRows = rules!.results as { country: string; redeem_step_points: number; redeem_step_value: number }[];
  return {
    month,
    countries: countries.map((country): CountryReport => {
      const rate = ruleRows.find((r) => r.country === country) ?? { redeem_step_points: 1, redeem_step_value: 0 };
      const byMonth = new Map(months.map((m) => [m, emptyMonth(m)]));
      let balance = openingRows.filter((r) => r.country === country).reduce((sum, r) => sum + (r.points ?? 0), 0);
      const add = (row: Movement) => {
        const col = columnOf(row.kind, row.points);
        if (!col) return;
        const target = byMonth.get(row.month);
        if (!target) {
          // Before the first month: only the opening balance.
          if (row.month < months[0]!) balance += col.delta;
          return;
        }
        if ((ISSUED_KINDS as readonly string[]).includes(col.column)) {
          target.issued[col.column as IssuedKind] += Math.abs(col.delta);
          target.issued_total += Math.abs(col.delta);
        } else target[col.column as OutKind] += Math.abs(col.delta);
      };
      for (const row of moveRows) if (row.country === country) add(row);
      for (const row of erasedRows) if (row.country === country) add(row);
      const list = months.map((m) => {
        const r = byMonth.get(m)!;
        balance += r.issued_total - r.spent - r.reversed - r.expired - r.adjusted_down - r.forfeited;
        r.outstanding = balance;
        r.liability = liabilityOf(balance, rate.redeem_step_points, rate.redeem_step_value);
        return r;
      });
      return {
        country,
        currency: COUNTRY_FACTS[country].currency,
        redeem_step_points: rate.redeem_step_points,
        redeem_step_value: rate.redeem_step_value,
        months: list,
      };
    }),
  };
}

const REPORT_CSV_COLUMNS = [
  'country',
  'currency',
  'month',
  ...ISSUED_KINDS.map((k) => `issued_${k}`),
  'issued_total',
  ...OUT_KINDS,
  'outstanding',
  'redeem_step_points',
  'redeem_step_value',
  'liability',
] as const;

/** The report as a spreadsheet (the shop's CSV rules: BOM, CRLF); money as decimals of each currency. */
export function loyaltyReportCsv(report: LoyaltyReport): string {
  let out = CSV_BOM + csvLine([...REPORT_CSV_COLUMNS]);
  for (const c of report.countries) {
    const money = (minor: number) => minorToDecimal(minor, currencyDecimals(c.currency));
    for (const r of c.months)
      out += csvLine([
        c.country,
        c.currency,
        r.month,
        ...ISSUED_KINDS.map((k) => String(r.issued[k])),
        String(r.issued_total),
        ...OUT_KINDS.map((k) => String(r[k])),
        String(r.outstanding),
        String(c.redeem_step_points),
        money(c.redeem_step_value),
        money(r.liability),
      ]);
  }
  return out;
}
