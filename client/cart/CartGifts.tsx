// The cart's promotions (decision 33), from the server's calculation: a gift the cart earned at zero
// price ("Free"), a chooser when the promotion offers several gifts (a radio group), and for the
// others what is still missing ("Add KD 2.500 more for a free gift"). The list is a polite live
// region: a gift that appears or leaves as the cart changes is announced.
import type { PromotionResult } from '#shared/orders/promotions';
import { useI18n } from '../i18n/context';
import { chooseGift, PromotionReason } from '../orders/gifts';

export function CartGifts({ promotions, currency }: { promotions: readonly PromotionResult[]; currency: string }) {
  const { t } = useI18n();
  return (
    <section className="cart-gifts" aria-labelledby="cart-gifts-title" data-testid="cart-gifts">
      <h2 id="cart-gifts-title" className="section-title">
        {t('cart_giveaways')}
      </h2>
      <ul aria-live="polite">
        {promotions.map((p) => {
          const gift = p.gift ? p.options.find((o) => o.sku_id === p.gift!.sku_id) : undefined;
          return (
            <li key={p.promotion_id} className="cart-gift" data-testid="cart-gift" data-applied={p.applied}>
              <p className="cart-gift-name">{p.name}</p>
              {gift && p.gift && (
                <div className="cart-line gift-line" data-testid="gift-line">
                  <span className="cart-line-image">
                    {gift.image && <img src={gift.image} alt="" width={80} height={80} loading="lazy" />}
                  </span>
                  <div className="cart-line-body">
                    <span className="cart-line-name">{gift.name}</span>
                    <span className="cart-line-meta">
                      {gift.sku_name} · {t('cart_gift_count', { count: p.gift.count })}
                    </span>
                  </div>
                  <strong className="gift-free">{t('cart_gift_free')}</strong>
                </div>
              )}
              <p className={p.applied ? 'cart-gift-why' : 'cart-gift-why form-note'} data-testid="gift-reason">
                <PromotionReason reason={p.reason} currency={currency} />
              </p>
              {p.applied && p.gift && p.options.length > 1 && (
                <fieldset className="gift-chooser">
                  <legend>{t('cart_gift_choose')}</legend>
                  {p.options.map((o) => (
                    <label key={o.sku_id} className="gift-option">
                      <input
                        type="radio"
                        name={`gift-${p.promotion_id}`}
                        value={o.sku_id}
                        checked={o.sku_id === p.gift!.sku_id}
                        disabled={!o.in_stock}
                        onChange={() => chooseGift(p.promotion_id, o.sku_id)}
                      />
                      <span>
                        {o.name} <span className="cart-line-meta">({o.sku_name})</span>
                        {!o.in_stock && <span className="stock-note"> {t('cart_unavailable')}</span>}
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
