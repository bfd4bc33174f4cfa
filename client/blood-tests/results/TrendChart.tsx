// A marker's results over time: an inline SVG (no chart library) of a fixed aspect ratio, so it takes
// its place before it draws, with time running from the inline start (right to left in Arabic), the
// normal range as a band and out-of-range points drawn as diamonds (not colour alone). Screen readers
// get a one-line summary, and everyone can open the same numbers as a table.
import { Link } from 'react-router';
import type { MarkerResult } from '#shared/api/blood-test-results-schemas';
import { useI18n } from '../../i18n/context';
import { useHref } from '../../lib/locale';
import { CHART, trendChart } from './geometry';
import { statusText, useDayText } from './result-texts';

export function TrendChart({ marker }: { marker: MarkerResult }) {
  const { t, lang } = useI18n();
  const day = useDayText();
  const { unit } = marker;
  // A value in a unit the reference cannot convert is in the table only, never on the display unit's scale.
  const points = marker.points.filter((p) => !p.unconverted_unit);
  if (points.length < 2) return null;
  const g = trendChart(points, marker.range, lang === 'ar');
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const label = t('btr_trend_label', {
    count: points.length,
    name: marker.biomarker.name,
    firstDate: day(first.date),
    lastDate: day(last.date),
    first: `${first.value}\u00a0${unit.label}`,
    last: `${last.value}\u00a0${unit.label}`,
  });
  const r = 4;
  return (
    <figure className="btr-trend" data-testid="btr-trend">
      <svg
        className="btr-chart"
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={label}
        data-testid="btr-chart"
      >
        {g.band && (
          <rect
            className="btr-chart-band"
            x={CHART.padX / 2}
            y={g.band.top}
            width={CHART.width - CHART.padX}
            height={Math.max(0, g.band.bottom - g.band.top)}
          />
        )}
        <path className="btr-chart-line" d={g.path} />
        {g.points.map(({ x, y, point }) =>
          point.flag !== null && point.flag !== 'in_range' ? (
            <rect
              key={`${point.date}-${point.source_id}`}
              className="btr-chart-point out"
              x={x - r}
              y={y - r}
              width={r * 2}
              height={r * 2}
              transform={`rotate(45 ${x} ${y})`}
            />
          ) : (
            <circle key={`${point.date}-${point.source_id}`} className="btr-chart-point" cx={x} cy={y} r={r} />
          ),
        )}
      </svg>
      <figcaption className="btr-chart-dates" aria-hidden="true">
        <span>{day(first.date)}</span>
        <span>{day(last.date)}</span>
      </figcaption>
      <details className="btr-table-toggle">
        <summary>{t('btr_show_table')}</summary>
        <TrendTable marker={marker} />
      </details>
    </figure>
  );
}

/** The chart's numbers, oldest first: date, value, status and where the value came from (with a link). */
function TrendTable({ marker }: { marker: MarkerResult }) {
  const { t } = useI18n();
  const href = useHref();
  const day = useDayText();
  return (
    <div className="bt-results-wrap">
      <table className="bt-results-table btr-table">
        <caption className="visually-hidden">{t('btr_table_caption', { name: marker.biomarker.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('btr_col_date')}</th>
            <th scope="col">
              {t('btr_col_value')} (<bdi>{marker.unit.label}</bdi>)
            </th>
            <th scope="col">{t('btr_col_status')}</th>
            <th scope="col">{t('btr_col_source')}</th>
          </tr>
        </thead>
        <tbody>
          {marker.points.map((p) => (
            <tr key={`${p.date}-${p.source}-${p.source_id}`} data-testid="btr-trend-row">
              <td>{day(p.date)}</td>
              <td>
                <bdi dir="ltr" className="btr-measure">
                  {p.unconverted_unit ? `${p.value}\u00a0${p.unconverted_unit}` : p.value}
                </bdi>
              </td>
              <td>{statusText(t, p.flag)}</td>
              <td>
                <Link
                  to={`${href(p.source === 'order' ? '/profile/blood-tests/ordered' : '/profile/blood-tests/uploaded')}?id=${p.source_id}`}
                >
                  {t(p.source === 'order' ? 'btr_source_order' : 'btr_source_upload')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
