// One marker: its latest value in the shopper's unit, the date, the status in words (and "optimal"),
// the range bar with the range's source, the "falling three times running" note, and the trend.
import type { MarkerResult } from '#shared/api/blood-test-results-schemas';
import { useI18n } from '../../i18n/context';
import { RangeBar } from './RangeBar';
import { optimalText, rangeText, statusText, useDayText } from './result-texts';
import { TrendChart } from './TrendChart';

const NBSP = '\u00a0';

/** "30–100" has no letters to take a direction from: it reads left to right in Arabic too. */
const ltrIf = (low: string | null, high: string | null) => (low !== null && high !== null ? 'ltr' : undefined);

export function MarkerCard({ marker }: { marker: MarkerResult }) {
  const { t } = useI18n();
  const day = useDayText();
  const latest = marker.points[marker.points.length - 1];
  if (!latest) return null;
  const { flag } = marker;
  // A latest value the reference cannot convert is shown in its own unit, without the range.
  const range = latest.unconverted_unit ? null : marker.range;
  const unitLabel = latest.unconverted_unit ?? marker.unit.label;
  const normal = range && rangeText(t, range.low, range.high);
  const optimal = range && marker.optimal !== null && optimalText(t, range);
  const out = flag !== null && flag !== 'in_range';
  const critical = flag === 'critical_low' || flag === 'critical_high';
  const id = `btr-marker-${marker.biomarker.slug}`;
  return (
    <article
      className={critical ? 'btr-marker critical' : out ? 'btr-marker out' : 'btr-marker'}
      aria-labelledby={id}
      data-testid="btr-marker"
      data-slug={marker.biomarker.slug}
    >
      <header className="btr-marker-head">
        <h4 id={id}>
          <bdi>{marker.biomarker.name}</bdi>
        </h4>
        <p className="btr-value">
          {/* A number and its unit read as one left-to-right run, never broken across lines. */}
          <bdi dir="ltr" className="btr-measure">
            <span className="btr-value-number">{latest.value}</span>
            {NBSP}
            <span className="btr-value-unit">{unitLabel}</span>
          </bdi>
        </p>
      </header>
      <p className="btr-status-line">
        <strong className={out ? 'btr-status out' : 'btr-status'} data-testid="btr-status">
          {statusText(t, flag, marker.optimal)}
        </strong>
        <span className="cart-line-meta">{t('btr_measured_on', { date: day(latest.date) })}</span>
      </p>
      {marker.falling && (
        <p className="btr-falling" data-testid="btr-falling">
          {t('btr_falling')}
        </p>
      )}
      {range && <RangeBar range={range} value={latest.value} flag={flag} />}
      {range && (normal || optimal) && (
        <p className="cart-line-meta btr-range-text">
          {normal && (
            <>
              {t('btr_range_label')}:{' '}
              <span className="btr-measure">
                <bdi dir={ltrIf(range.low, range.high)}>{normal}</bdi>
                {NBSP}
                <bdi dir="ltr">{marker.unit.label}</bdi>
              </span>
            </>
          )}
          {optimal && (
            <>
              {normal && ' · '}
              {t('btr_optimal')}:{' '}
              <bdi className="btr-measure" dir={ltrIf(range.optimal_low, range.optimal_high)}>
                {optimal}
              </bdi>
            </>
          )}
        </p>
      )}
      {range && (
        <p className="cart-line-meta">
          <a href={range.source_url} rel="noopener noreferrer" target="_blank" data-testid="btr-range-source">
            {t('btr_range_source', { source: range.source })}
          </a>
        </p>
      )}
      <p className="btr-explanation">{marker.biomarker.explanation}</p>
      <TrendChart marker={marker} />
    </article>
  );
}
