// A Gulf calendar month as instants, for the reports that sum a month (the practice's earnings, the
// loyalty report): the Gulf has one offset all year (UTC+3), so a month is a fixed pair of instants.
import { GULF_OFFSET_MS } from '#shared/gulf-days';

/** The instants a Gulf month begins and ends (exclusive). */
export function monthBounds(month: string): { from: number; to: number } {
  const first = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return {
    from: Date.parse(`${first}T00:00:00Z`) - GULF_OFFSET_MS,
    to: Date.parse(`${next}T00:00:00Z`) - GULF_OFFSET_MS,
  };
}
