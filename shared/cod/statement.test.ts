import { describe, expect, it } from 'vitest';
import { type CashParcel, matchStatement } from './match';
import { countryWeekOf } from '../country-days';
import { settlementStatus } from './settlement';
import { parseAmount, readStatement, type StatementUnreadable } from './statement';

describe('amounts from a statement', () => {
  it('reads KWD with three decimals and SAR with two, from the digits', () => {
    expect(parseAmount('12.500', 3)).toBe(12500);
    expect(parseAmount('12.5', 3)).toBe(12500);
    expect(parseAmount('0.005', 3)).toBe(5);
    expect(parseAmount('1,250.750', 3)).toBe(1250750);
    expect(parseAmount('113.40', 2)).toBe(11340);
    // 0.1 + 0.2 is 0.30000000000000004 in floats; the digits give 30 exactly.
    expect(parseAmount('0.30', 2)).toBe(30);
    expect(parseAmount('19.99', 2)).toBe(1999);
    expect(parseAmount('7', 2)).toBe(700);
  });

  it('accepts trailing zeros beyond the currency’s decimals, refuses anything else', () => {
    expect(parseAmount('12.500', 2)).toBe(1250);
    expect(parseAmount('12.505', 2)).toBeNull();
    expect(parseAmount('12.5001', 3)).toBeNull();
    for (const bad of ['', '-1.000', '1.2.3', '12,50', 'KWD 1', '1e3', '.5', '1,25.000'])
      expect(parseAmount(bad, 3), bad).toBeNull();
  });
});

describe('reading a statement', () => {
  it('finds Aramex’s columns in any case and order, and SMSA’s', () => {
    const lines = readStatement(
      'aramex',
      'remittance date,cod amount,AWB NUMBER,Shipper Reference,COD Currency\n2026-11-20,12.500,AWB1,,kwd\n',
    );
    expect(lines).toEqual([
      { line: 2, tracking: 'AWB1', reference: null, amountText: '12.500', currencyText: 'KWD', date: '2026-11-20' },
    ]);
    const smsa = readStatement(
      'smsa',
      'AWB No,Reference,COD Amount,Currency,Payment Date\n"2900",R-1,"1,113.40",SAR,\n',
    );
    expect(smsa[0]).toMatchObject({ tracking: '2900', reference: 'R-1', amountText: '1,113.40', date: null });
  });

  it('refuses a file without the amount or any parcel column, or without lines', () => {
    const key = (carrier: 'aramex' | 'smsa', text: string) => {
      try {
        readStatement(carrier, text);
      } catch (e) {
        return (e as StatementUnreadable).key;
      }
      return 'read';
    };
    expect(key('aramex', 'AWB Number,Total\nA,1\n')).toBe('cod_columns_missing');
    expect(key('aramex', 'COD Amount,Currency\n1,KWD\n')).toBe('cod_columns_missing');
    expect(key('smsa', 'AWB No,COD Amount\n')).toBe('cod_file_empty');
    expect(key('smsa', 'AWB No,COD Amount\n"A,1\n')).toBe('cod_file_unreadable');
  });
});

const parcel = (id: number, cod: number, extra: Partial<CashParcel> = {}): CashParcel => ({
  id,
  tracking_number: `AWB${id}`,
  reference: `R${id}`,
  order_id: 100 + id,
  cod_amount: cod,
  currency: 'KWD',
  remitted: false,
  status: 'delivered',
  ...extra,
});
const line = (n: number, tracking: string | null, amount: string, currency: string | null = null) => ({
  line: n,
  tracking,
  reference: null,
  amountText: amount,
  currencyText: currency,
  date: null,
});

describe('matching a statement', () => {
  const parcels = [parcel(1, 12500), parcel(2, 8000), parcel(3, 3000), parcel(4, 5000, { remitted: true })];

  it('matches the exact amount, and marks short and over lines, which do not stop the file', () => {
    const r = matchStatement(
      [line(2, 'AWB1', '12.500'), line(3, 'AWB2', '7.500'), line(4, 'AWB3', '3.250', 'KWD')],
      'KWD',
      parcels,
    );
    expect(r.lines.map((l) => [l.outcome, l.amount, l.expected, l.shipment_id])).toEqual([
      ['matched', 12500, 12500, 1],
      ['short', 7500, 8000, 2],
      ['over', 3250, 3000, 3],
    ]);
    expect(r.applicable).toBe(true);
    expect(r.total).toBe(23250);
  });

  it('finds a parcel by the shop’s reference when the line has no tracking number', () => {
    const r = matchStatement([{ ...line(2, null, '8'), reference: 'R2' }], 'KWD', parcels);
    expect(r.lines[0]).toMatchObject({ outcome: 'matched', shipment_id: 2 });
  });

  it('stops the file on an unknown parcel, another currency, an already paid parcel, a repeat or no amount', () => {
    const r = matchStatement(
      [
        line(2, 'AWB1', '12.500'),
        line(3, 'NOPE', '1.000'),
        line(4, 'AWB2', '80.00', 'SAR'),
        line(5, 'AWB4', '5.000'),
        line(6, 'AWB1', '12.500'),
        line(7, 'AWB3', 'three'),
      ],
      'KWD',
      parcels,
    );
    expect(r.lines.map((l) => l.outcome)).toEqual([
      'matched',
      'unknown',
      'wrong_currency',
      'already_matched',
      'duplicate',
      'invalid_amount',
    ]);
    expect(r.applicable).toBe(false);
    expect(r.counts.unknown).toBe(1);
  });

  it('stops the file on a parcel never delivered (on its way, returned, cancelled) and on a line naming two parcels', () => {
    const r = matchStatement(
      [
        line(2, 'AWB5', '1.000'),
        line(3, 'AWB6', '1.000'),
        line(4, 'AWB7', '1.000'),
        // The waybill names parcel 1, the reference parcel 2: never matched silently to the first.
        { ...line(5, 'AWB1', '12.500'), reference: 'R2' },
        // Both name parcel 3: a plain match.
        { ...line(6, 'AWB3', '3.000'), reference: 'R3' },
      ],
      'KWD',
      [
        ...parcels,
        parcel(5, 1000, { status: 'out_for_delivery' }),
        parcel(6, 1000, { status: 'returned' }),
        parcel(7, 1000, { status: 'cancelled' }),
      ],
    );
    expect(r.lines.map((l) => l.outcome)).toEqual([
      'not_delivered',
      'not_delivered',
      'not_delivered',
      'conflicting',
      'matched',
    ]);
    expect(r.applicable).toBe(false);
    expect(r.total).toBe(3000);
  });

  it('calls a parcel of the other currency wrong even when the line says the statement’s currency', () => {
    const r = matchStatement([line(2, 'AWB9', '10.00')], 'SAR', [parcel(9, 1000)]);
    expect(r.lines[0]!.outcome).toBe('wrong_currency');
    expect(r.applicable).toBe(false);
    // Another country's parcel: neither its id nor the cash it was to collect reach this statement's clerk.
    expect(r.lines[0]).toMatchObject({ shipment_id: null, expected: null });
  });
});

describe('settlement', () => {
  const day = 24 * 60 * 60 * 1000;
  it('is paid, short or over once remitted; missing after the days a carrier takes, else not yet', () => {
    expect(settlementStatus(100, 100, 0, day)).toBe('paid');
    expect(settlementStatus(100, 90, 0, day)).toBe('short');
    expect(settlementStatus(100, 110, 0, day)).toBe('over');
    expect(settlementStatus(100, null, 0, 13 * day)).toBe('not_yet_remitted');
    expect(settlementStatus(100, null, 0, 15 * day)).toBe('missing');
  });
  it('counts a Kuwaiti week from Sunday, its first working day after the Friday–Saturday weekend', () => {
    expect(countryWeekOf('KW', '2026-11-27')).toBe('2026-11-22');
    expect(countryWeekOf('KW', '2026-11-22')).toBe('2026-11-22');
    expect(countryWeekOf('KW', '2026-11-21')).toBe('2026-11-15');
  });
  it('counts a week in the Emirates from Monday, after the Saturday–Sunday weekend', () => {
    // Sunday 29 November 2026 is the weekend's end: its week began on Monday 23.
    expect(countryWeekOf('AE', '2026-11-29')).toBe('2026-11-23');
    expect(countryWeekOf('AE', '2026-11-30')).toBe('2026-11-30');
    expect(countryWeekOf('AE', '2026-11-27')).toBe('2026-11-23');
  });
});
