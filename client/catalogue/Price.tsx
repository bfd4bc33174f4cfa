// Price with the old price and the discount. A product's price is in the base currency and shown in the
// shopper's; a price that already is in a currency (a blood test's lab price) comes with its own
// `format`, without conversion.
import type { SkuPrice } from '#shared/catalogue/types';
import { formatPercent } from '#shared/money';
import { useI18n } from '../i18n/context';
import { useCurrency, usePrice } from '../lib/locale';

export function Price({
  price,
  size = 'md',
  format,
}: {
  price: SkuPrice;
  size?: 'md' | 'lg';
  format?: (minor: number) => string;
}) {
  const { t, lang } = useI18n();
  const converted = usePrice();
  const show = format ?? converted;
  const { country } = useCurrency();
  // A country switch waiting for its data (decision 77): the line keeps its place, with no amount and
  // no discount (the new country's may differ), and says so: usePrice gives the pending place, a node
  // where a price is text. A price given with its own `format` is its currency's.
  const now = show(price.price);
  const onSale = typeof now === 'string' && price.old_price !== null && price.old_price > price.price;
  return (
    <p className={`price price-${size}`}>
      <bdi className={onSale ? 'price-now on-sale' : 'price-now'}>{now}</bdi>
      {onSale && (
        <>
          <del className="price-was">
            <span className="visually-hidden">{t('was_price', { price: '' })}</span>
            <bdi>{show(price.old_price!)}</bdi>
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
