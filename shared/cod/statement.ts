// Carriers' cash-on-delivery remittance statements (issue 62): the columns each carrier's statement
// has, read from a CSV file, and the amounts parsed from their decimal text exactly (never through a
// float). Matching the lines to the shop's parcels is match.ts; the API runs both, the back office
// shows the columns.
import { CURRENCY_CODES } from '../countries';
import { parseCsv } from '../text/csv';

export const STATEMENT_CARRIERS = ['aramex', 'smsa', 'local'] as const;
export type StatementCarrier = (typeof STATEMENT_CARRIERS)[number];
export const STATEMENT_CURRENCIES = CURRENCY_CODES;
export type StatementCurrency = (typeof STATEMENT_CURRENCIES)[number];

export type StatementField = 'tracking' | 'reference' | 'amount' | 'currency' | 'date';

/**
 * The headers each carrier's statement uses for a field, the documented one first (shown on the page),
 * then the spellings its exports have been seen with; compared without case, spaces or punctuation.
 * Aramex's COD remittance report: "AWB Number", "Shipper Reference", "COD Amount", "COD Currency",
 * "Remittance Date"; SMSA Express's COD statement: "AWB No", "Reference", "COD Amount", "Currency",
 * "Payment Date". The local carrier (testers) reads Aramex's layout. A tracking number or a reference
 * is needed on every line; the currency column may be left out (then the form's currency holds).
 */
export const STATEMENT_COLUMNS: Record<StatementCarrier, Record<StatementField, readonly string[]>> = {
  aramex: {
    tracking: ['AWB Number', 'AWB', 'AWB No', 'Shipment Number', 'HAWB'],
    reference: ['Shipper Reference', 'Reference', 'Ref1', 'Reference 1'],
    amount: ['COD Amount', 'COD Value', 'Collected Amount', 'Amount'],
    currency: ['COD Currency', 'Currency'],
    date: ['Remittance Date', 'Payment Date', 'Collection Date'],
  },
  smsa: {
    tracking: ['AWB No', 'AWB', 'AWB Number', 'Waybill'],
    reference: ['Reference', 'Ref No', 'Shipper Reference'],
    amount: ['COD Amount', 'COD Amt', 'Amount'],
    currency: ['Currency', 'COD Currency'],
    date: ['Payment Date', 'Remittance Date', 'Transfer Date'],
  },
  local: {
    tracking: ['AWB Number', 'AWB', 'Tracking Number'],
    reference: ['Shipper Reference', 'Reference'],
    amount: ['COD Amount', 'Amount'],
    currency: ['COD Currency', 'Currency'],
    date: ['Remittance Date'],
  },
};

export interface StatementLine {
  /** The file's line (1 is the header). */
  line: number;
  tracking: string | null;
  reference: string | null;
  amountText: string;
  currencyText: string | null;
  date: string | null;
}

export type StatementProblem = 'cod_file_empty' | 'cod_columns_missing' | 'cod_file_unreadable';

export class StatementUnreadable extends Error {
  constructor(readonly key: StatementProblem) {
    super(key);
  }
}

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The statement's lines; throws StatementUnreadable when it is not a CSV with the carrier's columns. */
export function readStatement(carrier: StatementCarrier, text: string): StatementLine[] {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch {
    throw new StatementUnreadable('cod_file_unreadable');
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new StatementUnreadable('cod_file_empty');
  const names = header.cells.map(squash);
  const columns = STATEMENT_COLUMNS[carrier];
  const at = (field: StatementField) => {
    for (const name of columns[field]) {
      const i = names.indexOf(squash(name));
      if (i >= 0) return i;
    }
    return -1;
  };
  const index = { tracking: at('tracking'), reference: at('reference'), amount: at('amount') };
  const currency = at('currency');
  const date = at('date');
  if (index.amount < 0 || (index.tracking < 0 && index.reference < 0))
    throw new StatementUnreadable('cod_columns_missing');
  const cell = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '').trim() || null : null);
  return rows.map((r) => ({
    line: r.line,
    tracking: cell(r.cells, index.tracking),
    reference: cell(r.cells, index.reference),
    amountText: cell(r.cells, index.amount) ?? '',
    currencyText: cell(r.cells, currency)?.toUpperCase() ?? null,
    date: cell(r.cells, date),
  }));
}

/**
 * "1,250.500" or "12.5" in a currency with `decimals` minor digits → minor units (1250500, 12500 for
 * KWD's 3), from the digits alone. More fraction digits than the currency has are accepted only as
 * trailing zeros ("12.500" SAR is 1250; "12.505" SAR is no amount). Null: not an amount.
 */
export function parseAmount(text: string, decimals: number): number | null {
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const whole = m[1]!.replaceAll(',', '');
  const fraction = m[2] ?? '';
  if (fraction.length > decimals && /[^0]/.test(fraction.slice(decimals))) return null;
  const minor = Number(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}
