// What a cart moved between countries tells the shopper (issue 77), on the cart and checkout pages:
// that it is now priced in her new country's currency, what it dropped because that country does not
// sell it, the old country's coupon it removed, and that her points and wallet there stay there.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { COUNTRY_FACTS } from '#shared/countries';
import { currencyName } from '#shared/money';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';
import { countryMove, forgetCartCountry, noteCartCountry } from './country-move';

/**
 * Once the checkout's kept choices are read (`ready`), and again whenever her country changes: the
 * cart's country is noted while it holds something (`filled`), forgotten when it is empty.
 */
export function useCartCountry(ready: boolean, filled = true): void {
  const { country } = useSnapshot(useSessionStore());
  useEffect(() => {
    if (!ready) return;
    if (filled) noteCartCountry(country);
    else forgetCartCountry();
  }, [ready, filled, country]);
}

export function CountryMoveNotice() {
  const { t, lang } = useI18n();
  const { country, user } = useSnapshot(useSessionStore());
  const { from, dropped, coupon } = useSnapshot(countryMove);
  if (!from && !dropped.length) return null;
  const here = t(`country_${country}`);
  const there = from ? t(`country_${from}`) : '';
  return (
    <div className="form-alert" role="status" data-testid="cart-country-move">
      {from && (
        <p>{t('cart_moved_title', { country: here, currency: currencyName(COUNTRY_FACTS[country].currency, lang) })}</p>
      )}
      {dropped.length > 0 && (
        <>
          <p>{t('cart_moved_dropped', { count: dropped.length, country: here })}</p>
          <ul data-testid="cart-country-dropped">
            {dropped.map((d) => (
              <li key={`${d.kind}:${d.sku_id}`}>{d.name}</li>
            ))}
          </ul>
        </>
      )}
      {coupon && <p>{t('cart_moved_coupon', { code: coupon, country: there })}</p>}
      {from && user && <p>{t('cart_moved_balances', { country: there })}</p>}
    </div>
  );
}
