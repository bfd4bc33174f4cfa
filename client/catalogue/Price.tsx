// Price with the old price and the discount, in the shopper's currency.
import type { SkuPrice } from '#shared/catalogue/types';
import { formatPercent } from '#shared/money';
import { useI18n } from '../i18n/context';
import { useCurrency, usePrice } from '../lib/locale';

export function Price({ price, size = 'md' }: { price: SkuPrice; size?: 'md' | 'lg' }) {
  const { t, lang } = useI18n();
  const format = usePrice();
  const { country } = useCurrency();
  const onSale = price.old_price !== null && price.old_price > price.price;
  return (
    <p className={`price price-${size}`}>
      <bdi className={onSale ? 'price-now on-sale' : 'price-now'}>{format(price.price)}</bdi>
      {onSale && (
        <>
          <del className="price-was">
            <span className="visually-hidden">{t('was_price', { price: '' })}</span>
            <bdi>{format(price.old_price!)}</bdi>
          </del>
          <span className="discount-badge">
            {t('discount_badge', {
              percent: formatPercent((price.old_price! - price.price) / price.old_price!, lang, country),
            })}
          </span>
        </>
      )}
    </p>
  );
}
