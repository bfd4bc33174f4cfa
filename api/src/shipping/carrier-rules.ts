// Which carrier takes a parcel (issue 62, decision 66): the owner's rules of the parcel's country, in
// priority order (lowest first); the first whose every criterion fits wins. Pure, so every criterion
// is tested alone (carrier-rules.test.ts); the rows come from carrier_rules (migration 0072).
import type { DeliverySpeed } from '#shared/delivery/promise';
import type { CarrierCode } from '#api/src/carriers/types';
import type { CarrierRuleRow } from '#api/src/db/rows';
import type { CountryCode } from '#shared/locale';

export interface CarrierRule {
  id: number;
  country: CountryCode;
  priority: number;
  /** 'all' or Kuwait area / Saudi city ids. */
  zones: 'all' | number[];
  speed: 'any' | DeliverySpeed;
  cod: 'any' | 'yes' | 'no';
  max_weight_grams: number | null;
  carrier: CarrierCode;
}

export interface Parcel {
  country: CountryCode;
  /** The address's Kuwait area or Saudi city id (null when the address has none). */
  zone: number | null;
  speed: DeliverySpeed;
  /** Cash to collect on delivery (minor units); above 0 is a cash-on-delivery parcel. */
  codAmount: number;
  weightGrams: number;
}

/** No rule fits: the parcel is not queued, and staff are told to add or widen a rule. */
export class NoCarrierRule extends Error {
  constructor(readonly parcel: Parcel) {
    super(`no carrier rule fits a ${parcel.country} ${parcel.speed} parcel of ${parcel.weightGrams} g`);
  }
}

function ruleFits(rule: CarrierRule, parcel: Parcel): boolean {
  if (rule.country !== parcel.country) return false;
  if (rule.zones !== 'all' && (parcel.zone === null || !rule.zones.includes(parcel.zone))) return false;
  if (rule.speed !== 'any' && rule.speed !== parcel.speed) return false;
  if (rule.cod === 'yes' && parcel.codAmount <= 0) return false;
  if (rule.cod === 'no' && parcel.codAmount > 0) return false;
  if (rule.max_weight_grams !== null && parcel.weightGrams > rule.max_weight_grams) return false;
  return true;
}

/** The carrier for the parcel; throws NoCarrierRule when none fits. */
export function chooseCarrier(rules: readonly CarrierRule[], parcel: Parcel): CarrierRule {
  const fit = [...rules].sort((a, b) => a.priority - b.priority).find((rule) => ruleFits(rule, parcel));
  if (!fit) throw new NoCarrierRule(parcel);
  return fit;
}

/**
 * Every carrier a rule that fits the parcel names, in priority order, once each: the first is the one
 * chooseCarrier picks; staff may send a parcel with any of the others instead (issue 73), never with a
 * carrier no rule of its country allows for it (its zone, speed, cash and weight).
 */
export function carriersAllowed(rules: readonly CarrierRule[], parcel: Parcel): CarrierCode[] {
  const fits = [...rules].sort((a, b) => a.priority - b.priority).filter((rule) => ruleFits(rule, parcel));
  return [...new Set(fits.map((rule) => rule.carrier))];
}

function ruleFromRow(row: CarrierRuleRow): CarrierRule {
  return {
    id: row.id,
    country: row.country,
    priority: row.priority,
    zones: row.zones === 'all' ? 'all' : row.zones.split(',').map(Number),
    speed: row.speed,
    cod: row.cod,
    max_weight_grams: row.max_weight_grams,
    carrier: row.carrier,
  };
}

export async function loadCarrierRules(db: D1Database, country: CountryCode): Promise<CarrierRule[]> {
  const { results } = await db
    .prepare('SELECT * FROM carrier_rules WHERE country = ? ORDER BY priority')
    .bind(country)
    .all<CarrierRuleRow>();
  return results.map(ruleFromRow);
}
