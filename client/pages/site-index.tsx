// Site index: a link to every page without a parameter, grouped like the footer. The table below is
// typed over the whole route list, so a new page fails the typecheck until it is placed in a group.
import { Link } from 'react-router';
import type { MessageId } from '#shared/i18n';
import { PAGE_ROUTES, routeById, titleOf, type PageRoute } from '#shared/routes';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { Page } from '../ui/Page';

type ListedId = Exclude<PageRoute, { path: `${string}:${string}` }>['id'];
type Group = 'shop' | 'account' | 'help' | 'company';

const GROUP_TITLES: Record<Group, MessageId> = {
  shop: 'footer_shop',
  account: 'account_label',
  help: 'footer_help',
  company: 'footer_company',
};

/** null: not a page to visit on its own (it signs out, or it is the mobile app's shell). */
const GROUP_OF: Record<ListedId, Group | null> = {
  home: 'shop',
  'logout-profile': null,
  'sign-in': 'account',
  'sign-up': 'account',
  'forgot-password': 'account',
  // Reached only from the reset mail (it needs its token).
  'reset-password': null,
  // Reached only from its mail (it needs its token).
  'verify-email': null,
  'alerts-unsubscribe': null,
  search: 'shop',
  cart: 'shop',
  'checkout-shipping': 'shop',
  'checkout-order': 'shop',
  'checkout-success': 'shop',
  'bt-checkout-shipping': 'shop',
  'bt-checkout-order': 'shop',
  'bt-checkout-success': 'shop',
  'consultation-success': null,
  'consultation-package': null,
  profile: 'account',
  'profile-orders': 'account',
  'profile-addresses': 'account',
  'profile-account': 'account',
  'profile-notify-list': 'account',
  'profile-wallet': 'account',
  'profile-points': 'account',
  'profile-subscriptions': 'account',
  'profile-wishlists': 'account',
  'profile-notifications': 'account',
  'profile-blood-tests': 'account',
  'profile-consultations': 'account',
  'profile-blood-tests-ordered': 'account',
  'profile-blood-tests-uploaded': 'account',
  // Checking camera and microphone before a call: a page a shopper may open any time.
  'consultation-check': 'help',
  categories: 'shop',
  products: 'shop',
  brands: 'shop',
  'brands-list': 'shop',
  'become-a-supplier': 'company',
  'contact-us': 'help',
  'our-story': 'company',
  'site-index': 'help',
  terms: 'company',
  'privacy-policy': 'company',
  'return-policy': 'help',
  disclaimer: 'company',
  'blood-test': 'shop',
  'upload-blood-test': 'shop',
  'how-it-works': 'help',
  'order-lookup': 'help',
  share: 'help',
  'share-list': 'help',
  nutritionist: 'shop',
  'nutritionist-list': 'shop',
  quiz: 'shop',
  'quiz-result': 'shop',
  'app-shell': null,
  install: 'help',
};

const GROUPS = (Object.keys(GROUP_TITLES) as Group[]).map((group) => ({
  group,
  ids: PAGE_ROUTES.map((r) => r.id).filter(
    (id): id is ListedId => (GROUP_OF as Record<string, Group | null | undefined>)[id] === group,
  ),
}));

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  return (
    <Page title={t('page_site_index')}>
      <p className="static-intro">{t('site_index_intro')}</p>
      <div className="site-index">
        {GROUPS.map(({ group, ids }) => (
          <section key={group} className="site-index-group" aria-labelledby={`site-index-${group}`}>
            <h2 id={`site-index-${group}`}>{t(GROUP_TITLES[group])}</h2>
            <ul>
              {ids.map((id) => (
                <li key={id}>
                  <Link to={href(routeById(id).path)}>{t(titleOf(routeById(id)))}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Page>
  );
}
