// The "add to blood-test cart" button of cards and test pages; once added it links to the cart.
import type { CurrencyCode } from '#shared/locale';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import type { BloodTestCard } from '#shared/blood-tests/catalogue-types';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { addBloodTest, bloodTestCart } from './cart-store';

export function AddToBloodTestCart({ test, currency }: { test: BloodTestCard; currency: string }) {
  const { t } = useI18n();
  const href = useHref();
  const { items, loaded } = useSnapshot(bloodTestCart);
  if (loaded && items[String(test.default_sku.id)])
    return (
      <Link className="button button-secondary bt-in-cart" to={`${href('/cart')}#blood-tests`}>
        {t('bt_in_cart')}
      </Link>
    );
  return (
    <button
      type="button"
      className="button bt-add"
      aria-label={`${t('bt_add_to_cart')}: ${test.name}`}
      onClick={() =>
        addBloodTest({
          id: test.id,
          slug: test.slug,
          name: test.name,
          kind: test.kind,
          fasting_hours: test.fasting_hours,
          price: { ...test.price },
          currency: currency as CurrencyCode,
          default_sku: { id: test.default_sku.id },
        })
      }
    >
      {t('bt_add_to_cart')}
    </button>
  );
}
