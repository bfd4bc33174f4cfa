// /blood-test/{slug}: a blood test or panel: what it's for, the biomarkers it measures (explained),
// preparation, sample, turnaround, lab, minimum age, a panel's tests, related supplements, and the
// button to the blood-test cart. Product JSON-LD with the offer in the shopper's currency.
import '../styles/catalogue.css';
import '../styles/blood-tests.css';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import type { BloodTestDetail } from '#shared/blood-tests/catalogue-types';
import { apiContext } from '../boot';
import { AddToBloodTestCart } from '../blood-tests/AddToBloodTestCart';
import { bloodTestApi } from '../blood-tests/api';
import { BloodTestBadges, BloodTestGrid } from '../blood-tests/BloodTestCard';
import { Price } from '../catalogue/Price';
import { RelatedProductsSlot } from '../blood-tests/related-slot';
import { BLOOD_TEST_IMAGE } from '../blood-tests/picture';
import { bloodTestLd } from '../blood-tests/structured-data';
import { useI18n } from '../i18n/context';
import { useBoot, useHref, useMinor } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  kept: true,
  texts: ['blood-tests'],
  id: 'blood-test-detail',
  title: 'page_blood_test',
} satisfies PageDeclaration;

export async function loader({ params, context }: LoaderFunctionArgs) {
  return bloodTestApi.detail(context.get(apiContext), params.slug ?? '');
}

const SAMPLE_KEYS = {
  venous_blood: 'bt_sample_venous_blood',
  finger_prick: 'bt_sample_finger_prick',
  urine: 'bt_sample_urine',
  saliva: 'bt_sample_saliva',
} as const;

export function Component() {
  const test = useLoaderData() as BloodTestDetail;
  const { t, lang } = useI18n();
  const href = useHref();
  const { origin } = useBoot();
  const minor = useMinor();
  const { country } = useSnapshot(useSessionStore());
  const preparation = [
    ...(test.fasting_hours > 0 ? [t('bt_prep_fasting', { count: test.fasting_hours })] : []),
    ...(test.morning_draw ? [t('bt_prep_morning')] : []),
    ...(test.stop_biotin_hours > 0 ? [t('bt_prep_biotin', { count: test.stop_biotin_hours })] : []),
    ...test.preparation,
  ];

  return (
    <Page
      title={test.name}
      description={`${test.summary} ${test.purpose}`.slice(0, 160)}
      crumbs={[
        { label: t('page_blood_test'), to: href('/blood-test') },
        { label: test.category.name, to: `${href('/blood-test')}?category=${test.category.slug}` },
      ]}
      seo={{
        type: 'product',
        image: BLOOD_TEST_IMAGE,
        jsonLd: import.meta.env.SSR ? [bloodTestLd(test, origin, lang, country)] : [],
        countries: test.countries,
      }}
    >
      <div className="bt-page">
        <section className="bt-buy" aria-labelledby="bt-buy-title">
          <h2 id="bt-buy-title" className="visually-hidden">
            {test.name}
          </h2>
          <BloodTestBadges test={test} />
          <p className="bt-summary">{test.summary}</p>
          <Price price={test.price} format={(n) => minor(n, test.currency)} size="lg" />
          <AddToBloodTestCart test={test} currency={test.currency} />
          <dl className="bt-facts">
            <div>
              <dt>{t('bt_sample_type')}</dt>
              <dd>{t(SAMPLE_KEYS[test.sample_type])}</dd>
            </div>
            <div>
              <dt>{t('bt_turnaround')}</dt>
              <dd>{t('bt_turnaround_hours', { count: test.turnaround_hours })}</dd>
            </div>
            <div>
              <dt>{t('bt_min_age')}</dt>
              <dd>{test.min_age > 0 ? t('bt_age_years', { count: test.min_age }) : t('bt_any_age')}</dd>
            </div>
            {test.sex !== 'any' && (
              <div>
                <dt>{t('bt_sex')}</dt>
                <dd>{t(test.sex === 'female' ? 'bt_sex_female' : 'bt_sex_male')}</dd>
              </div>
            )}
            <div>
              <dt>{t('bt_lab')}</dt>
              <dd>
                {test.lab.name}
                {test.lab.accreditation && <span className="bt-lab-accreditation">{test.lab.accreditation}</span>}
              </dd>
            </div>
          </dl>
        </section>

        <div className="bt-details">
          <section aria-labelledby="bt-purpose">
            <h2 id="bt-purpose">{t('bt_what_for')}</h2>
            <p>{test.purpose}</p>
          </section>
          <section aria-labelledby="bt-prep">
            <h2 id="bt-prep">{t('bt_preparation_title')}</h2>
            <ul className="bt-prep">
              {preparation.length ? (
                preparation.map((line) => <li key={line}>{line}</li>)
              ) : (
                <li>{t('bt_prep_none')}</li>
              )}
            </ul>
          </section>
          <section aria-labelledby="bt-markers">
            <h2 id="bt-markers">
              {t('bt_biomarkers_title')}{' '}
              <span className="bt-muted">({t('bt_biomarker_count', { count: test.biomarkers.length })})</span>
            </h2>
            <ul className="bt-markers">
              {test.biomarkers.map((b) => (
                <li key={b.id}>
                  <h3>{b.name}</h3>
                  <p>{b.explanation}</p>
                  <p className="bt-muted">
                    {t('bt_unit', { unit: b.unit })} · <bdi>{t('bt_loinc', { code: b.loinc })}</bdi>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>

      {test.members.length > 0 && (
        <section className="bt-section" aria-labelledby="bt-members">
          <h2 id="bt-members">{t('bt_members_title')}</h2>
          <BloodTestGrid tests={test.members} currency={test.currency} />
        </section>
      )}
      {test.related_products.length > 0 && (
        <section className="bt-section" aria-labelledby="bt-related">
          <h2 id="bt-related">{t('bt_related_title')}</h2>
          <RelatedProductsSlot products={test.related_products} testId={test.id} />
        </section>
      )}
      <p>
        <Link to={href('/blood-test')}>{t('bt_all_tests_link')}</Link>
      </p>
    </Page>
  );
}
