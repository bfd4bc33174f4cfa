// How the results page words a value: its status (never colour alone), the range as text, the body
// systems' headings in a fixed order, and the date of a sample.
import { useSnapshot } from 'valtio';
import type { MarkerRange, MarkerResult } from '#shared/api/blood-test-results-schemas';
import type { RangeFlag } from '#shared/blood-tests/biomarker-ranges';
import type { Translator } from '#shared/i18n';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../../i18n/context';
import { useSessionStore } from '../../stores/session';
import { BODY_SYSTEMS } from '#shared/blood-tests/catalogue-types';

/** The status of a value: low / in range / high / far below / far above, or that no range fits. */
export function statusText(t: Translator['t'], flag: RangeFlag | null, optimal: boolean | null = null): string {
  if (flag === null) return t('btr_flag_none');
  const text = t(`btr_flag_${flag}`);
  return optimal ? `${text} · ${t('btr_optimal')}` : text;
}

/** "30–100", "from 30", "up to 100"; null when the range has no limit. */
export function rangeText(t: Translator['t'], low: string | null, high: string | null): string | null {
  if (low !== null && high !== null) return t('btr_range_between', { low, high });
  if (low !== null) return t('btr_range_from', { low });
  if (high !== null) return t('btr_range_up_to', { high });
  return null;
}

export const optimalText = (t: Translator['t'], range: MarkerRange) =>
  rangeText(t, range.optimal_low, range.optimal_high);

type System = (typeof BODY_SYSTEMS)[number] | 'other';

/** Markers grouped by body system, in BODY_SYSTEMS order, each group in the API's order. */
export function groupBySystem(markers: readonly MarkerResult[]): Array<{ system: System; markers: MarkerResult[] }> {
  const groups = new Map<System, MarkerResult[]>();
  for (const m of markers) {
    const system = (BODY_SYSTEMS as readonly string[]).includes(m.biomarker.body_system)
      ? (m.biomarker.body_system as System)
      : 'other';
    groups.set(system, [...(groups.get(system) ?? []), m]);
  }
  return [...BODY_SYSTEMS, 'other' as const]
    .filter((s) => groups.has(s))
    .map((system) => ({ system, markers: groups.get(system)! }));
}

/** A calendar date (YYYY-MM-DD) in the page's language; noon UTC is the same day in Kuwait and Riyadh. */
export function useDayText(): (isoDate: string) => string {
  const { lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  return (isoDate) => formatDate(Date.parse(`${isoDate}T12:00:00Z`), lang, country);
}
