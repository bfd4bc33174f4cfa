// Price with the old price and the discount. A product's price is in the base currency and shown in the
// shopper's; a price that already is in a currency (a blood test's lab price, `currency` given) is shown
// in it, without conversion.
import type { SkuPrice } from '#shared/catalogue/types';
import { formatPercent } from '#shared/money';
import { useI18n } from '../i18n/context';
import { useCurrency, useMinor, usePrice } from '../lib/locale';

export function Price({ price, size = 'md', currency }: { price: SkuPrice; size?: 'md' | 'lg'; currency?: string }) {
  const { t, lang } = useI18n();
  const converted = usePrice();
  const minor = useMinor();
  const format = (amount: number) => (currency ? minor(amount, currency) : converted(amount));
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
