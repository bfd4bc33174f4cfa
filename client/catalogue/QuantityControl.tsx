// Add / minus / plus for one SKU (spec §2 product card): minus at 1 removes the item, plus is
// disabled at the buy limit.
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { addToCart, cart, decrementCart, maxCount, type CartOrigin, type CartProduct, type CartSku } from '../stores/cart';
import { Icon } from '../ui/Icon';

export function QuantityControl({ sku, product, origin, wide = false }: { sku: CartSku; product: CartProduct; origin: CartOrigin; wide?: boolean }) {
  const { t } = useI18n();
  const { items, loaded } = useSnapshot(cart);
  const entry = loaded ? items[String(sku.id)] : undefined;
  const limit = maxCount(sku);

  if (!entry) {
    return (
      <button
        type="button"
        className={wide ? 'button add-button wide' : 'button add-button'}
        disabled={limit < 1}
        aria-label={t('add_name_to_cart', { name: product.name })}
        onClick={() => addToCart({ sku, product, origin })}
      >
        <Icon name="cart" size={18} flip />
        <span>{t('add_to_cart')}</span>
      </button>
    );
  }

  const atLimit = entry.count >= limit;
  return (
    <div className={wide ? 'quantity wide' : 'quantity'} role="group" aria-label={t('quantity_in_cart', { count: entry.count })}>
      <button type="button" className="icon-button" aria-label={entry.count > 1 ? t('decrease_quantity', { name: product.name }) : t('remove_from_cart', { name: product.name })} onClick={() => decrementCart(sku.id)}>
        <Icon name={entry.count > 1 ? 'minus' : 'trash'} size={18} />
      </button>
      <output className="quantity-count" aria-live="polite">
        {entry.count}
      </output>
      <button type="button" className="icon-button" aria-label={t('increase_quantity', { name: product.name })} disabled={atLimit} onClick={() => addToCart({ sku, product, origin })}>
        <Icon name="add" size={18} />
      </button>
      {atLimit && Number.isFinite(limit) && <span className="limit-note">{t('limit_reached', { limit })}</span>}
    </div>
  );
}
