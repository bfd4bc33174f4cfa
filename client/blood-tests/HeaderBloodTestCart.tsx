// The header's link to the blood-test cart (spec §3: its own link and count, shown once it holds a test)
// and the cart's local-storage sync. The header loads it once cart-presence.ts says the cart matters here.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { formatNumber } from '#shared/money';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { useStorageSync } from '../lib/storage-sync';
import { useSessionStore } from '../stores/session';
import { Icon } from '../ui/Icon';
import {
  applyBloodTestStorageChange,
  BLOOD_TEST_STORAGE_KEY,
  bloodTestCart,
  bloodTestCartCount,
  loadBloodTestCart,
  persistBloodTestCart,
} from './cart-state';

export function HeaderBloodTestCart() {
  const { t, lang } = useI18n();
  const href = useHref();
  const { country } = useSnapshot(useSessionStore());
  const tests = bloodTestCartCount(useSnapshot(bloodTestCart).items);
  useStorageSync(
    bloodTestCart,
    BLOOD_TEST_STORAGE_KEY,
    loadBloodTestCart,
    persistBloodTestCart,
    applyBloodTestStorageChange,
  );
  if (tests === 0) return null;
  return (
    <Link
      to={`${href('/cart')}#blood-tests`}
      className="header-action cart-link"
      aria-label={`${t('blood_test_cart_label')}, ${t('blood_test_cart_count', { count: tests })}`}
    >
      <Icon name="vial" />
      <span className="badge" data-testid="blood-test-cart-count" aria-hidden="true">
        {formatNumber(tests, lang, country)}
      </span>
    </Link>
  );
}
