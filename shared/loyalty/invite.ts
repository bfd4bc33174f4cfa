// A referral link's landing page (issue 47): what GET /invite/:code answers about the code's owner and
// the offer in the friend's country, and where the page keeps the code for the checkout.
import type { CountryCode } from '../locale';

/** GET /invite/:code. */
export interface InviteInfo {
  /** The code as stored (upper case). */
  code: string;
  /** The referrer's first name only (nothing else about her). */
  first_name: string;
  country: CountryCode;
  currency: string;
  /** The friend's discount on her first order and the subtotal it needs (minor units of the country's currency). */
  discount: number;
  min_subtotal: number;
  /** False while the country's loyalty programme is switched off: no discount is given now. */
  active: boolean;
}

/**
 * The first-party cookie that keeps a referral code from the landing page to the checkout's review step
 * (which pre-fills it): 30 days, SameSite=Lax, readable by the page (not httpOnly).
 */
export const REFERRAL_COOKIE = 'ref';
export const REFERRAL_COOKIE_DAYS = 30;

/** The friend's code the invite page kept in this browser (its `ref` cookie), if any. */
export function referralFromCookie(cookies: string): string | null {
  const m = new RegExp(`(?:^|;\\s*)${REFERRAL_COOKIE}=([^;]+)`).exec(cookies);
  if (!m) return null;
  try {
    const code = decodeURIComponent(m[1]!).trim().toUpperCase();
    return /^[A-Z0-9-]{1,32}$/.test(code) ? code : null;
  } catch {
    return null;
  }
}
