// The heart on every product card and on the product page (issue 16, spec §2 add-to-wishlist). Only
// this button is in the catalogue's first JavaScript: the chooser, its texts and the wishlist calls
// load on the first click. A guest gets the sign-in modal first, and the chooser opens after login
// (spec §6).
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '../i18n/context';
import { withTexts } from '../i18n/texts';
import { openAuthModal } from '../stores/auth-modal';
import { useSessionStore } from '../stores/session';
import { Icon } from '../ui/Icon';

const Chooser = lazy(() =>
  withTexts(['wishlists'], () => import('./WishlistChooser'))().then((m) => ({ default: m.WishlistChooser })),
);

export function WishlistButton({ sku, name }: { sku: number; name: string }) {
  const { t } = useI18n();
  const session = useSessionStore();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="wish-button"
        aria-label={t('wishlist_add', { name })}
        aria-haspopup="dialog"
        data-testid="wishlist-button"
        onClick={() => (session.user ? setOpen(true) : openAuthModal({ onSuccess: () => setOpen(true) }))}
      >
        <Icon path="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.7 4 4 0 0 1 7 2.7c0 5.6-7 10-7 10Z" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <Chooser sku={sku} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
