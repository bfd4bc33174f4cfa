// The route tree, the same on server and client. Pages are lazy chunks; English routes sit at the root
// and the same routes sit under /ar. Route ids are explicit so hydration data lines up.
import type { ComponentType } from 'react';
import { data, type LoaderFunction, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { requireSignedIn } from './accounts/guard';
import { PAGE_ROUTES, type PageId } from '../shared/routes';
import type { Lang } from '../shared/locale';
import { PageError, Root, RootError } from './root';

type PageModule = { file: string; load: () => Promise<{ Component: ComponentType; loader?: LoaderFunction }> };

const home: PageModule = { file: 'client/pages/home.tsx', load: () => import('./pages/home') };
const section: PageModule = { file: 'client/pages/section.tsx', load: () => import('./pages/section') };
const profile: PageModule = { file: 'client/pages/profile.tsx', load: () => import('./pages/profile') };
const product: PageModule = { file: 'client/pages/product.tsx', load: () => import('./pages/product') };
const products: PageModule = { file: 'client/pages/products.tsx', load: () => import('./pages/products') };
const search: PageModule = { file: 'client/pages/search.tsx', load: () => import('./pages/search') };
const categories: PageModule = { file: 'client/pages/categories.tsx', load: () => import('./pages/categories') };
const brands: PageModule = { file: 'client/pages/brands.tsx', load: () => import('./pages/brands') };
const nutritionists: PageModule = { file: 'client/pages/nutritionists.tsx', load: () => import('./pages/nutritionists') };
const howItWorks: PageModule = { file: 'client/pages/how-it-works.tsx', load: () => import('./pages/how-it-works') };
const auth: PageModule = { file: 'client/pages/auth.tsx', load: () => import('./pages/auth') };
const logout: PageModule = { file: 'client/pages/logout.tsx', load: () => import('./pages/logout') };
const profileAccount: PageModule = { file: 'client/pages/profile-account.tsx', load: () => import('./pages/profile-account') };
const profileAddresses: PageModule = { file: 'client/pages/profile-addresses.tsx', load: () => import('./pages/profile-addresses') };
const cartPage: PageModule = { file: 'client/pages/cart.tsx', load: () => import('./pages/cart') };
const checkoutPage: PageModule = { file: 'client/pages/checkout.tsx', load: () => import('./pages/checkout') };
const orderLookup: PageModule = { file: 'client/pages/order-lookup.tsx', load: () => import('./pages/order-lookup') };
const profileOrders: PageModule = { file: 'client/pages/profile-orders.tsx', load: () => import('./pages/profile-orders') };
const profileWallet: PageModule = { file: 'client/pages/profile-wallet.tsx', load: () => import('./pages/profile-wallet') };
const profileNotifyList: PageModule = { file: 'client/pages/profile-notify-list.tsx', load: () => import('./pages/profile-notify-list') };

const staticPage: PageModule = { file: 'client/pages/static-page.tsx', load: () => import('./pages/static-page') };
const contactUs: PageModule = { file: 'client/pages/contact-us.tsx', load: () => import('./pages/contact-us') };
const becomeASupplier: PageModule = { file: 'client/pages/become-a-supplier.tsx', load: () => import('./pages/become-a-supplier') };
const siteIndex: PageModule = { file: 'client/pages/site-index.tsx', load: () => import('./pages/site-index') };

const MODULES: Partial<Record<PageId, PageModule>> = {
  home,
  profile,
  product,
  products,
  search,
  categories,
  brands,
  'brands-list': brands,
  nutritionist: nutritionists,
  'nutritionist-list': nutritionists,
  'how-it-works': howItWorks,
  'sign-in': auth,
  'sign-up': auth,
  'forgot-password': auth,
  'reset-password': auth,
  'verify-email': auth,
  'logout-profile': logout,
  'profile-account': profileAccount,
  'profile-addresses': profileAddresses,
  'profile-notify-list': profileNotifyList,
  'profile-orders': profileOrders,
  'profile-wallet': profileWallet,
  cart: cartPage,
  'checkout-shipping': checkoutPage,
  'checkout-order': checkoutPage,
  'checkout-success': checkoutPage,
  'order-lookup': orderLookup,
  'our-story': staticPage,
  terms: staticPage,
  'privacy-policy': staticPage,
  'return-policy': staticPage,
  disclaimer: staticPage,
  'contact-us': contactUs,
  'become-a-supplier': becomeASupplier,
  'site-index': siteIndex,
};

/** Never rendered: the loader throws, and the locale's error boundary shows the not-found page. */
function NoPage() {
  return null;
}

function notFound(): never {
  throw data(null, { status: 404 });
}

function guarded(load: PageModule['load']): PageModule['load'] {
  return async () => {
    const mod = await load();
    const own = mod.loader;
    return {
      ...mod,
      loader: (args: LoaderFunctionArgs) => {
        requireSignedIn(args);
        return own ? own(args) : null;
      },
    };
  };
}

function localeRoutes(lang: Lang): RouteObject[] {
  const pages: RouteObject[] = PAGE_ROUTES.map((r) => {
    const mod = MODULES[r.id] ?? section;
    const handle = { page: r.id, module: mod.file };
    // Profile pages need a signed-in shopper: the guard runs before the page's own loader.
    const load = r.path.startsWith('/profile') ? guarded(mod.load) : mod.load;
    return r.path === '/'
      ? { id: `${lang}:${r.id}`, index: true, handle, lazy: load }
      : { id: `${lang}:${r.id}`, path: r.path.slice(1), handle, lazy: load };
  });
  pages.push({ id: `${lang}:not-found`, path: '*', loader: notFound, Component: NoPage });
  return pages;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RootError,
    children: [
      { id: 'en', path: '/', ErrorBoundary: PageError, children: localeRoutes('en') },
      { id: 'ar', path: '/ar', ErrorBoundary: PageError, children: localeRoutes('ar') },
    ],
  },
];
