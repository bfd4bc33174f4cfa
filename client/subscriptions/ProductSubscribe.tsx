// The product page's subscribe-and-save choice (decision 45): the frequency chosen here is the cart
// line's, now when the size is in the cart, or as soon as it is added.
import { useEffect, useState } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import type { SubscribeOffer } from '#shared/orders/types';
import { type Frequency, isFrequency } from '#shared/subscriptions/frequency';
import { cart } from '../cart/cart-store';
import { setLineEvery } from './cart-every';
import { SubscribeChoice } from './SubscribeChoice';

/** The choice made before the size was in the cart, per SKU, applied when it is added. */
const waiting = new Map<number, Frequency | null>();

function readOffer(value: string): SubscribeOffer | null {
  try {
    const o = JSON.parse(value) as { sku?: unknown; discount?: unknown; offered?: unknown };
    if (typeof o.sku !== 'number' || typeof o.discount !== 'number' || !Array.isArray(o.offered)) return null;
    const offered = o.offered.filter((f): f is Frequency => typeof f === 'string' && isFrequency(f));
    return offered.length ? { sku_id: o.sku, discount: o.discount, offered } : null;
  } catch {
    return null;
  }
}

export default function ProductSubscribe({ value }: { value: string }) {
  const offer = readOffer(value);
  const { items } = useSnapshot(cart);
  const skuId = offer?.sku_id ?? 0;
  const line = items[String(skuId)];
  const [chosen, setChosen] = useState<Frequency | null>(waiting.get(skuId) ?? null);

  // A choice made before adding applies to the line the moment it appears.
  useEffect(
    () =>
      subscribe(cart, () => {
        const entry = cart.items[String(skuId)];
        const every = waiting.get(skuId);
        if (entry && every !== undefined) {
          waiting.delete(skuId);
          setLineEvery(skuId, every);
        }
      }),
    [skuId],
  );

  if (!offer) return null;
  const current = line ? (line.every ?? null) : chosen;
  return (
    <SubscribeChoice
      offer={offer}
      value={current}
      onChange={(every) => {
        setChosen(every);
        if (cart.items[String(skuId)]) setLineEvery(skuId, every);
        else waiting.set(skuId, every);
      }}
    />
  );
}
