// English dictionary. Flat keys (spec message keys are flat too); {{name}} marks a parameter.
// ar.ts must define exactly the same keys: its type is derived from this object. Feature areas keep
// their keys in their own pair of files (catalogue.en.ts / catalogue.ar.ts …), the shell's in
// shell.en.ts, merged here for the server and the tests. The browser loads the shell's texts with every
// page and each area with the routes that show it (client/i18n/texts.ts, decision 18).
import { accountsEn } from './accounts.en';
import { ordersEn } from './orders.en';
import { catalogueEn } from './catalogue.en';
import { shellEn } from './shell.en';
import type { Translated } from './plural';
import { staticPagesEn } from './static-pages.en';
import { bloodTestsEn } from './blood-tests.en';
import { bloodTestResultsEn } from './blood-test-results.en';
import { pushEn } from './push.en';
import { appEn } from './app.en';
import { wishlistsEn } from './wishlists.en';
import { consentEn } from './consent.en';
import { quizEn } from './quiz.en';
import { reviewsEn } from './reviews.en';
import { subscriptionsEn } from './subscriptions.en';
import { consultationsEn } from './consultations.en';
import { consultationCallEn } from './consultation-call.en';
import { pointsEn } from './points.en';
import { trackingEn } from './tracking.en';
import { returnsEn } from './returns.en';
import { suggestionsEn } from './suggestions.en';
import { countrySwitchEn } from './country-switch.en';
import { cartAddedEn } from './cart-added.en';

export const en = {
  ...shellEn,
  ...catalogueEn,
  ...staticPagesEn,
  ...accountsEn,
  ...ordersEn,
  ...bloodTestsEn,
  ...bloodTestResultsEn,
  ...pushEn,
  ...appEn,
  ...wishlistsEn,
  ...consentEn,
  ...quizEn,
  ...reviewsEn,
  ...subscriptionsEn,
  ...consultationsEn,
  ...consultationCallEn,
  ...pointsEn,
  ...trackingEn,
  ...returnsEn,
  ...suggestionsEn,
  ...countrySwitchEn,
  ...cartAddedEn,
} as const;

export type MessageId = keyof typeof en;
/** Every language's dictionary: the same keys as English, a counted entry where English has one. */
export type Dictionary = Translated<typeof en>;
