// The address of every page that code outside its own module links to, by id: its path, unprefixed
// (localizePath() adds the /ar segment). Paths and ids only: which module renders a page, how its code
// loads and which texts it shows are the client's, declared by the page module itself (decision 67),
// and a page named here takes its path from here (scripts/vite-page-table.mjs reads this literal at
// build time). A page nothing links to by id (a new help page reached from the site index) need not be
// named here. Kept apart from shared/routes.ts so that the browser's entry chunk, which needs only the
// route builders, does not carry every path twice: the router's rows carry the paths of their pages.
import type { MessageId } from './i18n/en';
import { localizePath, type Lang } from './locale';

export const PAGE_PATHS = {
  home: '/',
  'logout-profile': '/logout-profile',
  'sign-in': '/auth/sign-in',
  'sign-up': '/auth/sign-up',
  'forgot-password': '/auth/forgot-password',
  'reset-password': '/auth/reset-password',
  'verify-email': '/auth/verify-email',
  'alerts-unsubscribe': '/alerts/unsubscribe',
  search: '/search',
  cart: '/cart',
  'checkout-shipping': '/checkout/shipping',
  'checkout-order': '/checkout/order',
  'checkout-success': '/checkout/success',
  'bt-checkout-shipping': '/checkout-blood-test/shipping',
  'bt-checkout-order': '/checkout-blood-test/order',
  'bt-checkout-success': '/checkout-blood-test/success',
  profile: '/profile',
  'profile-orders': '/profile/orders',
  'profile-addresses': '/profile/addresses',
  'profile-account': '/profile/account',
  'profile-notify-list': '/profile/notify-list',
  'profile-wallet': '/profile/wallet',
  'profile-points': '/profile/points',
  'profile-subscriptions': '/profile/subscriptions',
  'profile-wishlists': '/profile/wishlists',
  'profile-notifications': '/profile/notifications',
  'profile-consultations': '/profile/consultations',
  'profile-consultation': '/profile/consultations/:id',
  'profile-blood-tests': '/profile/blood-tests',
  'profile-blood-tests-ordered': '/profile/blood-tests/ordered',
  'profile-blood-tests-uploaded': '/profile/blood-tests/uploaded',
  'profile-consultation-call': '/profile/consultations/:id/call',
  'consultation-check': '/consultation-check',
  categories: '/categories',
  products: '/products',
  product: '/products/:slug',
  brands: '/brands',
  'brands-list': '/brands-list',
  'become-a-supplier': '/become-a-supplier',
  'contact-us': '/contact-us',
  'our-story': '/our-story',
  'site-index': '/site-index',
  terms: '/terms',
  'privacy-policy': '/privacy-policy',
  'return-policy': '/return-policy',
  disclaimer: '/disclaimer',
  'blood-test': '/blood-test',
  'blood-test-detail': '/blood-test/:slug',
  'upload-blood-test': '/upload-blood-test',
  'how-it-works': '/how-it-works',
  'order-lookup': '/order-lookup',
  share: '/share',
  'share-list': '/share/list',
  'shared-list': '/shared-list/:listId',
  nutritionist: '/nutritionist',
  'nutritionist-list': '/nutritionist-list',
  'consultation-book': '/consultation/book/:nutritionistId',
  'consultation-success': '/consultation/success',
  'consultation-package': '/consultation/package',
  quiz: '/quiz',
  'quiz-result': '/quiz-result',
  'app-shell': '/_app',
  invite: '/invite/:code',
  install: '/install',
} as const;

export type PageId = keyof typeof PAGE_PATHS;

export const STATIC_PAGE_IDS = [
  'our-story',
  'contact-us',
  'become-a-supplier',
  'site-index',
  'terms',
  'privacy-policy',
  'return-policy',
  'disclaimer',
] as const satisfies readonly PageId[];

/** Pages that bind the shopper to the seller: they name the seller of both countries. */
export const LEGAL_PAGE_IDS = [
  'terms',
  'privacy-policy',
  'return-policy',
  'disclaimer',
] as const satisfies readonly (typeof STATIC_PAGE_IDS)[number][];

export const PROFILE_MENU_IDS = [
  'profile-orders',
  'profile-addresses',
  'profile-account',
  'profile-notify-list',
  'profile-wallet',
  'profile-points',
  'profile-subscriptions',
  'profile-wishlists',
  'profile-notifications',
  'profile-blood-tests',
  'profile-consultations',
] as const satisfies readonly PageId[];

type Underscored<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Underscored<B>}` : S;
/** The pages whose title key is page_<id> with underscores for dashes (all but a page that names its own). */
export type TitledPageId = {
  [I in PageId]: `page_${Underscored<I>}` extends MessageId ? I : never;
}[PageId];
/** The dictionary key of a page's title (a page module may name another: client/page-list.ts). */
export function titleOf<I extends TitledPageId>(id: I): `page_${Underscored<I>}` {
  return `page_${id.replaceAll('-', '_')}` as `page_${Underscored<I>}`;
}

/** Path of a page without parameters, in the given language. */
export function pagePath(id: Exclude<PageId, 'product' | 'shared-list'>, lang: Lang): string {
  return localizePath(PAGE_PATHS[id], lang);
}
