// How long the shop keeps what (decision 49), in one place: the API's configuration defaults and the
// privacy page read these figures, and tests/unit/retention-figures.test.ts fails if api/wrangler.toml
// sets another, so what the page promises is what the cron does.
export const RETENTION = {
  /** Uploaded result files nobody opened for this long are deleted (UPLOAD_RETENTION_DAYS). */
  uploadDays: 365,
  /** The notice mail goes this long before (UPLOAD_RETENTION_NOTICE_DAYS). */
  uploadNoticeDays: 30,
  /** A data archive is offered, then deleted, after this long. */
  exportHours: 24,
  /** Nightly backups are kept this long (BACKUP_RETENTION_DAYS); an erased account leaves them with the oldest. */
  backupDays: 30,
  /**
   * Orders and tax invoices, after the end of the year of the sale: the Saudi VAT Implementing
   * Regulations (Article 66) require tax invoices and records be kept at least six years; the shop
   * keeps Kuwaiti orders as long, for one rule.
   */
  taxRecordYears: 6,
  /** The devices a shopper used (a referral's self-referral check) are deleted this long after last seen: 12 months. */
  accountDeviceDays: 365,
  /** The record of a points-expiry reminder is deleted this long after the day it named: 13 months. */
  pointsNoticeDays: 395,
} as const;
