// The server's totals (/order/calculate) for the cart's buyable lines, kept up to date as the lines,
// the coupon, the wallet choice, the country or the shopper change. Null until they arrive.
import { useContext, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CalculateResult } from '../../shared/orders/types';
import { ApiContext } from '../providers';
import type { CartEntry } from '../stores/cart';
import { useSessionStore } from '../stores/session';

export function useOrderTotals(enabled: boolean, lines: readonly CartEntry[], options: { coupon: string | null; useWallet?: boolean }): CalculateResult | null {
  const api = useContext(ApiContext)!;
  const { country, user } = useSnapshot(useSessionStore());
  const [totals, setTotals] = useState<CalculateResult | null>(null);
  const key = lines.map((e) => `${e.sku.id}:${e.count}`).join(',');

  useEffect(() => {
    if (!enabled || !key) {
      setTotals(null);
      return;
    }
    let live = true;
    const items = key.split(',').map((pair) => {
      const [sku_id, count] = pair.split(':').map(Number);
      return { sku_id: sku_id!, count: count! };
    });
    api
      .post<CalculateResult>('/order/calculate', { items, ...(options.coupon ? { coupon: options.coupon } : {}), ...(options.useWallet ? { use_wallet: true } : {}) })
      .then((res) => live && setTotals(res.data))
      .catch((error: unknown) => console.warn('calculate failed', error));
    return () => {
      live = false;
    };
  }, [api, enabled, key, options.coupon, options.useWallet, country, user?.id]);

  return totals;
}
