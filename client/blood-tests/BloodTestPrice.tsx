// A blood test's price and old price in its country's currency (the lab's price, no conversion).
import type { BloodTestPrice as Price } from '#shared/blood-tests/catalogue-types';
import { formatPercent } from '#shared/money';
import { useI18n } from '../i18n/context';
import { useCurrency, useMinor } from '../lib/locale';

export function BloodTestPrice({
  price,
  currency,
  size = 'md',
}: {
  price: Price;
  currency: string;
  size?: 'md' | 'lg';
}) {
  const { t, lang } = useI18n();
  const format = useMinor();
  const { country } = useCurrency();
  const onSale = price.old_price !== null && price.old_price > price.price;
  return (
    <p className={`price price-${size}`}>
      <bdi className={onSale ? 'price-now on-sale' : 'price-now'}>{format(price.price, currency)}</bdi>
      {onSale && (
        <>
          <del className="price-was">
            <span className="visually-hidden">{t('was_price', { price: '' })}</span>
            <bdi>{format(price.old_price!, currency)}</bdi>
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
