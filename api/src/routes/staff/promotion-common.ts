// What the back office's coupons (promotions.ts) and offers (promotion-rules.ts) share: who may touch one
// of a country, the days of their date fields (the country's own), and switching one on or off with its audit entry.
import { countriesFor } from '#shared/staff/permissions';
import { HOME_COUNTRY } from '#shared/countries';
import { instantIn, timeZoneOf } from '#shared/country-days';
import { addDays } from '#shared/gulf-days';
import type { CountryCode } from '#shared/locale';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';

/** A coupon or offer for every country (null) needs the permission in every country. */
export function assertPromotionCountry(
  member: StaffMember,
  permission: 'promotions:read' | 'promotions:write',
  country: CountryCode | null,
): void {
  const allowed = countriesFor(member.grants, permission);
  if (allowed === null) return;
  if (country === null || !allowed.includes(country)) throw new ApiError(403, 'forbidden');
}

/**
 * An edit of a coupon or offer (`row`) to the form's `values`: she may write in the country it has and
 * in the one the form gives it (403), and its use limit may not fall below its uses so far (409
 * `belowUsed`). Coupons and offers follow the same rule; each names its own refusal.
 */
export function assertEditable(
  member: StaffMember,
  row: { country: CountryCode | null; used: number },
  values: { country: CountryCode | null; max_uses: number | null },
  belowUsed: 'coupon_max_below_used' | 'promotion_max_below_used',
): void {
  assertPromotionCountry(member, 'promotions:write', row.country);
  assertPromotionCountry(member, 'promotions:write', values.country);
  if (values.max_uses !== null && values.max_uses < row.used) throw new ApiError(409, belowUsed);
}

/**
 * The form's dates as instants, the end day included: days of the promotion's country (an offer ending
 * "today" in the Emirates ends at Dubai's midnight); one of every country (null) runs on the home
 * country's days, its one pair of instants being the same moment everywhere.
 */
export function countryDayWindow(input: {
  starts_on?: string | null;
  ends_on?: string | null;
  country?: CountryCode | null;
}) {
  const zone = timeZoneOf(input.country ?? HOME_COUNTRY);
  return {
    starts_at: input.starts_on ? instantIn(zone, input.starts_on) : null,
    ends_at: input.ends_on ? instantIn(zone, addDays(input.ends_on, 1)) - 1 : null,
  };
}

/** Switches a row of `table` on or off with its audit entry, in one batch; nothing when it already is. */
export async function setActive(
  db: D1Database,
  member: StaffMember,
  o: {
    table: 'coupons' | 'promotions';
    resource: 'coupon' | 'promotion';
    row: { id: number; is_active: number; country: CountryCode | null };
    active: boolean;
  },
): Promise<number> {
  const next = o.active ? 1 : 0;
  if (o.row.is_active !== next)
    await db.batch([
      db.prepare(`UPDATE ${o.table} SET is_active = ?, updated_at = ? WHERE id = ?`).bind(next, Date.now(), o.row.id),
      auditStatement(db, member, {
        action: `${o.resource}.${o.active ? 'activate' : 'deactivate'}`,
        resource: o.resource,
        resourceId: o.row.id,
        country: o.row.country,
        before: { is_active: o.row.is_active },
        after: { is_active: next },
      }),
    ]);
  return next;
}
