// Arabic dictionary. Typed as Dictionary: a key missing here (or extra) fails the typecheck.
import { accountsAr } from './accounts.ar';
import { ordersAr } from './orders.ar';
import { catalogueAr } from './catalogue.ar';
import { shellAr } from './shell.ar';
import type { Dictionary } from './en';
import { staticPagesAr } from './static-pages.ar';
import { bloodTestsAr } from './blood-tests.ar';
import { bloodTestResultsAr } from './blood-test-results.ar';
import { pushAr } from './push.ar';
import { appAr } from './app.ar';
import { wishlistsAr } from './wishlists.ar';
import { consentAr } from './consent.ar';
import { quizAr } from './quiz.ar';
import { reviewsAr } from './reviews.ar';
import { subscriptionsAr } from './subscriptions.ar';
import { consultationsAr } from './consultations.ar';
import { consultationCallAr } from './consultation-call.ar';
import { pointsAr } from './points.ar';
import { trackingAr } from './tracking.ar';
import { returnsAr } from './returns.ar';
import { suggestionsAr } from './suggestions.ar';
import { countrySwitchAr } from './country-switch.ar';
import { cartAddedAr } from './cart-added.ar';

export const ar: Dictionary = {
  ...shellAr,
  ...catalogueAr,
  ...staticPagesAr,
  ...accountsAr,
  ...ordersAr,
  ...bloodTestsAr,
  ...bloodTestResultsAr,
  ...pushAr,
  ...appAr,
  ...wishlistsAr,
  ...consentAr,
  ...quizAr,
  ...reviewsAr,
  ...subscriptionsAr,
  ...consultationsAr,
  ...consultationCallAr,
  ...pointsAr,
  ...trackingAr,
  ...returnsAr,
  ...suggestionsAr,
  ...countrySwitchAr,
  ...cartAddedAr,
};
