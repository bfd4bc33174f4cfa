// A marker's range bar: the normal range in the middle, the optimal band inside it, both limits
// labelled and the value marked. Drawn with logical positions, so it mirrors in Arabic; the status is
// said in words beside it (MarkerCard), so the bar itself is only a picture.
import type { CSSProperties } from 'react';
import type { MarkerRange } from '#shared/api/blood-test-results-schemas';
import type { RangeFlag } from '#shared/blood-tests/biomarker-ranges';
import { rangeBar } from './geometry';

const at = (start: number, end?: number): CSSProperties => ({
  insetInlineStart: `${start}%`,
  ...(end === undefined ? {} : { inlineSize: `${Math.max(0, Math.round((end - start) * 10) / 10)}%` }),
});

export function RangeBar({ range, value, flag }: { range: MarkerRange; value: string; flag: RangeFlag | null }) {
  const g = rangeBar(range, value);
  if (!g) return null;
  const out = flag !== null && flag !== 'in_range';
  return (
    <div className="btr-bar" aria-hidden="true" data-testid="btr-range-bar">
      <div className="btr-bar-track">
        <span className="btr-bar-normal" style={at(g.low ?? 0, g.high ?? 100)} />
        {g.optimalLow !== null && g.optimalHigh !== null && (
          <span className="btr-bar-optimal" style={at(g.optimalLow, g.optimalHigh)} />
        )}
        <span className={out ? 'btr-bar-value out' : 'btr-bar-value'} style={at(g.value)} data-testid="btr-bar-value" />
      </div>
      <div className="btr-bar-limits">
        {g.low !== null && range.low !== null && (
          <bdi className="btr-bar-limit" style={at(g.low)}>
            {range.low}
          </bdi>
        )}
        {g.high !== null && range.high !== null && (
          <bdi className="btr-bar-limit" style={at(g.high)}>
            {range.high}
          </bdi>
        )}
      </div>
    </div>
  );
}
