// The results part of /profile/blood-tests: the see-a-doctor notice when a value is critical, the
// disclaimer, whose results and in which units, the profile form while sex or birth date is missing,
// each marker under its body system, and the suggestions. Without any value yet, what fills the page
// and the ways to get there.
import type { BloodTestResultsView } from '#shared/api/blood-test-results-schemas';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/context';
import { useHref } from '../../lib/locale';
import { MarkerCard } from './MarkerCard';
import { PersonSwitch, ProfileForm, UnitSwitch } from './ResultsControls';
import { groupBySystem } from './result-texts';
import { Suggestions } from './Suggestions';

export function ResultsView({ view, onChanged }: { view: BloodTestResultsView; onChanged: () => void }) {
  const { t } = useI18n();
  const href = useHref();
  const groups = groupBySystem(view.markers);
  return (
    <div className="btr" data-testid="btr">
      {view.critical && (
        <section className="btr-critical" aria-labelledby="btr-critical-title" data-testid="btr-critical">
          <h2 id="btr-critical-title">{t('btr_critical_title')}</h2>
          <p>{t('btr_critical_body')}</p>
        </section>
      )}
      {view.needs_profile && <ProfileForm unit={view.unit_preference} onSaved={onChanged} />}
      <section className="form-card btr-results" aria-labelledby="btr-title" data-testid="btr-results">
        <h2 id="btr-title">{t('btr_title')}</h2>
        <p className="btr-disclaimer" data-testid="btr-disclaimer">
          {t('btr_disclaimer')}
        </p>
        <div className="btr-controls">
          <PersonSwitch view={view} />
          <UnitSwitch value={view.unit_preference} onChanged={onChanged} />
        </div>
        {view.markers.length === 0 ? (
          <div className="btr-empty" data-testid="btr-empty">
            <h3>{t('btr_empty_title')}</h3>
            <p>{t('btr_empty_body')}</p>
            <p className="form-actions">
              <Link className="button" to={href('/blood-test')}>
                {t('btr_empty_book')}
              </Link>
              <Link to={href('/upload-blood-test')}>{t('btr_empty_upload')}</Link>
            </p>
          </div>
        ) : (
          <>
            <p className="cart-line-meta">
              {t('btr_intro')} {t('btr_markers_count', { count: view.markers.length })}
            </p>
            {groups.map((g) => (
              <section
                key={g.system}
                className="btr-system"
                aria-labelledby={`btr-system-${g.system}`}
                data-testid="btr-system"
              >
                <h3 id={`btr-system-${g.system}`} className="btr-system-title">
                  {t(`btr_system_${g.system}`)}
                </h3>
                <div className="btr-markers">
                  {g.markers.map((m) => (
                    <MarkerCard key={m.biomarker.id} marker={m} />
                  ))}
                </div>
              </section>
            ))}
          </>
        )}
      </section>
      <Suggestions suggestions={view.suggestions} markers={view.markers} />
    </div>
  );
}
