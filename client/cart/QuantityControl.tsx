// Add / minus / plus for one SKU (spec §2 product card): minus at 1 removes the item (on a cart line,
// which has its own remove button, it stays a minus and is disabled at 1), plus is disabled at the buy
// limit. Adding replaces the Add button with the quantity group and removing the
// last unit brings it back: focus moves to the control now in its place, so a keyboard or
// screen-reader user stays on this card instead of falling back to the top of the page.
import { useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import {
  addToCart,
  cart,
  decrementCart,
  maxCount,
  type CartOrigin,
  type CartProduct,
  type CartSku,
} from './cart-store';
import { Icon } from '../ui/Icon';

export function QuantityControl({
  sku,
  product,
  origin,
  wide = false,
  removeAtOne = true,
}: {
  sku: CartSku;
  product: CartProduct;
  origin: CartOrigin;
  wide?: boolean;
  /** False where the line has its own remove button (the cart): one trash icon per line, not two. */
  removeAtOne?: boolean;
}) {
  const { t } = useI18n();
  const { items, loaded } = useSnapshot(cart);
  const entry = loaded ? items[String(sku.id)] : undefined;
  const limit = maxCount(sku);
  const addRef = useRef<HTMLButtonElement>(null);
  const minusRef = useRef<HTMLButtonElement>(null);
  const plusRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef<'group' | 'add' | null>(null);
  const inCart = !!entry;

  useLayoutEffect(() => {
    const target = refocus.current;
    refocus.current = null;
    if (target === 'add' && !inCart) addRef.current?.focus();
    if (target === 'group' && inCart)
      (plusRef.current && !plusRef.current.disabled ? plusRef.current : minusRef.current)?.focus();
  }, [inCart]);

  if (!entry) {
    return (
      <button
        ref={addRef}
        type="button"
        className={wide ? 'button add-button wide' : 'button add-button'}
        disabled={limit < 1}
        aria-label={t('add_name_to_cart', { name: product.name })}
        onClick={() => {
          refocus.current = 'group';
          addToCart({ sku, product, origin });
        }}
      >
        <Icon name="cart" size={18} flip />
        <span>{t('add_to_cart')}</span>
      </button>
    );
  }

  const atLimit = entry.count >= limit;
  const removes = entry.count <= 1 && removeAtOne;
  return (
    // biome-ignore lint/a11y/useSemanticElements: an inline stepper; a fieldset's legend and box do not fit it, role=group with a label is the ARIA pattern
    <div
      className={wide ? 'quantity wide' : 'quantity'}
      role="group"
      aria-label={t('quantity_in_cart', { count: entry.count })}
    >
      <button
        ref={minusRef}
        type="button"
        className="icon-button"
        aria-label={
          removes ? t('remove_from_cart', { name: product.name }) : t('decrease_quantity', { name: product.name })
        }
        disabled={entry.count <= 1 && !removeAtOne}
        onClick={() => {
          if (removes) refocus.current = 'add';
          decrementCart(sku.id);
        }}
      >
        <Icon name={removes ? 'trash' : 'minus'} size={18} />
      </button>
      <output className="quantity-count" aria-live="polite">
        {entry.count}
      </output>
      <button
        ref={plusRef}
        type="button"
        className="icon-button"
        aria-label={t('increase_quantity', { name: product.name })}
        disabled={atLimit}
        onClick={() => addToCart({ sku, product, origin })}
      >
        <Icon name="add" size={18} />
      </button>
      {atLimit && Number.isFinite(limit) && <span className="limit-note">{t('limit_reached', { limit })}</span>}
    </div>
  );
}
