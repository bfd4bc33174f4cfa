// What she told her nutritionist when she booked (her intake, opened for her alone by the API), folded
// away under its heading: her goal, conditions, medicines, pregnancy and allergies, and the blood-test
// results she let the nutritionist read (named as she ticked them in the form).
import type { ConsultationDetail } from '#shared/consultations/types';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../i18n/context';

export function IntakeSummary({ c }: { c: Pick<ConsultationDetail, 'intake' | 'shared_results' | 'country'> }) {
  const { t, lang } = useI18n();
  const { intake } = c;
  if (!intake) return null;
  const shared = [
    ...c.shared_results.uploads.map((u) =>
      t('consult_share_upload', {
        lab: u.lab_name,
        date: formatDate(Date.parse(`${u.sample_date}T12:00:00Z`), lang, c.country),
      }),
    ),
    ...c.shared_results.orders.map((o) =>
      t('consult_share_order', { id: o.id, date: formatDate(Date.parse(o.created_at), lang, c.country) }),
    ),
  ];
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
        {shared.length > 0 && (
          <div data-testid="consult-intake-shared">
            <dt>{t('consult_shared_results')}</dt>
            <dd>
              <ul className="consult-shared-list">
                {shared.map((text) => (
                  <li key={text}>
                    <bdi>{text}</bdi>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </details>
  );
}
