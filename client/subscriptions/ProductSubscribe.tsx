// The product page's subscribe-and-save choice (decision 45): the frequency chosen here is the cart
// line's, now when the size is in the cart, or as soon as it is added. Once one is chosen it shows what a
// delivery costs at the subscription discount and the saving, priced as the cart and the order will
// price the line (the discount on the base price, then the money module's one payable rounding). The
// page's pay-later note follows the choice: it is told the subscription's price and that the cart
// subscribes (payLaterPlace), so it never quotes the one-time price of a delivery she will not pay.
// A signed-in shopper who subscribes to the size already sees her subscription instead of the choice
// (her parts' data, decision 76's amendment): how often, her price a delivery, the next delivery.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { subscribe, useSnapshot } from 'valtio';
import { type CurrencyInfo, formatMinor, payableMinor } from '#shared/money';
import type { SubscribeOffer } from '#shared/orders/types';
import type { HerSubscription } from '#shared/subscriptions/types';
import { formatDate } from '#shared/text/dates';
import { discountedPrice, type Frequency, isFrequency } from '#shared/subscriptions/frequency';
import { cart } from '../cart/cart-store';
import { useI18n } from '../i18n/context';
import { T } from '../i18n/T';
import { pendingPrice, useCurrency, useHref, usePricesPending } from '../lib/locale';
import { setLineEvery } from './cart-every';
import { SubscribeChoice } from './SubscribeChoice';
import { frequencyLabel } from './frequency-label';

/** The choice made before the size was in the cart, per SKU, applied when it is added. */
const waiting = new Map<number, Frequency | null>();

/** The page's offer, with the size's one-time base price (fils) when the page gave it. */
function readOffer(value: string): (SubscribeOffer & { price: number | null }) | null {
  try {
    const o = JSON.parse(value) as { sku?: unknown; price?: unknown; discount?: unknown; offered?: unknown };
    if (typeof o.sku !== 'number' || typeof o.discount !== 'number' || !Array.isArray(o.offered)) return null;
    const offered = o.offered.filter((f): f is Frequency => typeof f === 'string' && isFrequency(f));
    const price = Number.isInteger(o.price) && (o.price as number) > 0 ? (o.price as number) : null;
    return offered.length ? { sku_id: o.sku, discount: o.discount, offered, price } : null;
  } catch {
    return null;
  }
}

export default function ProductSubscribe({ value, mine: hers }: { value: string; mine?: HerSubscription[] }) {
  const offer = readOffer(value);
  // Her own subscription to this size (a signed-in shopper's, SubscribeHost): shown instead of the choice.
  const mine = hers?.find((s) => s.sku_id === offer?.sku_id && isFrequency(s.every));
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

  const current = offer && !mine ? (line ? (line.every ?? null) : chosen) : null;
  const info = useCurrency();
  const place = offer && offer.price !== null ? payLaterPlace(offer.price, offer.discount, current, info) : null;
  const minor = place?.minor ?? 0;
  const subscribing = place?.subscribing ?? false;
  const once = offer && offer.price !== null ? payableMinor(offer.price, info) : 0;
  // The note's place is the page's (server-rendered); its amount is set here, where the choice is made,
  // and given back when this choice leaves the page (a size without the offer keeps no subscription).
  useEffect(() => {
    const element = minor > 0 ? document.querySelector<HTMLElement>('[data-pay-later-minor]') : null;
    if (!element) return;
    element.setAttribute('data-pay-later-minor', String(minor));
    element.toggleAttribute('data-pay-later-subscribing', subscribing);
    return () => {
      if (!subscribing) return;
      element.removeAttribute('data-pay-later-subscribing');
      if (element.getAttribute('data-pay-later-minor') === String(minor))
        element.setAttribute('data-pay-later-minor', String(once));
    };
  }, [minor, subscribing, once]);

  if (!offer) return null;
  if (mine) return <YourSubscription mine={mine} offer={offer} />;
  return (
    <SubscribeChoice
      offer={offer}
      value={current}
      note={
        current && offer.price !== null && offer.discount > 0 ? (
          <SubscriptionPrice fils={offer.price} percent={offer.discount} count={line?.count ?? 1} />
        ) : null
      }
      onChange={(every) => {
        setChosen(every);
        if (cart.items[String(skuId)]) setLineEvery(skuId, every);
        else waiting.set(skuId, every);
      }}
    />
  );
}

/**
 * What the product page's pay-later note is about: a delivery's payable price, at the subscription
 * discount once a frequency is chosen, and whether the cart will subscribe (PayLaterNote then applies
 * the subscribing cart's rule, as the review step does).
 */
export function payLaterPlace(
  fils: number,
  percent: number,
  every: Frequency | null,
  info: CurrencyInfo,
): { minor: number; subscribing: boolean } {
  return every
    ? { minor: payableMinor(discountedPrice(fils, percent), info), subscribing: true }
    : { minor: payableMinor(fils, info), subscribing: false };
}

/** A delivery's price at the subscription discount (the line's count of units), and what it saves. */
function SubscriptionPrice({ fils, percent, count }: { fils: number; percent: number; count: number }) {
  const { lang } = useI18n();
  const info = useCurrency();
  const once = payableMinor(fils, info) * count;
  const subscribed = payableMinor(discountedPrice(fils, percent), info) * count;
  // During a country switch, no amount (decision 77).
  const pending = usePricesPending();
  const format = (minor: number) => (pending ? pendingPrice : formatMinor(minor, info.currency, lang, info.country));
  return (
    <p className="subscribe-price" data-testid="subscribe-price">
      <strong>
        <T k="sub_price_each" values={{ price: format(subscribed) }} />
      </strong>{' '}
      <span className="saving">
        <T k="sub_you_save" values={{ amount: format(once - subscribed) }} />
      </span>
    </p>
  );
}

/**
 * Her own subscription to this size: how often, her price a delivery at its discount, the next delivery.
 * Three short lines, within the box the page reserves for the choice ([data-subscribe], catalogue.css),
 * so that nothing below moves when it shows.
 */
function YourSubscription({
  mine,
  offer,
}: {
  mine: HerSubscription;
  offer: SubscribeOffer & { price: number | null };
}) {
  const { t, lang } = useI18n();
  const href = useHref();
  const info = useCurrency();
  const each = offer.price !== null ? payableMinor(discountedPrice(offer.price, offer.discount), info) * mine.count : 0;
  const pending = usePricesPending();
  const next = formatDate(Date.parse(`${mine.next_date}T09:00:00Z`), lang, info.country);
  return (
    <div className="subscribe-mine" data-testid="subscribe-mine">
      <p className="subscribe-choice-label">
        {t('sub_yours', { every: frequencyLabel(t, mine.every) })}
        {mine.status !== 'active' && <span className="subscribe-badge">{t(`sub_status_${mine.status}`)}</span>}
      </p>
      <p>
        {each > 0 && (
          <strong>
            <T
              k="sub_price_each"
              values={{ price: pending ? pendingPrice : formatMinor(each, info.currency, lang, info.country) }}
            />
          </strong>
        )}{' '}
        <Link to={href('/profile/subscriptions')}>{t('sub_manage')}</Link>
      </p>
      <p className="subscribe-next">{t('sub_next', { date: next })}</p>
    </div>
  );
}
