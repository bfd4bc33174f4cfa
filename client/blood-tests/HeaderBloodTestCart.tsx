// The header's link to the blood-test cart (spec §3: its own link and count, shown once it holds a test)
// and the cart's local-storage sync. The header loads it once cart-presence.ts says the cart matters in
// this tab. It takes the cart from cart-store.ts, as the pages do, so that the cart is one chunk.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { formatNumber } from '#shared/money';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { useStorageSync } from '../lib/storage-sync';
import { useSessionStore } from '../stores/session';
import { countLinkName } from '../shell/count-name';
import { Icon } from '../ui/Icon';
import {
  applyBloodTestStorageChange,
  BLOOD_TEST_STORAGE_KEY,
  bloodTestCart,
  bloodTestCartCount,
  loadBloodTestCart,
  persistBloodTestCart,
} from './cart-store';

const VIAL = 'M8 3h8M10 3v14a2 2 0 0 0 4 0V3M10 12h4';

// The default export: the header's lazy() takes it as it is.
export default function HeaderBloodTestCart() {
  const { t, lang } = useI18n();
  const href = useHref();
  const { country } = useSnapshot(useSessionStore());
  const tests = bloodTestCartCount(useSnapshot(bloodTestCart).items);
  const shown = formatNumber(tests, lang, country);
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
      aria-label={countLinkName(t('blood_test_cart_label'), t('blood_test_cart_count', { count: tests }), shown)}
    >
      <Icon path={VIAL} />
      <span className="badge" data-testid="blood-test-cart-count" aria-hidden="true">
        {shown}
      </span>
    </Link>
  );
}
