// The heart on every product card and on the product page (spec §2 add-to-wishlist). Only
// this button is in the catalogue's first JavaScript: it names the SKU in a small store, and the
// deferred shell's WishlistChooserHost loads and shows the chooser. A guest gets the sign-in modal
// first, and the chooser opens after login (spec §6).
import { useI18n } from '../i18n/context';
import { openAuthModal, openWishlistChooser } from '../stores/auth-modal';
import { useSessionStore } from '../stores/session';
import { Icon } from '../ui/Icon';

export function WishlistButton({ sku, name }: { sku: number; name: string }) {
  const { t } = useI18n();
  const session = useSessionStore();
  const open = () => openWishlistChooser(sku, name);
  return (
    <button
      type="button"
      className="wish-button"
      aria-label={t('wishlist_add', { name })}
      aria-haspopup="dialog"
      data-testid="wishlist-button"
      onClick={() => (session.user ? open() : openAuthModal({ onSuccess: open }))}
    >
      <Icon path="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.7 4 4 0 0 1 7 2.7c0 5.6-7 10-7 10Z" />
    </button>
  );
}
