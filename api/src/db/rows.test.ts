// The row types in rows.ts follow api/migrations/ column for column, nullability included: a
// migration that adds, drops or loosens a column fails here until its row type says so too.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const TABLE_OF: Record<string, string> = {
  ShipmentRow: 'shipments',
  ShipmentEventRow: 'shipment_events',
  RedeliveryRequestRow: 'redelivery_requests',
  UserRow: 'users',
  CarrierRuleRow: 'carrier_rules',
  SessionRow: 'sessions',
  PasswordResetRow: 'password_resets',
  EmailVerificationRow: 'email_verifications',
  AddressRow: 'addresses',
  CountryRow: 'countries',
  CountrySettingsRow: 'country_settings',
  CouponRow: 'coupons',
  OrderRow: 'orders',
  OrderItemRow: 'order_items',
  OrderEventRow: 'order_events',
  RefundRow: 'refunds',
  ReturnRow: 'returns',
  ReturnItemRow: 'return_items',
  ReturnPhotoRow: 'return_photos',
  ReturnEventRow: 'return_events',
  IdempotencyKeyRow: 'idempotency_keys',
  OrderOwnerRow: 'order_owners',
  OrderLinkRow: 'order_links',
  PaymentRow: 'payments',
  WalletAccountRow: 'wallet_accounts',
  WalletLedgerRow: 'wallet_ledger',
  MailOutboxRow: 'mail_outbox',
  InfoInstructionRow: 'info_instructions',
  HomeSectionRow: 'home_sections',
  BrandRow: 'brands',
  NutritionistRow: 'nutritionists',
  GovernorateRow: 'governorates',
  AreaRow: 'areas',
  DhlCountryRow: 'dhl_countries',
  DhlCityRow: 'dhl_cities',
  StaffRow: 'staff',
  AuditLogRow: 'audit_log',
  BloodTestResultRow: 'blood_test_results',
  LoyaltyRulesRow: 'loyalty_rules',
  LoyaltyTierRow: 'loyalty_tiers',
  PointsAccountRow: 'points_accounts',
  PointsLedgerRow: 'points_ledger',
  PointsErasedSumRow: 'points_erased_sums',
  PointsExpiryNoticeRow: 'points_expiry_notices',
  ReferralCodeRow: 'referral_codes',
  ReferralRow: 'referrals',
  AccountDeviceRow: 'account_devices',
  DriverZoneRow: 'driver_zones',
  DriverRunRow: 'driver_runs',
  DriverStopRow: 'driver_stops',
  DriverStopEventRow: 'driver_stop_events',
  DriverHandinRow: 'driver_handins',
  CodRemittanceRow: 'cod_remittances',
  CodRemittanceLineRow: 'cod_remittance_lines',
};

type Columns = Record<string, { nullable: boolean }>;

/** Splits on commas outside parentheses. */
function topLevelParts(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of body) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  return [...parts, current].map((p) => p.trim()).filter(Boolean);
}

const column = (definition: string) => {
  const [name] = definition.split(/\s+/);
  // A key is never null: the rowid alias cannot be, and the API never stores a NULL TEXT key (which
  // SQLite would allow in a rowid table).
  const nullable = !/\bNOT NULL\b/i.test(definition) && !/\bPRIMARY KEY\b/i.test(definition);
  return { name: name!, nullable };
};

/**
 * Every table's columns after all migrations, each file's statements in their order: CREATE TABLE,
 * ALTER TABLE … ADD COLUMN / DROP COLUMN / RENAME TO (a table rebuilt as x_new and renamed), DROP TABLE.
 */
function schema(): Record<string, Columns> {
  const dir = new URL('../../migrations/', import.meta.url);
  const tables: Record<string, Columns> = {};
  const statement =
    /CREATE TABLE (\w+)\s*\(([\s\S]*?)\)\s*(?:WITHOUT ROWID)?\s*;|ALTER TABLE (\w+) ADD COLUMN ([^;]+);|ALTER TABLE (\w+) DROP COLUMN (\w+)\s*;|ALTER TABLE (\w+) RENAME TO (\w+)\s*;|DROP TABLE (?:IF EXISTS )?(\w+)\s*;/g;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const sql = readFileSync(new URL(file, dir), 'utf8').replace(/--[^\n]*/g, '');
    for (const m of sql.matchAll(statement)) {
      if (m[1]) {
        tables[m[1]] = {};
        for (const part of topLevelParts(m[2]!)) {
          if (/^(CONSTRAINT|PRIMARY KEY|UNIQUE|CHECK|FOREIGN KEY)\b/i.test(part)) continue;
          const { name, nullable } = column(part);
          tables[m[1]]![name] = { nullable };
        }
        // Columns of a composite key (PRIMARY KEY (a, b)) are keys too.
        const pk = /PRIMARY KEY \(([^)]*)\)/i.exec(m[2]!);
        for (const key of pk ? pk[1]!.split(',').map((k) => k.trim()) : []) tables[m[1]]![key] = { nullable: false };
      } else if (m[3]) {
        const { name, nullable } = column(m[4]!);
        tables[m[3]]![name] = { nullable };
      } else if (m[5]) delete tables[m[5]]![m[6]!];
      else if (m[7]) {
        tables[m[8]!] = tables[m[7]]!;
        delete tables[m[7]];
      } else if (m[9]) delete tables[m[9]];
    }
  }
  return tables;
}

/** Each `export interface XRow { … }` of rows.ts: field → whether its type admits null. */
function rowTypes(): Record<string, Columns> {
  const source = readFileSync(new URL('./rows.ts', import.meta.url), 'utf8').replace(/\/\*\*[\s\S]*?\*\//g, '');
  const types: Record<string, Columns> = {};
  for (const m of source.matchAll(/export interface (\w+Row) \{([\s\S]*?)\n\}/g)) {
    types[m[1]!] = Object.fromEntries(
      [...m[2]!.matchAll(/^\s+(\w+): ([^;]+);/gm)].map((f) => [f[1]!, { nullable: /\bnull\b/.test(f[2]!) }]),
    );
  }
  return types;
}

describe('D1 row types', () => {
  const tables = schema();
  const types = rowTypes();

  it('has a table for each row interface and a row interface for each mapped table', () => {
    expect(
      Object.keys(types)
        .filter((t) => t !== 'CountRow')
        .sort(),
    ).toEqual(Object.keys(TABLE_OF).sort());
  });

  it.each(Object.entries(TABLE_OF))('%s has the columns of %s, with their nullability', (type, table) => {
    expect(tables[table], `table ${table}`).toBeDefined();
    expect(types[type]).toEqual(tables[table]);
  });
});
