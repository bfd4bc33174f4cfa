// The back office's order list by dates (issue 77): a day is the chosen country's, so an Emirates order
// placed at 00:30 in Dubai (23:30 in Kuwait) is in the Emirates' list of that day.
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '#shared/countries';
import { listWhere } from './detail';

const DUBAI_00_30 = Date.parse('2026-11-27T20:30:00Z'); // 28 November in Dubai, still the 27th in Kuwait

const range = (q: Parameters<typeof listWhere>[0], allowed = [...COUNTRY_CODES]) => {
  const { values } = listWhere(q, allowed);
  return values.filter((v): v is number => typeof v === 'number');
};

describe("the order list's days", () => {
  it("reads a day on the chosen country's clocks: the Emirates' 28 November holds an order of 00:30 in Dubai", () => {
    const [from, to] = range({ country: 'AE', from: '2026-11-28', to: '2026-11-28' });
    expect(from).toBe(Date.parse('2026-11-27T20:00:00Z'));
    expect(DUBAI_00_30).toBeGreaterThanOrEqual(from!);
    expect(DUBAI_00_30).toBeLessThan(to!);
  });

  it('reads the only country a member may see on its clocks', () => {
    expect(range({ from: '2026-11-28' }, ['AE'])).toEqual([Date.parse('2026-11-27T20:00:00Z')]);
  });

  it("reads every country's day on its own clocks, inside one range that holds them all (issue 77's leftovers)", () => {
    // The range on created_at (the index's): from the earliest country's start (Dubai's midnight) to the
    // latest one's end (Kuwait's); then each order's instant on its country's clock against the day.
    const { sql, values } = listWhere({ from: '2026-11-28', to: '2026-11-28' }, [...COUNTRY_CODES]);
    expect(values).toEqual([
      Date.parse('2026-11-27T20:00:00Z'),
      Date.parse('2026-11-28T21:00:00Z'),
      Date.parse('2026-11-28T00:00:00Z'),
      Date.parse('2026-11-29T00:00:00Z'),
    ]);
    expect(sql).toMatch(/^o\.created_at >= \? AND o\.created_at < \? AND o\.created_at \+ CASE o\.country /);
  });
});
