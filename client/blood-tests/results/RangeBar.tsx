// A marker's range bar: the normal range in the middle, the optimal band inside it, both limits
// labelled and the value marked. An SVG of a fixed aspect ratio drawn with attributes: the CSP allows
// no inline style attributes, and the box never changes size, so nothing shifts. It runs from the
// inline start, so in Arabic low values are on the right (positions mirrored here, as SVG has no
// logical coordinates); the status is said in words beside it (MarkerCard), so the bar is only a picture.
import type { MarkerRange } from '#shared/api/blood-test-results-schemas';
import type { RangeFlag } from '#shared/blood-tests/biomarker-ranges';
import { useI18n } from '../../i18n/context';
import { BAR, barX, rangeBar } from './geometry';

export function RangeBar({ range, value, flag }: { range: MarkerRange; value: string; flag: RangeFlag | null }) {
  const { lang } = useI18n();
  const g = rangeBar(range, value);
  if (!g) return null;
  const rtl = lang === 'ar';
  const out = flag !== null && flag !== 'in_range';
  const band = (start: number, end: number) => {
    const [a, b] = [barX(start, rtl), barX(end, rtl)];
    return { x: Math.min(a, b), width: Math.abs(b - a) };
  };
  const normal = band(g.low ?? 0, g.high ?? 100);
  const optimal = g.optimalLow !== null && g.optimalHigh !== null ? band(g.optimalLow, g.optimalHigh) : null;
  const v = barX(g.value, rtl);
  // Labels stay inside the box: a limit near an end is anchored to that end.
  const label = (pct: number) => {
    const x = barX(pct, rtl);
    const anchor: 'start' | 'end' | 'middle' = x < 14 ? 'start' : x > BAR.width - 14 ? 'end' : 'middle';
    return { x, anchor };
  };
  return (
    <svg
      className="btr-bar"
      viewBox={`0 0 ${BAR.width} ${BAR.height}`}
      aria-hidden="true"
      focusable="false"
      data-testid="btr-range-bar"
    >
      <rect className="btr-bar-track" x="0.5" y={BAR.trackY} width={BAR.width - 1} height={BAR.track} rx="5" />
      <rect className="btr-bar-normal" x={normal.x} y={BAR.trackY} width={normal.width} height={BAR.track} />
      {optimal && (
        <rect
          className="btr-bar-optimal"
          x={optimal.x}
          y={BAR.trackY + 2}
          width={optimal.width}
          height={BAR.track - 4}
        />
      )}
      <rect
        className={out ? 'btr-bar-value out' : 'btr-bar-value'}
        x={v - 2}
        y={BAR.trackY - 5}
        width="4"
        height={BAR.track + 10}
        rx="2"
        data-testid="btr-bar-value"
      />
      {[
        [g.low, range.low],
        [g.high, range.high],
      ].map(([pct, text]) => {
        if (pct === null || text === null) return null;
        const l = label(pct as number);
        return (
          <text
            key={`${text}`}
            className="btr-bar-limit"
            x={l.x}
            y={BAR.height - 2}
            textAnchor={l.anchor}
            direction="ltr"
          >
            {text}
          </text>
        );
      })}
    </svg>
  );
}
