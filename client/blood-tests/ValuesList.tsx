// An uploaded result's confirmed values: a table (marker, value with its unit, how it was entered).
// Numbers and units stay left to right inside Arabic text.
import type { UploadValue } from '#shared/api/blood-test-upload-schemas';
import { useI18n } from '../i18n/context';

export function ValuesList({ values }: { values: UploadValue[] }) {
  const { t } = useI18n();
  if (!values.length)
    return (
      <p className="values-empty" data-testid="values-empty">
        {t('upload_values_empty')}
      </p>
    );
  return (
    <div className="values-table-wrap">
      <table className="values-table" data-testid="values-table">
        <thead>
          <tr>
            <th scope="col">{t('upload_values_marker')}</th>
            <th scope="col">{t('upload_values_value')}</th>
            <th scope="col">{t('upload_values_origin')}</th>
          </tr>
        </thead>
        <tbody>
          {values.map((v) => (
            <tr key={v.biomarker.slug} data-testid="value-row" data-biomarker={v.biomarker.slug}>
              <th scope="row">{v.biomarker.name}</th>
              <td>
                <bdi dir="ltr" className="value-number">
                  {v.value} {v.unit_label}
                </bdi>
              </td>
              <td>{t(v.origin === 'pdf' ? 'upload_origin_pdf' : 'upload_origin_typed')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
