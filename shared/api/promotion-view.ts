// What the back office's promotion and coupon routes answer (api/src/routes/staff/promotion-rules.ts
// and promotions.ts) and the offers' and coupons' pages show (staff/pages/Offers.tsx, Promotions.tsx):
// the routes' response schemas (decision 68) and their inferred types, one declaration, so both sides
// change together.
import { z } from '../zod';
import { mapCountries } from '../countries/map';
import { COUNTRY_CODES } from '../locale';
import { CURRENCY_CODES } from '../countries';
import { PROMOTION_KINDS } from '../orders/promotions';

const country = z.enum(COUNTRY_CODES);
/** 1 active, 0 deactivated. */
const activeFlag = z.union([z.literal(0), z.literal(1)]);

const promotionViewSchema = z.object({
  id: z.int(),
  kind: z.enum(PROMOTION_KINDS),
  name_en: z.string(),
  name_ar: z.string(),
  country: country.nullable(),
  starts_at: z.int().nullable(),
  ends_at: z.int().nullable(),
  /** gift_threshold: each country's cart total, minor units of its currency as paid (decision 52); null: none. */
  thresholds: z.object(mapCountries(() => z.int().nullable())),
  buy_count: z.int(),
  free_count: z.int(),
  max_per_order: z.int(),
  max_uses: z.int().nullable(),
  used: z.int(),
  priority: z.int(),
  is_active: activeFlag,
  gift_skus: z.array(z.int()),
  target_products: z.array(z.int()),
  target_skus: z.array(z.int()),
});
export type PromotionView = z.infer<typeof promotionViewSchema>;

/** GET /staff/promotions: active first, up to 500. */
export const promotionListSchema = z.object({ promotions: z.array(promotionViewSchema) });
export type PromotionList = z.infer<typeof promotionListSchema>;
/** GET /staff/promotions/:id */
export const promotionAnswerSchema = z.object({ promotion: promotionViewSchema });
export type PromotionAnswer = z.infer<typeof promotionAnswerSchema>;

const couponViewSchema = z.object({
  id: z.int(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  /** percent: basis points; fixed: minor units of `currency`, or base fils without one. */
  value: z.int(),
  min_subtotal_fils: z.int(),
  max_uses: z.int().nullable(),
  used: z.int(),
  once_per_shopper: activeFlag,
  starts_at: z.int().nullable(),
  ends_at: z.int().nullable(),
  is_active: activeFlag,
  /** How often one shopper may use it; null: no limit. */
  per_person_limit: z.int().nullable(),
  country: country.nullable(),
  /** The coupon country's currency: its amounts are minor units of it. Null: KWD (both countries). */
  currency: z.enum(CURRENCY_CODES).nullable(),
  updated_at: z.int().nullable(),
  /**
   * A coupon of all countries: each country's amount off (0 for a percentage) and minimum, minor units of
   * its currency (decision 52), keyed by country code; null for a coupon of one country.
   */
  amounts: z.partialRecord(country, z.object({ value: z.int(), min_subtotal: z.int() })).nullable(),
});
export type CouponView = z.infer<typeof couponViewSchema>;

/** GET /staff/coupons: active first, up to 500. */
export const couponListSchema = z.object({ coupons: z.array(couponViewSchema) });
export type CouponList = z.infer<typeof couponListSchema>;
/** GET /staff/coupons/:id */
export const couponAnswerSchema = z.object({ coupon: couponViewSchema });
export type CouponAnswer = z.infer<typeof couponAnswerSchema>;

/** A coupon or promotion created or edited: its id. */
export const offerSavedSchema = z.object({ id: z.int() });
/** Deactivated or reactivated: its flag now. */
export const offerActiveSchema = z.object({ id: z.int(), is_active: activeFlag });
