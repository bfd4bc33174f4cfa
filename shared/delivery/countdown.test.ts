// The time left before a promise's cut-off, as the cart and checkout print it (issue 73).
import { describe, expect, it } from 'vitest';
import { timeLeft } from './countdown';

const at = (time: string) => Date.parse(`2026-11-26T${time}:00+03:00`);
const CUTOFF = at('14:00');

describe('the time left to order', () => {
  it('counts whole hours and minutes, rounded down to the minute', () => {
    expect(timeLeft(CUTOFF, at('10:40'))).toEqual({ hours: 3, minutes: 20 });
    expect(timeLeft(CUTOFF, at('10:40') + 59_000)).toEqual({ hours: 3, minutes: 19 });
    expect(timeLeft(CUTOFF, at('12:00'))).toEqual({ hours: 2, minutes: 0 });
    expect(timeLeft(CUTOFF, at('13:59'))).toEqual({ hours: 0, minutes: 1 });
  });

  it('is gone in the last minute and after the cut-off: the promise moves then', () => {
    expect(timeLeft(CUTOFF, at('13:59') + 1)).toBeNull();
    expect(timeLeft(CUTOFF, CUTOFF)).toBeNull();
    expect(timeLeft(CUTOFF, at('15:00'))).toBeNull();
  });
});
