// The figures' weeks start on the reminded cart's country's first working day, at midnight on its clocks
// (issue 77): Sunday in Kuwait and Saudi Arabia, Monday in the Emirates.
import { describe, expect, it } from 'vitest';
import { type ReminderRow, tallyFigures, weekStart } from './figures';

const gulf = (iso: string) => Date.parse(`${iso}+03:00`);
const RIYADH = { timeZone: 'Asia/Riyadh', firstDay: 0 };

describe('a reminder week', () => {
  it('starts on the Sunday before, at 00:00 Gulf time', () => {
    // Friday 27 November 2026, late evening in Riyadh (already Saturday in no timezone that matters).
    expect(weekStart(gulf('2026-11-27T23:30:00'), RIYADH)).toBe(gulf('2026-11-22T00:00:00'));
    expect(weekStart(gulf('2026-11-29T00:00:00'), RIYADH)).toBe(gulf('2026-11-29T00:00:00'));
    // Sunday 00:30 Gulf time is still Saturday in UTC: the Gulf's Sunday counts.
    expect(weekStart(gulf('2026-11-29T00:30:00'), RIYADH)).toBe(gulf('2026-11-29T00:00:00'));
    expect(weekStart(gulf('2026-11-28T23:59:00'), RIYADH)).toBe(gulf('2026-11-22T00:00:00'));
  });

  it('starts at midnight of the cart’s own country: a fixture country in UTC+4 (Asia/Dubai)', () => {
    // Saturday 28 November 20:30 UTC: Sunday 00:30 in Dubai (a new week), still Saturday 23:30 in Kuwait.
    const at = Date.parse('2026-11-28T20:30:00Z');
    expect(weekStart(at, { timeZone: 'Asia/Dubai', firstDay: 0 })).toBe(Date.parse('2026-11-29T00:00:00+04:00'));
    expect(weekStart(at, { timeZone: 'Asia/Kuwait', firstDay: 0 })).toBe(Date.parse('2026-11-22T00:00:00+03:00'));
  });

  it('starts on Monday in the Emirates, whose weekend is Saturday and Sunday (the registry’s week)', () => {
    // Sunday 29 November 2026, 10:00 in Dubai: still the week that began on Monday 23.
    const row: ReminderRow = {
      cart_id: 1,
      cart_version: 1,
      channel: 'mail',
      country: 'AE',
      sent_at: Date.parse('2026-11-29T10:00:00+04:00'),
      opened: 0,
      recovered_minor: null,
      order_id: null,
    };
    const monday = { ...row, cart_id: 2, sent_at: Date.parse('2026-11-30T00:30:00+04:00') };
    expect(tallyFigures([row, monday], new Set()).map((f) => f.week_start)).toEqual([
      Date.parse('2026-11-30T00:00:00+04:00'),
      Date.parse('2026-11-23T00:00:00+04:00'),
    ]);
  });
});

describe('the weekly figures', () => {
  const row = (over: Partial<ReminderRow>): ReminderRow => ({
    cart_id: 1,
    cart_version: 100,
    channel: 'mail',
    country: 'KW',
    sent_at: gulf('2026-11-24T10:00:00'),
    opened: 0,
    recovered_minor: null,
    order_id: null,
    ...over,
  });
  const weekOf = (iso: string) => gulf(`${iso}T00:00:00`);

  it('puts a reminder in the week of its cart’s country’s clocks (zones passed in: a UTC+4 fixture)', () => {
    // Sent Saturday 28 November 20:30 UTC: Sunday 29 in Dubai, Saturday 28 in Kuwait.
    const sent = Date.parse('2026-11-28T20:30:00Z');
    const zones: Record<string, string> = { KW: 'Asia/Kuwait', SA: 'Asia/Dubai' };
    const figures = tallyFigures(
      [row({ sent_at: sent }), row({ cart_id: 2, country: 'SA', sent_at: sent })],
      new Set(),
      (c) => ({ timeZone: zones[c]!, firstDay: 0 }),
    );
    expect(figures.map((f) => [f.country, f.week_start])).toEqual([
      ['SA', Date.parse('2026-11-29T00:00:00+04:00')],
      ['KW', weekOf('2026-11-22')],
    ]);
  });

  it('counts a recovered order once, in the week of the cart’s last reminder, though it was reminded in two', () => {
    // Step one on Saturday 28 November, step two on Sunday 29 (a new week); ordered after the second.
    const figures = tallyFigures(
      [
        row({ sent_at: gulf('2026-11-28T10:00:00'), opened: 1, recovered_minor: 7_000, order_id: 9 }),
        row({ sent_at: gulf('2026-11-29T10:00:00'), opened: 1, recovered_minor: 7_000, order_id: 9 }),
      ],
      new Set([9]),
    );
    expect(figures).toEqual([
      {
        week_start: weekOf('2026-11-29'),
        channel: 'mail',
        country: 'KW',
        reminded: 1,
        opened: 1,
        recovered: 1,
        revenue_minor: 7_000,
      },
      {
        week_start: weekOf('2026-11-22'),
        channel: 'mail',
        country: 'KW',
        reminded: 1,
        opened: 0,
        recovered: 0,
        revenue_minor: 0,
      },
    ]);
  });

  it('counts two carts of one shopper (her next cart takes her row over) as two, and two steps of one cart as one', () => {
    const figures = tallyFigures(
      [
        row({ cart_version: 100, sent_at: gulf('2026-11-23T10:00:00') }),
        row({ cart_version: 100, sent_at: gulf('2026-11-24T10:00:00') }),
        row({ cart_version: 200, sent_at: gulf('2026-11-25T10:00:00') }),
        row({ cart_id: 2, channel: 'whatsapp', sent_at: gulf('2026-11-25T11:00:00') }),
      ],
      new Set(),
    );
    expect(figures.map((f) => [f.week_start, f.channel, f.reminded])).toEqual([
      [weekOf('2026-11-22'), 'mail', 2],
      [weekOf('2026-11-22'), 'whatsapp', 1],
    ]);
  });

  it('puts each reminder in the Gulf week it was sent in, from Sunday 00:00 Gulf time', () => {
    // Saturday 23:30 and Sunday 00:30 Gulf time: two weeks (the second is still Saturday in UTC).
    const figures = tallyFigures(
      [row({ sent_at: gulf('2026-11-28T23:30:00') }), row({ cart_id: 2, sent_at: gulf('2026-11-29T00:30:00') })],
      new Set(),
    );
    expect(figures.map((f) => [f.week_start, f.reminded])).toEqual([
      [weekOf('2026-11-29'), 1],
      [weekOf('2026-11-22'), 1],
    ]);
  });

  it('counts an order no more once it stands no more', () => {
    const [f] = tallyFigures([row({ recovered_minor: 5_000, order_id: 4 })], new Set());
    expect(f).toMatchObject({ reminded: 1, recovered: 0, revenue_minor: 0 });
  });
});
