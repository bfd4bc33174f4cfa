// /nutritionist-list and /nutritionist?id=… (a profile with curated lists of products and notes).
import '../styles/catalogue.css';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Nutritionist, NutritionistDetail } from '#shared/catalogue/types';
import { localizePath, splitLocalePath } from '#shared/locale';
import { paths } from '#shared/routes';
import { apiContext } from '../boot';
import { ProductCard } from '../catalogue/ProductCard';
import { useI18n } from '../i18n/context';
import { catalogue } from '../lib/catalogue';
import { Page } from '../ui/Page';
import { responsive } from '../ui/responsive-image';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = context.get(apiContext);
  const { lang, path } = splitLocalePath(url.pathname);
  if (path === '/nutritionist') {
    const id = url.searchParams.get('id');
    if (!id) throw redirect(localizePath('/nutritionist-list', lang));
    return { nutritionist: await catalogue.nutritionist(api, id) };
  }
  return { list: await catalogue.nutritionists(api) };
}

export function Component() {
  const data = useLoaderData() as { list?: Nutritionist[]; nutritionist?: NutritionistDetail };
  return data.nutritionist ? <Profile n={data.nutritionist} /> : <List items={data.list ?? []} />;
}

function List({ items }: { items: Nutritionist[] }) {
  const { t, lang } = useI18n();
  return (
    <Page title={t('page_nutritionist_list')}>
      <ul className="people">
        {items.map((n) => (
          <li key={n.id} className="person-card">
            <img
              {...responsive(n.photo, '120px')}
              alt=""
              width={n.photo.width}
              height={n.photo.height}
              loading="lazy"
              decoding="async"
            />
            <h2>
              <Link to={paths.nutritionist(lang, n.slug)}>{n.name}</Link>
            </h2>
            <p>{n.title}</p>
            <p className="muted">{t('years_experience', { count: n.years_experience })}</p>
          </li>
        ))}
      </ul>
    </Page>
  );
}

function Profile({ n }: { n: NutritionistDetail }) {
  const { t, lang } = useI18n();
  return (
    <Page
      title={n.name}
      crumbs={[{ label: t('page_nutritionist_list'), to: localizePath('/nutritionist-list', lang) }]}
      description={n.bio.slice(0, 160)}
      seo={{ keepParams: ['id'], image: n.photo.og ?? n.photo.url }}
    >
      <div className="profile-head">
        <img {...responsive(n.photo, '160px')} alt="" width={160} height={160} />
        <div>
          <p className="eyebrow">{n.title}</p>
          <p className="muted">{t('years_experience', { count: n.years_experience })}</p>
          <p>{n.bio}</p>
        </div>
      </div>
      {n.lists.map((list) => (
        <section key={list.id} className="home-section" aria-labelledby={`list-${list.id}`}>
          <h2 id={`list-${list.id}`} className="section-title">
            {list.name}
          </h2>
          <ul className="product-grid">
            {list.items.map((item, i) => (
              <li key={item.product.id} className="curated-item">
                <ProductCard product={item.product} origin={{ source: 'Nutritionist', id: n.id, position: i + 1 }} />
                {item.note && (
                  <p className="curated-note">
                    <span className="visually-hidden">{t('nutritionist_note')}: </span>
                    {item.note}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Page>
  );
}
