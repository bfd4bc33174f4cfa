// What the back office's cash-on-delivery routes answer (api/src/routes/staff/cod.ts): the routes'
// response schemas (decision 68) and the types the COD page reads, one declaration.
import { z } from '../zod';
import { LINE_OUTCOMES } from '../cod/match';
import { SETTLEMENT_STATUSES } from '../cod/settlement';
import { STATEMENT_CARRIERS, STATEMENT_CURRENCIES } from '../cod/statement';
import { PARCEL_CARRIERS } from './parcel-facts';

const currency = z.enum(STATEMENT_CURRENCIES);

/** GET /staff/cod: the last 12 weeks of cash on delivery in the countries the grant allows. */
export const codOverviewSchema = z.object({
  /** Today, YYYY-MM-DD in the Gulf. */
  today: z.string(),
  /** Days after delivery a parcel's cash counts as missing. */
  missing_days: z.int(),
  /** Delivered cash parcels by how they stand. */
  counts: z.record(z.enum(SETTLEMENT_STATUSES), z.int()),
  /**
   * Per carrier ('own': the drivers' hand-ins), week and currency, newest week first. A week is its
   * currency's country's: its first working day (Sunday in Kuwait and Saudi Arabia, Monday in the
   * Emirates), a date on that country's clocks.
   */
  totals: z.array(
    z.object({
      carrier: z.enum(PARCEL_CARRIERS),
      week: z.string(),
      currency,
      expected: z.int(),
      remitted: z.int(),
      difference: z.int(),
    }),
  ),
  /** The parcels paid short or over, or missing. */
  differences: z.array(
    z.object({
      id: z.int(),
      order_id: z.int(),
      carrier: z.enum(PARCEL_CARRIERS),
      tracking_number: z.string().nullable(),
      currency,
      cod_amount: z.int(),
      delivered_at: z.number(),
      remitted: z.int().nullable(),
      status: z.enum(['short', 'over', 'missing']),
    }),
  ),
  /** Each driver's day of delivered cash stops and what they handed in (null: not yet). */
  handins: z.array(
    z.object({
      staff_id: z.int(),
      name: z.string(),
      day: z.string(),
      currency,
      expected: z.int(),
      collected: z.int(),
      handed: z.int().nullable(),
      note: z.string().nullable(),
      difference: z.int().nullable(),
    }),
  ),
  /** The last 20 statements imported. */
  statements: z.array(
    z.object({
      id: z.int(),
      carrier: z.enum(STATEMENT_CARRIERS),
      statement_ref: z.string(),
      file_name: z.string(),
      currency,
      line_count: z.int(),
      total_minor: z.int(),
      imported_at: z.number(),
      staff_name: z.string(),
    }),
  ),
});
export type CodOverview = z.infer<typeof codOverviewSchema>;

/**
 * POST /staff/cod/remittances/preview and /staff/cod/remittances: how the statement matched, one page of
 * its lines (the counts, total and applicability are the whole file's).
 */
export const codStatementCheckSchema = z.object({
  /** Lines in the file, and this page of them (page_size each, from 1). */
  line_count: z.int(),
  page: z.int(),
  pages: z.int(),
  page_size: z.int(),
  lines: z.array(
    z.object({
      /** The file's line (1 is the header). */
      line: z.int(),
      tracking: z.string().nullable(),
      reference: z.string().nullable(),
      /** Minor units of the line's currency; null: not an amount. */
      amount: z.int().nullable(),
      /** As the line wrote it (any text: another currency is reported, not refused). */
      currency: z.string(),
      date: z.string().nullable(),
      outcome: z.enum(LINE_OUTCOMES),
      shipment_id: z.int().nullable(),
      /** The cash the parcel was to collect, when it is known. */
      expected: z.int().nullable(),
    }),
  ),
  /** No line stops the file (and it was not imported before); after an import, false. */
  applicable: z.boolean(),
  /** Minor units: what the applicable lines remit. */
  total: z.int(),
  counts: z.record(z.enum(LINE_OUTCOMES), z.int()),
  file_hash: z.string(),
  /** The same file was imported before: that statement's id. */
  imported_as: z.int().nullable(),
});
export type CodStatementCheck = z.infer<typeof codStatementCheckSchema>;

/** POST /staff/cod/handins: the day's expected cash, what was handed in, and the difference (minor units). */
export const codHandinSavedSchema = z.object({ expected: z.int(), handed: z.int(), difference: z.int() });
