// Every page route of spec §2: its dictionary title key and the page module that renders it, so that
// adding a page is one row here (decision 15). Paths here are unprefixed; localizePath() adds the /ar
// segment. Route builders keep links typo-free.
import type { TextArea } from './i18n/areas';
import type { MessageId } from './i18n/en';
import { localizePath, type Lang } from './locale';

interface PageRouteRow {
  id: string;
  /**
   * Unprefixed path, as a react-router pattern; `/<id>` when left out (PAGE_ROUTES fills it in: the
   * browser's entry carries this table, so a path that can be derived is not written).
   */
  path?: string;
  /**
   * The dictionary key of the page's title when it is not page_<id> with underscores for dashes (see
   * titleOf): the browser's entry carries this table, so a key that can be derived is not written.
   */
  title?: MessageId;
  /**
   * The page module under client/pages/, without extension (client/routes.tsx finds it by this name);
   * the route's id when left out (most pages are named after their route: the browser's entry carries
   * this table, so every repeated name costs every page).
   */
  module?: string;
  /** A page not built yet: client/pages/section.tsx renders its placeholder. */
  placeholder?: true;
  /** A layout module under client/pages/ that wraps this page and its siblings with the same layout. */
  layout?: string;
  /** Dictionary areas the page (and its layout) shows besides the shell's texts; loaded with it (decision 18). */
  texts?: readonly TextArea[];
}

// The steps of each checkout share their layout and texts.
const CHECKOUT_STEP = {
  layout: 'checkout/layout',
  texts: ['orders', 'accounts', 'catalogue', 'subscriptions'],
} as const;
const BT_CHECKOUT_STEP = {
  layout: 'blood-test-checkout/layout',
  texts: ['orders', 'accounts', 'catalogue', 'blood-tests'],
} as const;

const PAGE_ROWS = [
  { id: 'home', path: '/', texts: ['catalogue'] },
  { id: 'logout-profile', module: 'logout' },
  { id: 'sign-in', path: '/auth/sign-in', module: 'auth/sign-in', texts: ['accounts'] },
  { id: 'sign-up', path: '/auth/sign-up', module: 'auth/sign-up', texts: ['accounts'] },
  {
    id: 'forgot-password',
    path: '/auth/forgot-password',
    module: 'auth/forgot-password',
    texts: ['accounts'],
  },
  // Not in spec §2: where the reset link of the forgot-password mail lands.
  {
    id: 'reset-password',
    path: '/auth/reset-password',
    module: 'auth/reset-password',
    texts: ['accounts'],
  },
  // Not in spec §2: the link mailed to a new account whose address has guest orders.
  {
    id: 'verify-email',
    path: '/auth/verify-email',
    module: 'auth/verify-email',
    texts: ['accounts'],
  },
  // Not in spec §2: the one-click unsubscribe link of alert mails (a button posts it).
  {
    id: 'alerts-unsubscribe',
    path: '/alerts/unsubscribe',
    texts: ['accounts'],
  },
  { id: 'search', texts: ['catalogue'] },
  { id: 'cart', texts: ['orders', 'catalogue', 'blood-tests', 'subscriptions'] },
  {
    id: 'checkout-shipping',
    path: '/checkout/shipping',
    module: 'checkout/shipping',
    ...CHECKOUT_STEP,
  },
  {
    id: 'checkout-order',
    path: '/checkout/order',
    module: 'checkout/order',
    ...CHECKOUT_STEP,
  },
  {
    id: 'checkout-success',
    path: '/checkout/success',
    module: 'checkout/success',
    ...CHECKOUT_STEP,
  },
  {
    id: 'bt-checkout-shipping',
    path: '/checkout-blood-test/shipping',
    module: 'blood-test-checkout/shipping',
    ...BT_CHECKOUT_STEP,
  },
  {
    id: 'bt-checkout-order',
    path: '/checkout-blood-test/order',
    module: 'blood-test-checkout/order',
    ...BT_CHECKOUT_STEP,
  },
  {
    id: 'bt-checkout-success',
    path: '/checkout-blood-test/success',
    module: 'blood-test-checkout/success',
    ...BT_CHECKOUT_STEP,
  },
  { id: 'profile', texts: ['accounts'] },
  {
    id: 'profile-orders',
    path: '/profile/orders',
    texts: ['orders', 'accounts', 'catalogue', 'tracking', 'returns'],
  },
  {
    id: 'profile-addresses',
    path: '/profile/addresses',
    texts: ['accounts'],
  },
  {
    id: 'profile-account',
    path: '/profile/account',
    texts: ['accounts'],
  },
  {
    id: 'profile-notify-list',
    path: '/profile/notify-list',
    texts: ['catalogue', 'accounts'],
  },
  {
    id: 'profile-wallet',
    path: '/profile/wallet',
    texts: ['orders'],
  },
  // Points, tier, history and the referral card (issue 47; the loyalty group names its chunk).
  { id: 'profile-points', path: '/profile/points', texts: ['points'] },
  {
    id: 'profile-subscriptions',
    path: '/profile/subscriptions',
    texts: ['subscriptions', 'accounts', 'orders'],
  },
  {
    id: 'profile-wishlists',
    path: '/profile/wishlists',
    texts: ['wishlists', 'catalogue'],
  },
  {
    id: 'profile-notifications',
    path: '/profile/notifications',
    texts: ['push'],
  },
  {
    id: 'profile-consultations',
    path: '/profile/consultations',
    texts: ['consultations'],
  },
  {
    id: 'profile-consultation',
    path: '/profile/consultations/:id',
    texts: ['consultations', 'catalogue'],
  },
  {
    id: 'profile-blood-tests',
    path: '/profile/blood-tests',
    texts: ['orders', 'accounts', 'blood-test-results'],
  },
  {
    id: 'profile-blood-tests-ordered',
    path: '/profile/blood-tests/ordered',
    texts: ['orders', 'accounts'],
  },
  {
    id: 'profile-blood-tests-uploaded',
    path: '/profile/blood-tests/uploaded',
    texts: ['orders'],
  },
  // The consultation call (decision 56; the account group names its chunk) and its device check (the help group's).
  { id: 'profile-consultation-call', path: '/profile/consultations/:id/call', texts: ['consultation-call'] },
  { id: 'consultation-check', texts: ['consultation-call'] },
  { id: 'categories', texts: ['catalogue'] },
  { id: 'products', texts: ['catalogue'] },
  { id: 'product', path: '/products/:slug', texts: ['catalogue'] },
  { id: 'brands', texts: ['catalogue'] },
  { id: 'brands-list', module: 'brands', texts: ['catalogue'] },
  {
    id: 'become-a-supplier',
    texts: ['static-pages'],
  },
  { id: 'contact-us', texts: ['static-pages'] },
  { id: 'our-story', module: 'static-page', texts: ['static-pages'] },
  { id: 'site-index', texts: ['static-pages'] },
  { id: 'terms', module: 'static-page', texts: ['static-pages'] },
  {
    id: 'privacy-policy',
    module: 'static-page',
    texts: ['static-pages'],
  },
  {
    id: 'return-policy',
    module: 'static-page',
    texts: ['static-pages'],
  },
  { id: 'disclaimer', module: 'static-page', texts: ['static-pages'] },
  { id: 'blood-test', module: 'blood-tests', texts: ['blood-tests'] },
  {
    id: 'blood-test-detail',
    path: '/blood-test/:slug',
    title: 'page_blood_test',
    module: 'blood-test',
    texts: ['blood-tests'],
  },
  {
    id: 'upload-blood-test',
    texts: ['orders'],
  },
  { id: 'how-it-works', path: '/how-it-works' },
  // Not in spec §2: guests find an order by number and e-mail, or open it from the mail's link.
  {
    id: 'order-lookup',
    texts: ['orders', 'accounts', 'tracking', 'returns'],
  },
  { id: 'share', texts: ['wishlists'] },
  { id: 'share-list', path: '/share/list', texts: ['wishlists'] },
  { id: 'shared-list', path: '/shared-list/:listId', texts: ['wishlists', 'catalogue'] },
  {
    id: 'nutritionist',
    module: 'nutritionists',
    texts: ['catalogue', 'consultations'],
  },
  {
    id: 'nutritionist-list',
    module: 'nutritionists',
    texts: ['catalogue', 'consultations'],
  },
  // Not in spec §2: booking a consultation with a nutritionist (issue 46); a signed-in shopper's page.
  {
    id: 'consultation-book',
    path: '/consultation/book/:nutritionistId',
    texts: ['consultations', 'orders'],
  },
  // Where the payment page returns to, and a booking paid without a card lands.
  {
    id: 'consultation-success',
    path: '/consultation/success',
    texts: ['consultations'],
  },
  // Where a package's payment returns to (issue 61): what she bought, and the way to book its first session.
  {
    id: 'consultation-package',
    path: '/consultation/package',
    texts: ['consultations'],
  },
  // The supplement quiz: its pages load through their group (client/pages/help-pages.ts).
  { id: 'quiz', texts: ['quiz'] },
  { id: 'quiz-result', texts: ['quiz'] },
  // The installed app's start screen: the manifests' start_url (shared/app/manifest.ts).
  { id: 'app-shell', path: '/_app', texts: ['app'] },
  // Not in spec §2: a referral link's landing page (issue 47): keeps the code for the checkout.
  { id: 'invite', path: '/invite/:code', texts: ['points'] },
  // Not in spec §2: how to add the shop to the home screen, iPhone first ("Get the app").
  { id: 'install', texts: ['app'] },
] as const satisfies readonly PageRouteRow[];

type PageRow = (typeof PAGE_ROWS)[number];
/** A row with its path: `/<id>` where the row leaves it out. */
type WithPath<R extends PageRow> = R extends { path: string } ? R : R & { path: `/${R['id']}` };

/** Every page route with its path (the rows above leave out a path that is `/` and the route's id). */
export const PAGE_ROUTES = PAGE_ROWS.map((r) =>
  'path' in r ? r : { ...r, path: `/${r.id}` },
) as unknown as readonly WithPath<PageRow>[];

export type PageRoute = (typeof PAGE_ROUTES)[number];
export type PageId = PageRoute['id'];

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

/**
 * Pages not built yet (marked placeholder): client/pages/section.tsx renders
 * them as "being prepared". They carry noindex and stay out of the sitemap until they have content.
 */
export type PlaceholderPageId = Extract<PageRoute, { placeholder: true }>['id'];
// Written so that it still compiles when no page is a placeholder (then PlaceholderPageId is never).
export const PLACEHOLDER_PAGE_IDS: readonly PlaceholderPageId[] = /* @__PURE__ */ PAGE_ROUTES.filter(
  (r) => 'placeholder' in (r as object),
).map((r) => r.id as PlaceholderPageId);

/** The page module of a route that has one: its own name, or the route's id. */
export const moduleOf = (r: PageRoute): string => ('module' in r ? r.module : r.id);

export function isPlaceholderPage(id: PageId): boolean {
  return (PLACEHOLDER_PAGE_IDS as readonly string[]).includes(id);
}

/**
 * Paths a search engine has no business with (the shopper's own pages), in unprefixed form: robots.txt
 * disallows them in both languages and the sitemap leaves them out. Prefixes: /checkout covers the
 * blood-test checkout too.
 */
export const PRIVATE_PATH_PREFIXES = [
  '/profile',
  '/checkout',
  '/auth/',
  '/logout-profile',
  '/cart',
  '/share',
  '/quiz-result',
  '/_app',
  '/alerts/',
  '/consultation/',
  '/invite/',
] as const;

/**
 * Pages only a signed-in shopper opens: a guest is sent to sign in and back (client/accounts/guard.ts)
 * before the page's loader runs.
 */
export const SIGNED_IN_PATH_PREFIXES = ['/profile', '/consultation/'] as const;

export function needsSignIn(path: string): boolean {
  return SIGNED_IN_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

type Underscored<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Underscored<B>}` : S;
/** The title key of a route row: its own, or page_<id> with underscores for dashes. */
type TitleOf<R> = R extends { title: infer T }
  ? T
  : R extends { id: infer I extends string }
    ? `page_${Underscored<I>}`
    : never;
/** The dictionary key of a page's title. */
export function titleOf(route: PageRoute): MessageId {
  const key = ('title' in route ? route.title : `page_${route.id.replaceAll('-', '_')}`) as TitleOf<PageRoute>;
  // Returned as a dictionary key: a route whose derived key is not one fails to compile here.
  return key;
}

const byId = new Map<string, PageRoute>(PAGE_ROUTES.map((r) => [r.id, r]));

export function routeById(id: PageId): PageRoute {
  return byId.get(id)!;
}

/** Path of a page without parameters, in the given language. */
export function pagePath(id: Exclude<PageId, 'product' | 'shared-list'>, lang: Lang): string {
  return localizePath(routeById(id).path, lang);
}

export const paths = {
  product: (slug: string, lang: Lang) => localizePath(`/products/${encodeURIComponent(slug)}`, lang),
  bloodTest: (slug: string, lang: Lang) => localizePath(`/blood-test/${encodeURIComponent(slug)}`, lang),
  /** The wishlist share link, formed as {origin}/shared-list/{listId} (spec §2). */
  sharedList: (origin: string, listId: string) => `${origin}/shared-list/${encodeURIComponent(listId)}`,
  /** The nutritionist page takes the nutritionist as ?id= (spec §2 route /nutritionist). */
  nutritionist: (lang: Lang, id?: number | string) =>
    localizePath('/nutritionist', lang) + (id === undefined ? '' : `?id=${encodeURIComponent(String(id))}`),
  signIn: (lang: Lang, returnUrl?: string) =>
    localizePath('/auth/sign-in', lang) + (returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ''),
};
