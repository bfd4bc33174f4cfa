// The merged preparation of the tests of a booking (review, success and order pages).
import '../styles/blood-test-booking.css';
import { useI18n } from '../i18n/context';
import { mergePreparation, type Preparable } from './preparation';

export function PreparationList({ tests, id }: { tests: readonly Preparable[]; id: string }) {
  const { t } = useI18n();
  const steps = mergePreparation(tests);
  return (
    <section className="form-card" aria-labelledby={id} data-testid="preparation">
      <h2 id={id}>{t('bt_prep_title')}</h2>
      {steps.length === 0 ? (
        <p>{t('bt_booking_prep_none')}</p>
      ) : (
        <ul className="prep-list">
          {steps.map((s) => (
            <li key={s.kind === 'text' ? s.text : s.kind}>
              {s.kind === 'fasting'
                ? t('bt_booking_prep_fasting', { count: s.hours })
                : s.kind === 'biotin'
                  ? t('bt_booking_prep_biotin', { count: s.hours })
                  : s.kind === 'morning'
                    ? t('bt_booking_prep_morning')
                    : s.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
