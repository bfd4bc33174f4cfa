// The owner's monthly points report (issue 47), as the API answers it (GET /staff/loyalty/report) and
// the back office shows it: its columns and shapes, in one place for both.
import type { CountryCode } from '../locale';

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

export interface ReportMonth {
  month: string;
  issued: Record<IssuedKind, number>;
  issued_total: number;
  spent: number;
  reversed: number;
  expired: number;
  adjusted_down: number;
  forfeited: number;
  /** Points held by shoppers at the month's end. */
  outstanding: number;
  /** Their value at the current redeem rate, minor units of the country's currency. */
  liability: number;
}

export interface CountryReport {
  country: CountryCode;
  currency: string;
  redeem_step_points: number;
  redeem_step_value: number;
  /** Oldest first. */
  months: ReportMonth[];
}

export interface LoyaltyReport {
  /** The month the report ends with; it covers the 12 Gulf months up to it. */
  month: string;
  countries: CountryReport[];
}
