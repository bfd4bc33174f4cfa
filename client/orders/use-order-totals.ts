// The server's totals (/order/calculate) for the cart's buyable lines, kept up to date as the lines,
// the coupon, the wallet choice, the country or the shopper change. Null until they arrive; a failed
// calculation is reported (with a retry) instead of leaving the summary empty.
import { useCallback, useContext, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { CalculateResult } from '#shared/orders/types';
import type { DeliverySpeed } from '#shared/delivery/promise';
import { ApiContext } from '../providers';
import type { CartEntry } from '../cart/cart-store';
import { useSessionStore } from '../stores/session';

export interface OrderTotalsState {
  totals: CalculateResult | null;
  /** The message key of a failed calculation, else null. */
  failed: string | null;
  retry: () => void;
}

export function useOrderTotalsState(
  enabled: boolean,
  lines: readonly CartEntry[],
  options: {
    coupon: string | null;
    useWallet?: boolean;
    email?: string | null;
    /** The shopper's gift per promotion (decision 33). */
    gifts?: Array<{ promotion_id: number; sku_id: number }>;
    /** Points to spend and a friend's code (issue 47, the review step). */
    points?: number;
    referralCode?: string | null;
    /** The signed-in shopper's delivery address: the promise's zone, and a friend's code's checks. */
    addressId?: number | null;
    /** A guest's or a gift's address's Kuwait area or Saudi city, for the promise (decision 65). */
    zone?: number | null;
    /** The delivery speed she chose; absent: the cheapest offered. */
    speed?: DeliverySpeed | null;
  },
): OrderTotalsState {
  const api = useContext(ApiContext)!;
  const { country, user } = useSnapshot(useSessionStore());
  const [totals, setTotals] = useState<CalculateResult | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = lines.map((e) => `${e.sku.id}:${e.count}:${e.every ?? ''}`).join(',');
  const email = user ? null : (options.email ?? null);
  const gifts = options.gifts?.length ? JSON.stringify(options.gifts) : '';

  // The country and the signed-in user are not read here but change the answer (the API client sends
  // them with each call); attempt is the shopper's retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: country, user and attempt are triggers, not captures
  useEffect(() => {
    if (!enabled || !key) {
      setTotals(null);
      return;
    }
    let live = true;
    setFailed(null);
    const items = key.split(',').map((line) => {
      const [sku_id, count, every] = line.split(':');
      return { sku_id: Number(sku_id), count: Number(count), ...(every ? { every } : {}) };
    });
    api
      .post<CalculateResult>('/order/calculate', {
        items,
        ...(options.coupon ? { coupon: options.coupon } : {}),
        ...(options.useWallet ? { use_wallet: true } : {}),
        ...(email ? { email } : {}),
        ...(gifts ? { gifts: JSON.parse(gifts) } : {}),
        ...(options.points ? { points: options.points } : {}),
        ...(options.referralCode ? { referral_code: options.referralCode } : {}),
        ...(options.addressId ? { address_id: options.addressId } : {}),
        ...(options.zone ? { zone: options.zone } : {}),
        ...(options.speed ? { speed: options.speed } : {}),
      })
      .then((res) => live && setTotals(res.data))
      .catch((error: unknown) => {
        if (!live) return;
        console.warn('calculate failed', error);
        setTotals(null);
        const meta = (error as { meta?: { key?: string; msg?: string } }).meta;
        setFailed(meta?.key ?? meta?.msg ?? 'server_error');
      });
    return () => {
      live = false;
    };
  }, [
    api,
    enabled,
    key,
    options.coupon,
    options.useWallet,
    options.points,
    options.referralCode,
    options.addressId,
    options.zone,
    options.speed,
    email,
    gifts,
    country,
    user?.id,
    attempt,
  ]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { totals, failed, retry };
}
