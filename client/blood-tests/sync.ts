// The blood-test cart's sync with the server (spec §4), for every page that shows or books the cart
// (the /cart section, the blood-test checkout): asks POST /bloodTest/sku for the cart's SKUs in the
// page's language and country and applies the answer (dropped, re-priced and marked, or cleared).
import type { ApiClient } from '#shared/api/client';
import { bloodTestApi } from './api';
import { applyBloodTestSync, bloodTestCart, bloodTestSkuIds, type BloodTestCartChange } from './cart-store';

export async function refreshBloodTestCart(api: ApiClient): Promise<BloodTestCartChange[]> {
  const ids = bloodTestSkuIds(bloodTestCart.items);
  if (!ids.length) return [];
  const answer = await bloodTestApi.sku(api, ids);
  return applyBloodTestSync(answer.items, answer.not_sold);
}
