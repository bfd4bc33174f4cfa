// Where things sit on a marker's range bar and trend chart: pure numbers, so the components only draw.
// The range bar works in percentages along the inline axis (its CSS places them with logical
// properties, so Arabic mirrors it); the trend chart works in its SVG's own coordinates and runs time
// from the inline start: left to right in English, right to left in Arabic.
import type { MarkerRange, ResultPoint } from '#shared/api/blood-test-results-schemas';

const num = (text: string | null): number | null => {
  if (text === null) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** A round tenth of a percent, within the bar. */
const percent = (x: number, min: number, max: number) =>
  Math.round(Math.min(100, Math.max(0, ((x - min) / (max - min)) * 100)) * 10) / 10;

export interface BarGeometry {
  /** Percent from the bar's inline start; null: no limit on that side. */
  low: number | null;
  high: number | null;
  optimalLow: number | null;
  optimalHigh: number | null;
  value: number;
}

/**
 * The bar shows the normal range in its middle with room on each side (half the range's width), from 0
 * when a range has only one limit, and always reaches far enough to show the value. Null when the range
 * has no limit at all or the value is not a number.
 */
/** The range bar's box (viewBox units): a 10-unit track with room for the value mark and the limits below. */
export const BAR = { width: 320, height: 40, track: 10, trackY: 8 } as const;

/** A position along the bar (0–100 from the low end) in the box, from the inline start (the right in Arabic). */
export function barX(pct: number, rtl: boolean): number {
  const x = (pct / 100) * BAR.width;
  return Math.round((rtl ? BAR.width - x : x) * 10) / 10;
}

export function rangeBar(range: MarkerRange, valueText: string): BarGeometry | null {
  const value = num(valueText);
  const low = num(range.low);
  const high = num(range.high);
  if (value === null || (low === null && high === null)) return null;
  let min: number;
  let max: number;
  if (low !== null && high !== null) {
    const pad = (high - low) / 2 || Math.abs(high) / 2 || 1;
    min = low - pad;
    max = high + pad;
  } else if (high !== null) {
    min = 0;
    max = high * 1.5 || 1;
  } else {
    min = 0;
    max = low! * 2 || 1;
  }
  if (value < min) min = value - (max - value) * 0.05;
  if (value > max) max = value + (value - min) * 0.05;
  // Lab values are not negative: a bar of positive numbers starts at 0 at the lowest.
  if (min < 0 && value >= 0 && (low ?? 0) >= 0) min = 0;
  const at = (x: number | null) => (x === null ? null : percent(x, min, max));
  return {
    low: at(low),
    high: at(high),
    optimalLow: range.optimal_low === null && range.optimal_high === null ? null : (at(num(range.optimal_low)) ?? 0),
    optimalHigh:
      range.optimal_low === null && range.optimal_high === null ? null : (at(num(range.optimal_high)) ?? 100),
    value: percent(value, min, max),
  };
}

export const CHART = { width: 320, height: 120, padX: 14, padY: 12 } as const;

export interface ChartGeometry {
  points: Array<{ x: number; y: number; point: ResultPoint }>;
  /** The polyline through the points, oldest first. */
  path: string;
  /** The normal range as a horizontal band (y of its top and bottom edge), when it has limits. */
  band: { top: number; bottom: number } | null;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Points placed by date (evenly when every date is the same) and by value, with the normal range in
 * view; `rtl` runs time from the right. Values that are not numbers are left out.
 */
export function trendChart(points: readonly ResultPoint[], range: MarkerRange | null, rtl: boolean): ChartGeometry {
  const usable = points.filter((p) => num(p.value) !== null);
  const values = usable.map((p) => num(p.value)!);
  const low = range ? num(range.low) : null;
  const high = range ? num(range.high) : null;
  const all = [...values, ...(low === null ? [] : [low]), ...(high === null ? [] : [high])];
  let min = Math.min(...all);
  let max = Math.max(...all);
  const spread = max - min || Math.abs(max) || 1;
  min -= spread * 0.1;
  max += spread * 0.1;
  if (min < 0 && Math.min(...values) >= 0) min = 0;
  const times = usable.map((p) => Date.parse(`${p.date}T12:00:00Z`));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const { width, height, padX, padY } = CHART;
  const x = (i: number) => {
    const share =
      last > first ? (times[i]! - first) / (last - first) : usable.length > 1 ? i / (usable.length - 1) : 0.5;
    const fromStart = padX + share * (width - 2 * padX);
    return round(rtl ? width - fromStart : fromStart);
  };
  const y = (v: number) => round(height - padY - ((v - min) / (max - min)) * (height - 2 * padY));
  const placed = usable.map((point, i) => ({ x: x(i), y: y(values[i]!), point }));
  return {
    points: placed,
    path: placed.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(' '),
    band:
      low === null && high === null
        ? null
        : { top: high === null ? padY : y(high), bottom: low === null ? height - padY : y(low) },
  };
}
