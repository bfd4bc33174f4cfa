// The free-shipping prompt (spec §4), as a pure transition function so each rule is unit-tested.
// With threshold T and cart price P (base fils, no exchange rate):
//   - it opens once when P reaches 80 % of T (while P < T), and once when P reaches T;
//   - P falling below T resets the 'reached' flag and closes it; below 80 % resets the warning flag;
//   - the first evaluation of a page load only records the flags (the display is suppressed);
//   - on the cart route it is closed.
import { FREE_SHIPPING_WARNING_RATIO } from '#shared/constants';

export interface PromptState {
  started: boolean;
  warned: boolean;
  reached: boolean;
  open: 'none' | 'warning' | 'reached';
}

export const INITIAL_PROMPT: PromptState = { started: false, warned: false, reached: false, open: 'none' };

export function nextPrompt(state: PromptState, price: number, threshold: number, onCartRoute: boolean): PromptState {
  if (!(threshold > 0)) return state;
  const reachedNow = price >= threshold;
  const warnNow = price >= threshold * FREE_SHIPPING_WARNING_RATIO;
  if (!state.started) return { started: true, warned: warnNow, reached: reachedNow, open: 'none' };
  let { warned, reached, open } = state;
  if (reachedNow) {
    if (!reached) open = 'reached';
    reached = true;
    warned = true;
  } else {
    if (reached) {
      reached = false;
      open = 'none';
    }
    if (warnNow) {
      if (!warned) open = 'warning';
      warned = true;
    } else if (warned) {
      warned = false;
      open = 'none';
    }
  }
  return { started: true, warned, reached, open: onCartRoute ? 'none' : open };
}

/** Banner state (spec §4): progress capped at 100; unlock from 80 up to under 100. */
export function bannerState(
  price: number,
  threshold: number,
): { percent: number; mode: 'free' | 'unlock' | 'remaining'; remaining: number } {
  const percent = threshold > 0 ? Math.min(100, Math.floor((price / threshold) * 100)) : 100;
  const remaining = Math.max(0, threshold - price);
  if (percent >= 100) return { percent: 100, mode: 'free', remaining: 0 };
  if (percent >= FREE_SHIPPING_WARNING_RATIO * 100) return { percent, mode: 'unlock', remaining };
  return { percent, mode: 'remaining', remaining };
}
