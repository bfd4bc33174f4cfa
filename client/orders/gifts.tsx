// Promotions in the storefront (decision 33), one module so the pages that show them share one
// chunk: the shopper's gift choices (sessionStorage), why a promotion applied, and an order's gift
// lines at zero price (review, success and order pages). Loaded with those pages only, never with
// the entry.
import { Fragment, type ReactNode } from 'react';
import { proxy, snapshot } from 'valtio';
import type { OrderPromotionView, PromotionReason as Reason } from '#shared/orders/promotions';
import type { CalculateResult } from '#shared/orders/types';
import { useI18n } from '../i18n/context';
import { MinorMoney } from '../ui/Money';

// The shopper's gift per promotion: chosen on the cart, sent with /order/calculate and /order/submit.
const KEY = 'gift_choices';

/** promotion id → the chosen gift SKU. */
export const giftChoices = proxy<{ byPromotion: Record<string, number> }>({ byPromotion: {} });

export function restoreGiftChoices(): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Record<string, number> | null;
    if (saved && typeof saved === 'object') giftChoices.byPromotion = saved;
  } catch (error) {
    console.warn('gift choices could not be read', error);
  }
}

export function chooseGift(promotionId: number, skuId: number): void {
  giftChoices.byPromotion = { ...giftChoices.byPromotion, [promotionId]: skuId };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(snapshot(giftChoices).byPromotion));
  } catch (error) {
    console.warn('gift choices could not be saved', error);
  }
}

/** The API's shape: one choice per promotion. */
export function giftChoiceList(
  byPromotion: Readonly<Record<string, number>>,
): Array<{ promotion_id: number; sku_id: number }> {
  return Object.entries(byPromotion).map(([id, sku]) => ({ promotion_id: Number(id), sku_id: sku }));
}

// Why a promotion applied (or what is missing): an amount is money, a count picks the plural form.
export function PromotionReason({ reason, currency }: { reason: Reason; currency: string }) {
  const { raw } = useI18n();
  const { amount, count, buy, free } = reason.params;
  const values: Record<string, ReactNode> = {
    amount: amount === undefined ? '' : <MinorMoney minor={amount} currency={currency} />,
    count: count ?? '',
    buy: buy ?? '',
    free: free ?? '',
  };
  // The template's {{name}} slots take the values (money as a node, isolated for Arabic text).
  const parts = raw(reason.key, count).split(/\{\{\s*(\w+)\s*\}\}/);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{values[part] ?? ''}</Fragment> : part))}</>;
}

// An order's gift lines: each gift at zero price ("Free") with why its promotion applied.
export function GiftLines({ promotions, currency }: { promotions: readonly OrderPromotionView[]; currency: string }) {
  const { t } = useI18n();
  if (!promotions.length) return null;
  return (
    <section className="order-gifts" aria-labelledby="order-gifts-title" data-testid="order-gifts">
      <h2 id="order-gifts-title" className="section-title">
        {t('order_promotions_title')}
      </h2>
      <ul className="order-items">
        {promotions.map((p) => (
          <li key={p.promotion_id} data-testid="order-gift">
            {p.gift?.image ? (
              <img src={p.gift.image} alt="" width={56} height={56} loading="lazy" />
            ) : (
              <span className="order-item-image" />
            )}
            <span>
              {p.gift ? (
                <>
                  {p.gift.name} <span className="cart-line-meta">({p.gift.sku_name})</span> × {p.gift.count}
                </>
              ) : (
                p.name
              )}
              <span className="cart-line-meta gift-reason">
                <PromotionReason reason={p.reason} currency={currency} />
              </span>
            </span>
            {p.gift && <strong className="gift-free">{t('cart_gift_free')}</strong>}
          </li>
        ))}
      </ul>
    </section>
  );
}

// The checkout review's gift lines, and the gifts the submit names (a promotion used up meanwhile is
// then refused instead of silently dropped).
export function ReviewGifts({ totals }: { totals: CalculateResult }) {
  const applied = totals.promotions
    .filter((p) => p.applied)
    .map((p) => ({
      promotion_id: p.promotion_id,
      kind: p.kind,
      name: p.name,
      reason: p.reason,
      discount: p.discount,
      gift: totals.gift_lines.find((g) => g.promotion_id === p.promotion_id) ?? null,
    }));
  return <GiftLines promotions={applied} currency={totals.currency} />;
}

/** The submit's gift choices: the gifts of the totals the shopper reviewed. */
export function giftsOf(totals: CalculateResult | null): { gifts?: Array<{ promotion_id: number; sku_id: number }> } {
  const gifts = (totals?.gift_lines ?? []).map((g) => ({ promotion_id: g.promotion_id, sku_id: g.sku_id }));
  return gifts.length ? { gifts } : {};
}
