// A promotion as the back office's promotion routes answer it (api/src/routes/staff/promotion-rules.ts)
// and the offers' pages show it (staff/pages/Offers.tsx): one declaration, so both sides change together.
import type { CountryCode } from '../locale';
import type { PromotionKind } from '../orders/promotions';

export interface PromotionView {
  id: number;
  kind: PromotionKind;
  name_en: string;
  name_ar: string;
  country: CountryCode | null;
  starts_at: number | null;
  ends_at: number | null;
  /** gift_threshold: each country's cart total, minor units of its currency as paid (decision 52); null: none. */
  thresholds: Record<CountryCode, number | null>;
  buy_count: number;
  free_count: number;
  max_per_order: number;
  max_uses: number | null;
  used: number;
  priority: number;
  is_active: number;
  /** JSON arrays from the query. */
  gift_skus: number[];
  target_products: number[];
  target_skus: number[];
}
