// Blood-test results as the shopper and the staff read them: a value against its reference
// range. Values and limits are decimal texts as the lab reported them ("32.5"); compared as numbers.

export const RESULT_FLAGS = ['low', 'high', 'in_range'] as const;
export type ResultFlag = (typeof RESULT_FLAGS)[number];

/** Where the value falls against the range; null when the lab gave no range. */
export function resultFlag(value: string, low: string | null, high: string | null): ResultFlag | null {
  if (low === null && high === null) return null;
  const v = Number(value);
  if (low !== null && v < Number(low)) return 'low';
  if (high !== null && v > Number(high)) return 'high';
  return 'in_range';
}
