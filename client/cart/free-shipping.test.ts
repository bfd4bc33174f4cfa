import { describe, expect, it } from 'vitest';
import { bannerState, INITIAL_PROMPT, nextPrompt, type PromptState } from './free-shipping';

const T = 15_000;
const run = (prices: number[], cart = false) =>
  prices.reduce<PromptState[]>((acc, p) => {
    acc.push(nextPrompt(acc.at(-1) ?? INITIAL_PROMPT, p, T, cart));
    return acc;
  }, []);

describe('free-shipping prompt', () => {
  it('suppresses the first display of a page load, whatever the cart holds', () => {
    expect(run([14_000])[0]).toMatchObject({ open: 'none', warned: true, reached: false });
    expect(run([20_000])[0]).toMatchObject({ open: 'none', warned: true, reached: true });
  });

  it('opens once at 80 % and once at 100 %', () => {
    const s = run([0, 11_999, 12_000, 13_000, 15_000, 16_000]);
    expect(s.map((x) => x.open)).toEqual(['none', 'none', 'warning', 'warning', 'reached', 'reached']);
  });

  it('resets the reached flag and closes below T; the warning flag below 80 %', () => {
    const s = run([0, 15_000, 14_000, 15_000, 1_000, 12_000]);
    expect(s.map((x) => x.open)).toEqual(['none', 'reached', 'none', 'reached', 'none', 'warning']);
    expect(s[2]).toMatchObject({ reached: false, warned: true });
    expect(s[4]).toMatchObject({ reached: false, warned: false });
  });

  it('stays closed on the cart route, while still keeping its flags', () => {
    const s = run([0, 12_000, 15_000], true);
    expect(s.map((x) => x.open)).toEqual(['none', 'none', 'none']);
    expect(s[2]).toMatchObject({ warned: true, reached: true });
  });

  it('does nothing without a threshold', () => {
    expect(nextPrompt(INITIAL_PROMPT, 5, 0, false)).toBe(INITIAL_PROMPT);
  });
});

describe('free-delivery banner', () => {
  it('shows the amount left below 80 %, the unlock button from 80 to under 100, then free delivery', () => {
    expect(bannerState(6_000, T)).toEqual({ percent: 40, mode: 'remaining', remaining: 9_000 });
    expect(bannerState(12_000, T)).toEqual({ percent: 80, mode: 'unlock', remaining: 3_000 });
    expect(bannerState(14_999, T)).toMatchObject({ percent: 99, mode: 'unlock' });
    expect(bannerState(40_000, T)).toEqual({ percent: 100, mode: 'free', remaining: 0 });
  });
});
