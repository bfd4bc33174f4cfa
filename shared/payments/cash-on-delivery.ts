// Cash on delivery where the owner allows (issue 77): whether a country offers it and up to what amount
// due, and why an order cannot be paid so. The owner's choice is country_settings.cod_enabled and
// cod_max_minor (migration 0092, set on the back office's Amounts page); a country whose owner never
// chose has its module's default (shared/countries/<code>/payments.ts `cash`). One rule for the quote's
// list of ways, the order's submit and the checkout's note, so cash is never offered on one and refused
// on the next. No zod, no DOM; the checkout's pages import its types only.
import { CASH } from '../countries/payments';
import type { CountryCash } from '../countries/types';
import type { CountryCode } from '../locale';

export type { CountryCash } from '../countries/types';

/** The owner's columns of a country_settings row: cod_enabled NULL until she chooses (then 0 or 1). */
export interface CashColumns {
  cod_enabled: number | null;
  /** Minor units of the country's currency; NULL is no cap. */
  cod_max_minor: number | null;
}

/**
 * Why cash on delivery is not offered for this order, listed with the gateway's unavailable ways
 * (`unavailable_methods` of /order/calculate): the owner turned it off in the country (`cod_off`), or
 * what is due is above her cap (`above_maximum`, `limit` the cap in minor units; 0 for `cod_off`).
 */
export interface CashUnavailable {
  method: 'cod';
  reason: 'cod_off' | 'above_maximum';
  limit: number;
}

/** What /order/submit answers for each reason (meta.msg; a dictionary key of both languages). */
export const CASH_REFUSALS = {
  cod_off: 'cod_unavailable',
  above_maximum: 'cod_above_maximum',
} as const satisfies Record<CashUnavailable['reason'], string>;

/**
 * A country's cash on delivery: the owner's choice once she has made one (both columns together: a
 * NULL cap then means no cap), else the country module's default.
 */
export function cashOnDeliveryOf(country: CountryCode, row: Partial<CashColumns> | null | undefined): CountryCash {
  if (row?.cod_enabled === 0 || row?.cod_enabled === 1)
    return {
      enabled: row.cod_enabled === 1,
      maxMinor: typeof row.cod_max_minor === 'number' && row.cod_max_minor > 0 ? row.cod_max_minor : null,
    };
  return CASH[country];
}

/** Why cash cannot pay `due` (minor units, what the driver would collect), or null when it can. */
export function cashUnavailable(cash: CountryCash, due: number): CashUnavailable | null {
  if (!cash.enabled) return { method: 'cod', reason: 'cod_off', limit: 0 };
  if (cash.maxMinor !== null && due > cash.maxMinor)
    return { method: 'cod', reason: 'above_maximum', limit: cash.maxMinor };
  return null;
}
