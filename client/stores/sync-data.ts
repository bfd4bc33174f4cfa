// Sync data (spec §3): the free-shipping threshold (minor units of its currency) of the shopper's country, from the
// sync call, kept in localStorage under sync_data; the default constant until it arrives. The
// screens show and compare the threshold from /country (useFreeShipping: the same country_settings
// row, already there at server render); this store gates the prompt and gives the delivery fee.
import { proxy } from 'valtio';
import type { ApiClient } from '#shared/api/client';
import { HOME_FREE_DELIVERY } from '#shared/country-amounts';
import type { CountryCode } from '#shared/locale';

const SYNC_STORAGE_KEY = 'sync_data';
const MAX_AGE_MS = 60 * 60 * 1000;

export const syncData = proxy({
  freeShipping: HOME_FREE_DELIVERY.free_delivery_minor,
  deliveryFee: null as number | null,
  loaded: false,
});

interface Stored {
  country: CountryCode;
  at: number;
  data: { free_shipping: number; delivery_fee: number | null };
}

export async function loadSyncData(
  api: ApiClient,
  country: CountryCode,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): Promise<void> {
  try {
    const stored = JSON.parse(storage?.getItem(SYNC_STORAGE_KEY) ?? 'null') as Stored | null;
    if (stored && stored.country === country && Date.now() - stored.at < MAX_AGE_MS) {
      apply(stored.data);
      return;
    }
  } catch (error) {
    console.warn('sync data could not be read', error);
  }
  try {
    const res = await api.get<{ free_shipping: number; delivery_fee: number | null }>('/user/sync');
    apply(res.data);
    storage?.setItem(
      SYNC_STORAGE_KEY,
      JSON.stringify({
        country,
        at: Date.now(),
        data: { free_shipping: res.data.free_shipping, delivery_fee: res.data.delivery_fee },
      } satisfies Stored),
    );
  } catch (error) {
    // Spec §8: a failed sync is only logged; the default threshold stays.
    console.warn('sync failed', error);
  }
}

function apply(data: { free_shipping: number; delivery_fee: number | null }): void {
  if (Number.isInteger(data.free_shipping) && data.free_shipping > 0) syncData.freeShipping = data.free_shipping;
  syncData.deliveryFee = data.delivery_fee;
  syncData.loaded = true;
}
