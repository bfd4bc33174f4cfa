// Shell parts that show nothing until the shopper acts or the cart changes: the sign-in modal, the
// free-delivery prompt and unlock modal, the cart's name sync and its copy kept for reminders, the installable app's service worker and install offer, the add-to-wishlist chooser, analytics, the product page's pay-later note, its subscribe-and-save choice and its interactive reviews, recently viewed and "customers also bought", a product page's "not sold in your country", and the clicks on the shop's suggestions. deferred.tsx loads this chunk right
// after hydration instead of with the page's first JavaScript.
import { useEffect } from 'react';
import { CartNamesSync } from '../cart/CartNamesSync';
import { CartKeeper } from '../cart/CartKeeper';
import { FreeShippingPrompt } from '../cart/FreeShippingPrompt';
import { UnlockModalLoader } from '../cart/UnlockModalLoader';
import { AppInstallSlot } from '../app/AppInstallSlot';
import { WishlistChooserHost } from '../wishlists/ChooserHost';
import { AuthModal } from './AuthModal';
import { AnalyticsSlot } from '../analytics/AnalyticsSlot';
import { PayLaterHost } from '../orders/PayLaterHost';
import { ReviewsHost } from '../reviews/ReviewsHost';
import { SubscribeHost } from '../subscriptions/SubscribeHost';
import { MoreToSeeHost } from '../catalogue/MoreToSeeHost';
import { NotSoldHereHost } from '../catalogue/NotSoldHereHost';
import { SuggestionClicks } from '../analytics/SuggestionClicks';

export function DeferredShell() {
  // The page is live once these parts are too: tests and tools wait for <html data-hydrated>.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <AuthModal />
      <CartNamesSync />
      <CartKeeper />
      <FreeShippingPrompt />
      <UnlockModalLoader />
      <AppInstallSlot />
      <WishlistChooserHost />
      <AnalyticsSlot />
      <PayLaterHost />
      <ReviewsHost />
      <SubscribeHost />
      <MoreToSeeHost />
      <NotSoldHereHost />
      <SuggestionClicks />
    </>
  );
}
