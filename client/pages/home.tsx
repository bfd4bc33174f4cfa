import { Link } from 'react-router';
import { DEFAULT_FREE_SHIPPING_FILS } from '../../shared/constants';
import { useI18n } from '../i18n/context';
import { T } from '../i18n/T';
import { useCurrency, useHref } from '../lib/locale';
import { Money } from '../ui/Money';

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const { currency } = useCurrency();
  return (
    <>
      <title>{`${t('brand_name')} | ${t('brand_tagline')}`}</title>
      <section className="hero">
        <h1 className="hero-title">{t('home_hero_title')}</h1>
        <p className="hero-body">{t('home_hero_body')}</p>
        <div className="hero-actions">
          <Link className="button" to={href('/products')}>
            {t('home_shop_now')}
          </Link>
          <Link className="button button-secondary" to={href('/quiz')}>
            {t('home_take_quiz')}
          </Link>
        </div>
        <p className="delivery-note" data-testid="delivery-note">
          <T k="home_delivery_note" values={{ currency: <bdi>{currency}</bdi>, amount: <Money fils={DEFAULT_FREE_SHIPPING_FILS} /> }} />
        </p>
      </section>
    </>
  );
}
