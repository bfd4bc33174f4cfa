// The add-to-wishlist chooser, opened by any heart (stores/auth-modal.ts). Lives in the deferred shell; the
// chooser, its texts and the wishlist calls load on the first open.
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { withTexts } from '../i18n/texts';
import { wishlistChooser } from '../stores/auth-modal';

const Chooser = lazy(() =>
  withTexts(['wishlists'], () => import('./WishlistChooser'))().then((m) => ({ default: m.WishlistChooser })),
);

export function WishlistChooserHost() {
  const { item } = useSnapshot(wishlistChooser);
  if (!item) return null;
  return (
    <Suspense fallback={null}>
      <Chooser
        key={item.sku}
        sku={item.sku}
        name={item.name}
        onClose={() => {
          wishlistChooser.item = null;
        }}
      />
    </Suspense>
  );
}
