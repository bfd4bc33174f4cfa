// The unlock modal's code (and the texts of its product cards) loads the first time a shopper opens it,
// not with every page.
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { withTexts } from '../i18n/texts';
import { freeDeliveryUi } from './free-delivery-ui';

const UnlockModal = lazy(() =>
  withTexts(['orders', 'catalogue'], () => import('./UnlockModal'))().then((m) => ({ default: m.UnlockModal })),
);

export function UnlockModalLoader() {
  const { unlockOpen, everOpened } = useSnapshot(freeDeliveryUi);
  if (!unlockOpen && !everOpened) return null;
  return (
    <Suspense fallback={null}>
      <UnlockModal />
    </Suspense>
  );
}
