// The owner's monthly points report (issue 47), as the API answers it (GET /staff/loyalty/report) and
// the back office shows it: its columns, and the route's response schema (decision 68) whose inferred
// types both sides read, in one place.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';

/** Why points were issued, as the report's columns. */
export const ISSUED_KINDS = [
  'earn_order',
  'earn_blood_test',
  'earn_consultation',
  'earn_review',
  'earn_birthday',
  'earn_referral',
  'adjustment_up',
  'spend_return',
] as const;
export type IssuedKind = (typeof ISSUED_KINDS)[number];

/** Where points went, as the report's columns (positive counts of points). */
export const OUT_KINDS = ['spent', 'reversed', 'expired', 'adjusted_down', 'forfeited'] as const;
export type OutKind = (typeof OUT_KINDS)[number];

const reportMonthSchema = z.object({
  month: z.string(),
  issued: z.record(z.enum(ISSUED_KINDS), z.int()),
  issued_total: z.int(),
  spent: z.int(),
  reversed: z.int(),
  expired: z.int(),
  adjusted_down: z.int(),
  forfeited: z.int(),
  /** Points held by shoppers at the month's end. */
  outstanding: z.int(),
  /** Their value at the current redeem rate, minor units of the country's currency. */
  liability: z.int(),
});
export type ReportMonth = z.infer<typeof reportMonthSchema>;

const countryReportSchema = z.object({
  country: z.enum(COUNTRY_CODES),
  currency: z.string(),
  redeem_step_points: z.int(),
  redeem_step_value: z.int(),
  /** Oldest first. */
  months: z.array(reportMonthSchema),
});
export type CountryReport = z.infer<typeof countryReportSchema>;

/** GET /staff/loyalty/report */
export const loyaltyReportSchema = z.object({
  /** The month the report ends with; it covers the 12 Gulf months up to it. */
  month: z.string(),
  countries: z.array(countryReportSchema),
});
export type LoyaltyReport = z.infer<typeof loyaltyReportSchema>;
