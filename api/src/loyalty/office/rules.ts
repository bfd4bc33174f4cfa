// The owner's loyalty rules in the back office (issue 47): each country's row of loyalty_rules and its
// three tiers, read as the form shows them and saved in one batch with the audit row
// 'loyalty.rules_update' (before and after), so a change and its record land together or not at all.
// Amounts are minor units of the country's own currency (decision 52), never converted.
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import type { CountryLoyaltyRules, LoyaltyRulesValues } from '#shared/api/staff-loyalty-schemas';
import { TIERS } from '#shared/loyalty/types';
import type { LoyaltyRulesRow, LoyaltyTierRow } from '#api/src/db/rows';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import { loyaltyRulesStatements, rulesOf, tierOfRow } from '../rules-read';

const RULE_COLUMNS = [
  'points_per_unit',
  'blood_test_points_per_unit',
  'consultation_points_per_unit',
  'review_points',
  'birthday_points',
  'redeem_step_points',
  'redeem_step_value',
  'min_payable',
  'expiry_months',
  'expiry_notice_days',
  'referral_discount',
  'referral_min_subtotal',
  'referrer_points',
  'referral_monthly_cap',
  'is_active',
] as const satisfies readonly (keyof LoyaltyRulesRow)[];

/** Every country's rules and tiers (both tables are seeded by migration 0060 for KW and SA). */
export async function loyaltyRulesOfAll(db: D1Database, countries: readonly CountryCode[] = COUNTRY_CODES) {
  const [rules, tiers] = await db.batch(loyaltyRulesStatements(db));
  const ruleRows = rules!.results as LoyaltyRulesRow[];
  const tierRows = tiers!.results as LoyaltyTierRow[];
  return countries.flatMap((country): CountryLoyaltyRules[] => {
    const row = ruleRows.find((r) => r.country === country);
    if (!row) return [];
    const own = tierRows.filter((t) => t.country === country);
    return [
      {
        country,
        currency: COUNTRY_FACTS[country].currency,
        rules: rulesOf(row),
        tiers: TIERS.flatMap((tier) => own.filter((t) => t.tier === tier).map(tierOfRow)),
        updated_at: Math.max(row.updated_at ?? 0, ...own.map((t) => t.updated_at ?? 0)) || null,
      },
    ];
  });
}

/** One batch: the rules row, each tier, and the audit row with what they were and what they are now. */
export async function saveLoyaltyRules(
  db: D1Database,
  member: StaffMember,
  country: CountryCode,
  values: LoyaltyRulesValues,
  now = Date.now(),
): Promise<CountryLoyaltyRules> {
  const [before] = await loyaltyRulesOfAll(db, [country]);
  const { rules, tiers } = values;
  const columns = RULE_COLUMNS.map((c) => `${c} = ?`).join(', ');
  await db.batch([
    db
      .prepare(`UPDATE loyalty_rules SET ${columns}, updated_at = ? WHERE country = ?`)
      .bind(...RULE_COLUMNS.map((c) => (c === 'is_active' ? (rules.is_active ? 1 : 0) : rules[c])), now, country),
    ...tiers.map((t) =>
      db
        .prepare(
          `UPDATE loyalty_tiers SET min_spend = ?, earn_multiplier_bp = ?, free_delivery_minor = ?,
             early_access_hours = ?, updated_at = ? WHERE country = ? AND tier = ?`,
        )
        .bind(t.min_spend, t.earn_multiplier_bp, t.free_delivery_minor, t.early_access_hours, now, country, t.tier),
    ),
    auditStatement(db, member, {
      action: 'loyalty.rules_update',
      resource: 'loyalty_rules',
      resourceId: country,
      country,
      before: before ? { rules: before.rules, tiers: before.tiers } : null,
      after: { rules: { ...rules, country }, tiers },
    }),
  ]);
  const [after] = await loyaltyRulesOfAll(db, [country]);
  return after!;
}
