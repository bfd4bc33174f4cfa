// What she told her nutritionist when she booked (her intake, opened for her alone by the API), folded
// away under its heading: her goal, conditions, medicines, pregnancy and allergies.
import type { ConsultationDetail } from '#shared/consultations/types';
import { useI18n } from '../i18n/context';

export function IntakeSummary({ intake }: { intake: ConsultationDetail['intake'] }) {
  const { t } = useI18n();
  if (!intake) return null;
  const rows: Array<[string, string]> = [
    [t('consult_goal'), intake.goal],
    [t('consult_conditions'), intake.conditions],
    [
      t('consult_medicines'),
      intake.medicines
        .map((m) => (m.name ? `${t(`consult_med_${m.class}`)}: ${m.name}` : t(`consult_med_${m.class}`)))
        .join(t('consult_list_separator')),
    ],
    [t('consult_pregnancy'), t(`consult_pregnancy_${intake.pregnancy}`)],
    [t('consult_allergies'), intake.allergies],
  ];
  return (
    <details className="form-card" data-testid="consult-intake">
      <summary>
        <h2 className="consult-intake-title">{t('consult_intake_yours')}</h2>
      </summary>
      <dl className="review-facts">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
      </dl>
    </details>
  );
}
