// The preparation of several tests merged into one list the shopper can follow: the longest fast
// (an 8-hour and a 12-hour test mean one 12-hour fast), the longest biotin pause, a morning draw once,
// and any other instruction once however many tests carry it.

export interface Preparable {
  fasting_hours: number;
  stop_biotin_hours: number;
  morning_draw: boolean;
  /** Other instructions, already in the page's language. */
  preparation?: readonly string[];
}

export type PrepStep =
  | { kind: 'fasting'; hours: number }
  | { kind: 'biotin'; hours: number }
  | { kind: 'morning' }
  | { kind: 'text'; text: string };

export function mergePreparation(tests: readonly Preparable[]): PrepStep[] {
  const fasting = Math.max(0, ...tests.map((t) => t.fasting_hours));
  const biotin = Math.max(0, ...tests.map((t) => t.stop_biotin_hours));
  const steps: PrepStep[] = [];
  if (fasting > 0) steps.push({ kind: 'fasting', hours: fasting });
  if (biotin > 0) steps.push({ kind: 'biotin', hours: biotin });
  if (tests.some((t) => t.morning_draw)) steps.push({ kind: 'morning' });
  const seen = new Set<string>();
  for (const text of tests.flatMap((t) => t.preparation ?? [])) {
    const key = text.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    steps.push({ kind: 'text', text: text.trim() });
  }
  return steps;
}
