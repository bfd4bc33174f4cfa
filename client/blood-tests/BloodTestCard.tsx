// A blood test in a list: kind and fasting badges, name, summary, biomarker count, price, add button.
import { Link } from 'react-router';
import type { BloodTestCard as Card } from '#shared/blood-tests/catalogue-types';
import { paths } from '#shared/routes';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { AddToBloodTestCart } from './AddToBloodTestCart';
import { Price } from '../catalogue/Price';

export function BloodTestBadges({ test }: { test: Card }) {
  const { t } = useI18n();
  return (
    <p className="bt-badges">
      <span className={`bt-badge bt-badge-${test.kind}`}>
        {t(test.kind === 'panel' ? 'bt_kind_badge_panel' : 'bt_kind_badge_test')}
      </span>
      {test.fasting_hours > 0 ? (
        <span className="bt-badge bt-badge-fasting">{t('bt_fasting_hours', { count: test.fasting_hours })}</span>
      ) : (
        <span className="bt-badge">{t('bt_no_fasting')}</span>
      )}
    </p>
  );
}

function BloodTestCardView({ test, currency }: { test: Card; currency: string }) {
  const { t, lang } = useI18n();
  const minor = useMinor();
  return (
    <article className="bt-card" data-testid="blood-test-card">
      <BloodTestBadges test={test} />
      <h2 className="bt-card-name">
        <Link to={paths.bloodTest(test.slug, lang)}>{test.name}</Link>
      </h2>
      <p className="bt-card-summary">{test.summary}</p>
      <p className="bt-card-meta">{t('bt_biomarker_count', { count: test.biomarker_count })}</p>
      <Price price={test.price} format={(n) => minor(n, currency)} />
      <div className="bt-card-actions">
        <AddToBloodTestCart test={test} currency={currency} />
      </div>
    </article>
  );
}

export function BloodTestGrid({ tests, currency }: { tests: Card[]; currency: string }) {
  return (
    <ul className="bt-grid">
      {tests.map((test) => (
        <li key={test.id}>
          <BloodTestCardView test={test} currency={currency} />
        </li>
      ))}
    </ul>
  );
}
