// The loyalty rules and tiers of every country (loyalty_rules, loyalty_tiers; migration 0060). They
// change rarely (the owner edits them in the back office): read once per isolate and kept for five
// minutes, like the currencies (api/src/lib/currency.ts). The back office's change calls
// forgetLoyaltyRules() so the isolate that made it reads them again at once.
import type { CountryCode } from '#shared/locale';
import type { LoyaltyRules, TierRule } from '#shared/loyalty/types';
import type { LoyaltyRulesRow, LoyaltyTierRow } from '../db/rows';

const TTL_MS = 5 * 60 * 1000;

export interface CountryLoyalty {
  rules: LoyaltyRules;
  /** The country's tiers, lowest first. */
  tiers: TierRule[];
}

let cached: { at: number; byCountry: Map<CountryCode, CountryLoyalty> } | null = null;

export function rulesOf(row: LoyaltyRulesRow): LoyaltyRules {
  const { updated_at: _updated, is_active, ...rest } = row;
  return { ...rest, is_active: Boolean(is_active) };
}

export function tierOfRow(row: LoyaltyTierRow): TierRule {
  return {
    tier: row.tier,
    min_spend: row.min_spend,
    earn_multiplier_bp: row.earn_multiplier_bp,
    free_delivery_minor: row.free_delivery_minor,
    early_access_hours: row.early_access_hours,
  };
}

/** Both statements a caller about to run a batch anyway can add to it; then rememberLoyaltyRules. */
export function loyaltyRulesStatements(db: D1Database): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db.prepare('SELECT * FROM loyalty_rules'),
    db.prepare('SELECT * FROM loyalty_tiers ORDER BY country, min_spend'),
  ];
}

export function rememberLoyaltyRules(rules: unknown[], tiers: unknown[]): void {
  const byCountry = new Map<CountryCode, CountryLoyalty>();
  for (const r of rules as LoyaltyRulesRow[]) {
    byCountry.set(r.country, {
      rules: rulesOf(r),
      tiers: (tiers as LoyaltyTierRow[]).filter((t) => t.country === r.country).map(tierOfRow),
    });
  }
  cached = { at: Date.now(), byCountry };
}

/** After a change to the rules or tiers: the next reader in this isolate reads them again. */
export function forgetLoyaltyRules(): void {
  cached = null;
}

/** The country's rules if this isolate read them recently, else null. */
export function knownLoyaltyRules(country: CountryCode): CountryLoyalty | null {
  if (!cached || Date.now() - cached.at > TTL_MS) return null;
  return cached.byCountry.get(country) ?? null;
}

/** The country's loyalty rules and its tiers (lowest first). */
export async function loyaltyRules(db: D1Database, country: CountryCode): Promise<CountryLoyalty> {
  const known = knownLoyaltyRules(country);
  if (known) return known;
  const [rules, tiers] = await db.batch(loyaltyRulesStatements(db));
  rememberLoyaltyRules(rules!.results, tiers!.results);
  const read = knownLoyaltyRules(country);
  if (!read) throw new Error(`no loyalty rules for ${country}`);
  return read;
}
