// /_app: the application shell page of spec §2, the installed app's start screen (the manifests'
// start_url, shared/app/manifest.ts): search first, then quick links to what an app user comes back for
// (categories, cart, orders, blood tests) and the top categories. Not for search engines (noindex, and
// robots.txt keeps them out of /_app).
import '../styles/app-install.css';
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Category } from '#shared/catalogue/types';
import type { MessageId } from '#shared/i18n';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { catalogue } from '../lib/catalogue';
import { useHref } from '../lib/locale';
import { ColorDot } from '../ui/ColorDot';
import { Icon, type IconName } from '../ui/Icon';
import { Seo } from '../ui/Seo';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'help', texts: ['app'], siteIndex: false } satisfies PageDeclaration;

export async function loader({ context }: LoaderFunctionArgs) {
  return { categories: await catalogue.categories(context.get(apiContext)) };
}

const QUICK_LINKS: Array<{ to: string; label: MessageId; icon: IconName }> = [
  { to: '/categories', label: 'page_categories', icon: 'filter' },
  { to: '/cart', label: 'page_cart', icon: 'cart' },
  { to: '/profile/orders', label: 'page_profile_orders', icon: 'user' },
  { to: '/blood-test', label: 'page_blood_test', icon: 'add' },
];

/** Top categories shown as chips: a screenful on a phone. */
const CATEGORY_CHIPS = 8;

export function Component() {
  const { categories } = useLoaderData() as { categories: Category[] };
  const { t } = useI18n();
  const href = useHref();
  return (
    <div className="app-start" data-testid="app-start">
      <Seo title={t('page_app_shell')} noindex />
      <h1 className="page-title app-start-title">{t('app_start_greeting')}</h1>
      <Form className="app-start-search" role="search" action={href('/search')} method="get">
        <label className="visually-hidden" htmlFor="app-start-q">
          {t('app_start_search_label')}
        </label>
        <input
          id="app-start-q"
          name="q"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={t('app_start_search_placeholder')}
        />
        <button type="submit" className="button">
          <Icon name="search" size={20} />
          <span>{t('app_start_search_button')}</span>
        </button>
      </Form>

      <section aria-labelledby="app-start-quick">
        <h2 id="app-start-quick" className="app-start-heading">
          {t('app_start_quick_title')}
        </h2>
        <ul className="app-tiles">
          {QUICK_LINKS.map((q) => (
            <li key={q.to}>
              <Link className="app-tile" to={href(q.to)}>
                <Icon name={q.icon} size={28} />
                <span>{t(q.label)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {categories.length > 0 && (
        <section aria-labelledby="app-start-categories">
          <h2 id="app-start-categories" className="app-start-heading">
            {t('page_categories')}
          </h2>
          <ul className="app-chips">
            {categories.slice(0, CATEGORY_CHIPS).map((c) => (
              <li key={c.id}>
                <Link className="app-chip" to={href(`/products?category=${c.id}`)}>
                  <ColorDot color={c.color} size={12} />
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <p className="app-start-home">
        <Link to={href('/')}>{t('app_start_browse_home')}</Link>
      </p>
    </div>
  );
}
