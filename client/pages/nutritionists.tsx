// /nutritionist-list and /nutritionist?id=… (a profile with its consultation offer and curated lists of
// products and notes). The list filters by language, gender and a day with a free time (in the URL's
// query, so a filtered list is a link); each view is one call to the API, bundled into the page's trip.
import '../styles/catalogue.css';
import '../styles/consultations.css';
import { data, Form, Link, redirect, useLoaderData, useNavigation, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import { CONSULTATION_LANGUAGES, OFFER_FILTER_DAYS } from '#shared/consultations/facts';
import { localizePath, splitLocalePath } from '#shared/locale';
import { paths } from '#shared/routes';
import { apiContext } from '../boot';
import { ProductCard } from '../catalogue/ProductCard';
import { CONSULT_API, type OfferFilters } from '../consultations/api-paths';
import { languageName, NextFree, OfferFacts, ServiceList } from '../consultations/Offer';
import type { NutritionistListPage, NutritionistOfferCard, NutritionistOfferDetail } from '#shared/consultations/types';
import { NutritionistRatings } from '../consultations/Ratings';
import { nutritionistLd } from '../consultations/structured-data';
import { dayText } from '../consultations/times';
import { useI18n } from '../i18n/context';
import { orNotFound } from '../lib/catalogue';
import { useBoot, useMinor } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import { responsive } from '../ui/responsive-image';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  kept: true,
  texts: ['catalogue', 'consultations'],
  routes: [
    { id: 'nutritionist', siteIndex: 'shop' },
    { id: 'nutritionist-list', siteIndex: 'shop' },
  ],
} satisfies PageDeclaration;

/** The list's filters from the URL: unknown values are dropped, never sent. */
export function filtersOf(params: URLSearchParams): OfferFilters {
  const language = params.get('language') ?? '';
  const gender = params.get('gender') ?? '';
  const day = params.get('day') ?? '';
  return {
    ...((CONSULTATION_LANGUAGES as readonly string[]).includes(language) ? { language } : {}),
    ...(gender === 'female' || gender === 'male' ? { gender } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(day) ? { day } : {}),
  };
}

interface ListData {
  list: NutritionistOfferCard[];
  total: number;
  filters: OfferFilters;
  page: number;
  pages: number;
  /** The days someone the other filters leave has a free time (the API's free_days). */
  freeDays: string[];
}

type Data = ListData | { nutritionist: NutritionistOfferDetail };

export async function loader({ request, context }: LoaderFunctionArgs): Promise<Data> {
  const url = new URL(request.url);
  const api = context.get(apiContext);
  const { lang, path } = splitLocalePath(url.pathname);
  if (path === '/nutritionist') {
    const id = url.searchParams.get('id');
    if (!id) throw redirect(localizePath('/nutritionist-list', lang));
    return { nutritionist: await orNotFound(api.get<NutritionistOfferDetail>(CONSULT_API.nutritionist(id))) };
  }
  const filters = filtersOf(url.searchParams);
  const page = Number(url.searchParams.get('page') ?? '1');
  if (!Number.isInteger(page) || page < 1 || page > 1000) throw data(null, { status: 404 });
  // A read with its filters as the body: it travels in the page's one bundle (shared/api/page-bundle.ts).
  const res = await api.post<NutritionistListPage>(CONSULT_API.nutritionistList(page), filters);
  return {
    list: res.data.items,
    total: res.data.total,
    filters,
    page,
    pages: res.data.page_count,
    freeDays: res.data.free_days,
  };
}

export function Component() {
  const loaded = useLoaderData() as Data;
  return 'nutritionist' in loaded ? <Profile n={loaded.nutritionist} /> : <List {...loaded} />;
}

function Filters({ filters, freeDays: days }: { filters: OfferFilters; freeDays: string[] }) {
  const { t, lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  const navigation = useNavigation();
  return (
    <Form method="get" className="offer-filters" aria-label={t('consult_filters_label')} data-testid="offer-filters">
      <label>
        <span>{t('consult_filter_language')}</span>
        <select name="language" defaultValue={filters.language ?? ''}>
          <option value="">{t('consult_any')}</option>
          {CONSULTATION_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {languageName(t, l)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('consult_filter_gender')}</span>
        <select name="gender" defaultValue={filters.gender ?? ''}>
          <option value="">{t('consult_any')}</option>
          <option value="female">{t('consult_gender_female')}</option>
          <option value="male">{t('consult_gender_male')}</option>
        </select>
      </label>
      <label>
        <span>{t('consult_filter_day')}</span>
        {/* Only the days with a free time are offered: a day nobody works would only lead to no one. */}
        <select name="day" defaultValue={filters.day ?? ''} aria-describedby={days.length ? undefined : 'no-free-days'}>
          <option value="">{t('consult_any_day')}</option>
          {/* A chosen day already past stays listed, so the select still shows what the list is for. */}
          {(filters.day && !days.includes(filters.day) ? [filters.day, ...days] : days).map((d) => (
            <option key={d} value={d}>
              {dayText(Date.parse(`${d}T12:00:00+03:00`), lang, country)}
            </option>
          ))}
        </select>
        {days.length === 0 && (
          <span className="muted" id="no-free-days" data-testid="offer-no-free-days">
            {t('consult_filter_no_free_days', { count: OFFER_FILTER_DAYS })}
          </span>
        )}
      </label>
      <button type="submit" className="button" disabled={navigation.state === 'loading'}>
        {t('consult_filter_apply')}
      </button>
      {(filters.language || filters.gender || filters.day) && (
        <Link to={localizePath('/nutritionist-list', lang)}>{t('consult_filter_clear')}</Link>
      )}
    </Form>
  );
}

function List({ list: items, total, filters, page, pages, freeDays }: ListData) {
  const { t, lang } = useI18n();
  const minor = useMinor();
  const pageLink = (p: number) => {
    const q = new URLSearchParams({ ...filters, ...(p > 1 ? { page: String(p) } : {}) }).toString();
    return localizePath('/nutritionist-list', lang) + (q ? `?${q}` : '');
  };
  return (
    <Page title={t('page_nutritionist_list')}>
      <p>{t('consult_list_intro')}</p>
      {/* No nutritionist has a service priced in her country: consultations are not offered there. */}
      {items.length > 0 && items.every((n) => n.services.length === 0) && (
        <p role="status" data-testid="offer-not-here">
          <strong>{t('consult_not_offered_here')}</strong>
        </p>
      )}
      <Filters filters={filters} freeDays={freeDays} />
      <p role="status" className="muted" data-testid="offer-count">
        {t('consult_results_count', { count: total })}
      </p>
      {items.length === 0 ? (
        <p data-testid="offer-none">{t('consult_no_match')}</p>
      ) : (
        <ul className="people">
          {items.map((n) => {
            const from = n.services.reduce<(typeof n.services)[number] | undefined>(
              (low, s) => (!low || s.price < low.price ? s : low),
              undefined,
            );
            return (
              <li key={n.id} className="person-card" data-testid="offer-card">
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
                <OfferFacts offer={n} />
                {from && (
                  <p data-testid="offer-from">{t('consult_from_price', { price: minor(from.price, from.currency) })}</p>
                )}
                <NextFree nutritionistId={n.id} offer={n} />
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <nav className="form-actions" aria-label={t('consult_pages_label')}>
          {page > 1 && <Link to={pageLink(page - 1)}>{t('consult_page_prev')}</Link>}
          {page < pages && <Link to={pageLink(page + 1)}>{t('consult_page_next')}</Link>}
        </nav>
      )}
    </Page>
  );
}

function Profile({ n }: { n: NutritionistOfferDetail }) {
  const { t, lang } = useI18n();
  const { origin } = useBoot();
  const { country } = useSnapshot(useSessionStore());
  return (
    <Page
      title={n.name}
      crumbs={[{ label: t('page_nutritionist_list'), to: localizePath('/nutritionist-list', lang) }]}
      description={n.bio.slice(0, 160)}
      seo={{
        keepParams: ['id'],
        image: n.photo.og ?? n.photo.url,
        jsonLd: import.meta.env.SSR ? [nutritionistLd(n, origin, lang, country, t('brand_name'))] : [],
      }}
    >
      <div className="profile-head">
        <img {...responsive(n.photo, '160px')} alt="" width={160} height={160} />
        <div>
          <p className="eyebrow">{n.title}</p>
          <p className="muted">{t('years_experience', { count: n.years_experience })}</p>
          <p>{n.bio}</p>
          <OfferFacts offer={n} />
        </div>
      </div>
      <section className="home-section offer-book" aria-labelledby="offer-services-title">
        <h2 id="offer-services-title" className="section-title">
          {t('consult_services_title')}
        </h2>
        {n.bookable ? <ServiceList nutritionistId={n.id} services={n.services} /> : null}
        <NextFree nutritionistId={n.id} offer={n} />
      </section>
      <NutritionistRatings ratings={n.ratings} />
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
