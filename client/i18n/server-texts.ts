// The server's texts (decision 18): every dictionary is bundled, but a page renders with the shell's
// texts and its own areas only, exactly what the browser has loaded before hydrating (texts.ts). A
// page that forgets to name an area therefore misses those texts on the server too, where tests see it,
// instead of mismatching at hydration.
import { accountsAr } from '#shared/i18n/accounts.ar';
import { accountsEn } from '#shared/i18n/accounts.en';
import { catalogueAr } from '#shared/i18n/catalogue.ar';
import { catalogueEn } from '#shared/i18n/catalogue.en';
import type { Dictionary } from '#shared/i18n';
import type { TextArea } from '#shared/i18n/areas';
import { ordersAr } from '#shared/i18n/orders.ar';
import { ordersEn } from '#shared/i18n/orders.en';
import { bloodTestsAr } from '#shared/i18n/blood-tests.ar';
import { bloodTestsEn } from '#shared/i18n/blood-tests.en';
import { bloodTestResultsAr } from '#shared/i18n/blood-test-results.ar';
import { bloodTestResultsEn } from '#shared/i18n/blood-test-results.en';
import { pushAr } from '#shared/i18n/push.ar';
import { pushEn } from '#shared/i18n/push.en';
import { staticPagesAr } from '#shared/i18n/static-pages.ar';
import { staticPagesEn } from '#shared/i18n/static-pages.en';
import { shellAr } from '#shared/i18n/shell.ar';
import { shellEn } from '#shared/i18n/shell.en';
import { appAr } from '#shared/i18n/app.ar';
import { appEn } from '#shared/i18n/app.en';
import { wishlistsAr } from '#shared/i18n/wishlists.ar';
import { wishlistsEn } from '#shared/i18n/wishlists.en';
import { consentAr } from '#shared/i18n/consent.ar';
import { consentEn } from '#shared/i18n/consent.en';
import { quizAr } from '#shared/i18n/quiz.ar';
import { reviewsAr } from '#shared/i18n/reviews.ar';
import { reviewsEn } from '#shared/i18n/reviews.en';
import { quizEn } from '#shared/i18n/quiz.en';
import { subscriptionsAr } from '#shared/i18n/subscriptions.ar';
import { subscriptionsEn } from '#shared/i18n/subscriptions.en';
import { consultationsAr } from '#shared/i18n/consultations.ar';
import { consultationsEn } from '#shared/i18n/consultations.en';
import { consultationCallAr } from '#shared/i18n/consultation-call.ar';
import { consultationCallEn } from '#shared/i18n/consultation-call.en';
import { pointsAr } from '#shared/i18n/points.ar';
import { pointsEn } from '#shared/i18n/points.en';
import { trackingAr } from '#shared/i18n/tracking.ar';
import { trackingEn } from '#shared/i18n/tracking.en';
import { returnsAr } from '#shared/i18n/returns.ar';
import { returnsEn } from '#shared/i18n/returns.en';
import type { Lang } from '#shared/locale';

type Texts = Partial<Dictionary>;

const PARTS: Record<Lang, { shell: Texts } & Record<TextArea, Texts>> = {
  en: {
    shell: shellEn,
    catalogue: catalogueEn,
    accounts: accountsEn,
    orders: ordersEn,
    'static-pages': staticPagesEn,
    'blood-tests': bloodTestsEn,
    'blood-test-results': bloodTestResultsEn,
    push: pushEn,
    app: appEn,
    wishlists: wishlistsEn,
    consent: consentEn,
    quiz: quizEn,
    reviews: reviewsEn,
    subscriptions: subscriptionsEn,
    consultations: consultationsEn,
    'consultation-call': consultationCallEn,
    points: pointsEn,
    tracking: trackingEn,
    returns: returnsEn,
  },
  ar: {
    shell: shellAr,
    catalogue: catalogueAr,
    accounts: accountsAr,
    orders: ordersAr,
    'static-pages': staticPagesAr,
    'blood-tests': bloodTestsAr,
    'blood-test-results': bloodTestResultsAr,
    push: pushAr,
    app: appAr,
    wishlists: wishlistsAr,
    consent: consentAr,
    quiz: quizAr,
    reviews: reviewsAr,
    subscriptions: subscriptionsAr,
    consultations: consultationsAr,
    'consultation-call': consultationCallAr,
    points: pointsAr,
    tracking: trackingAr,
    returns: returnsAr,
  },
};

// A handful of area sets exist (one per kind of page): merge each once.
const merged = new Map<string, Dictionary>();

export function serverTexts(lang: Lang, areas: readonly TextArea[]): Dictionary {
  const sorted = [...new Set(areas)].sort();
  const key = `${lang}:${sorted.join(',')}`;
  let dict = merged.get(key);
  if (!dict) {
    dict = Object.assign({}, PARTS[lang].shell, ...sorted.map((a) => PARTS[lang][a])) as Dictionary;
    merged.set(key, dict);
  }
  return dict;
}
