// A referral link's landing page (issue 47): what GET /invite/:code answers about the code's owner and
// the offer in the friend's country, and where the page keeps the code for the checkout.
import type { z } from '../zod';
import type { inviteInfoSchema } from './answer-schemas';

/** GET /invite/:code. */
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

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
