// The blood-test cart on /cart (its own section: a separate cart, booked with a home visit and paid on
// its own checkout). Syncs with the server when shown (spec §4), lists the tests with their prices in
// their currency, a "price updated" note for marked items, remove buttons, the total and the button to
// the blood-test checkout.
import { useContext, useEffect } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { paths } from '#shared/routes';
import { useI18n } from '../i18n/context';
import { useHref, useMinor } from '../lib/locale';
import { ApiContext } from '../providers';
import { Icon } from '../ui/Icon';
import { Price } from '../catalogue/Price';
import { bloodTestCart, bloodTestCartTotals, bloodTestSkuIds, removeBloodTest } from './cart-store';
import { refreshBloodTestCart } from './sync';
import { DEFAULT_COUNTRY, type CurrencyCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { track } from '../analytics/track';
import { useSessionStore } from '../stores/session';
import { noteDropped } from '../cart/country-move';

export function BloodTestCartSection() {
  const { t, lang } = useI18n();
  const href = useHref();
  const format = useMinor();
  const api = useContext(ApiContext)!;
  const { items, loaded } = useSnapshot(bloodTestCart);
  const entries = Object.values(items);
  const ids = bloodTestSkuIds(items as typeof bloodTestCart.items).join(',');

  const { country } = useSnapshot(useSessionStore());
  // Again whenever the cart's SKUs change (another tab, a removal) or her country does (issue 77: what
  // the new country does not sell leaves, and the cart's notice says so): `ids` and `country` are triggers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: country is a trigger (the API client sends it), not a capture
  useEffect(() => {
    if (!loaded || !ids) return;
    refreshBloodTestCart(api)
      .then((changes) =>
        noteDropped(
          'blood_test',
          changes.filter((c) => c.kind === 'not_sold'),
        ),
      )
      .catch((error: unknown) => console.warn('blood-test cart sync failed', error));
  }, [api, loaded, ids, country]);

  if (!loaded) return null;
  const { total } = bloodTestCartTotals(items as typeof bloodTestCart.items);
  const currency = entries[0]?.bloodTest.currency ?? COUNTRY_FACTS[DEFAULT_COUNTRY].currency;

  return (
    <section id="blood-tests" className="bt-cart" aria-labelledby="bt-cart-title" data-testid="blood-test-cart">
      <h2 id="bt-cart-title" className="section-title">
        {t('bt_cart_title')}
      </h2>
      {!entries.length ? (
        <p className="bt-cart-empty">
          {t('bt_cart_empty')} <Link to={href('/blood-test')}>{t('bt_cart_browse')}</Link>
        </p>
      ) : (
        <>
          <p className="bt-cart-note">{t('bt_cart_note')}</p>
          <ul className="cart-lines" aria-label={t('bt_cart_title')}>
            {entries.map((e) => (
              <li key={e.sku.id} className="cart-line bt-cart-line" data-testid="blood-test-cart-line">
                <div className="cart-line-body">
                  <Link to={paths.bloodTest(e.bloodTest.slug, lang)} className="cart-line-name">
                    {e.bloodTest.name}
                  </Link>
                  <span className="cart-line-meta">
                    {t(e.bloodTest.kind === 'panel' ? 'bt_kind_badge_panel' : 'bt_kind_badge_test')}
                    {e.bloodTest.fasting_hours > 0 &&
                      ` · ${t('bt_fasting_hours', { count: e.bloodTest.fasting_hours })}`}
                  </span>
                  <Price price={e.bloodTest.price} format={(n) => format(n, e.bloodTest.currency)} />
                  {e.outOfStock && (
                    <span className="stock-note" role="status">
                      {t('bt_price_changed')}
                    </span>
                  )}
                </div>
                <div className="cart-line-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('bt_cart_remove', { name: e.bloodTest.name })}
                    onClick={() => removeBloodTest(e.sku.id)}
                  >
                    <Icon name="trash" size={18} />
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <div className="bt-cart-footer">
            <p className="bt-cart-total">
              <span>{t('bt_cart_total')}</span> <bdi data-testid="blood-test-cart-total">{format(total, currency)}</bdi>
            </p>
            <Link
              className="button"
              to={href('/checkout-blood-test/shipping')}
              data-testid="blood-test-checkout"
              onClick={() =>
                // Analytics: how much, never which tests.
                track((b) => b.bloodTestBeginCheckout({ currency: currency as CurrencyCode, valueMinor: total }))
              }
            >
              {t('bt_cart_book')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
