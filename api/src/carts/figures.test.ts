// The figures' weeks start on Sunday at midnight, Gulf time: the Gulf's working week.
import { describe, expect, it } from 'vitest';
import { type ReminderRow, tallyFigures, weekStart } from './figures';

const gulf = (iso: string) => Date.parse(`${iso}+03:00`);

describe('a reminder week', () => {
  it('starts on the Sunday before, at 00:00 Gulf time', () => {
    // Friday 27 November 2026, late evening in Riyadh (already Saturday in no timezone that matters).
    expect(weekStart(gulf('2026-11-27T23:30:00'))).toBe(gulf('2026-11-22T00:00:00'));
    expect(weekStart(gulf('2026-11-29T00:00:00'))).toBe(gulf('2026-11-29T00:00:00'));
    // Sunday 00:30 Gulf time is still Saturday in UTC: the Gulf's Sunday counts.
    expect(weekStart(gulf('2026-11-29T00:30:00'))).toBe(gulf('2026-11-29T00:00:00'));
    expect(weekStart(gulf('2026-11-28T23:59:00'))).toBe(gulf('2026-11-22T00:00:00'));
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
