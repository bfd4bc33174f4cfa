// When the consent banner shows (decision 35; issue 61, finding 8). Where consent is asked, until the
// shopper chooses, and whenever she reopens it from the footer's "Cookie settings"; but not of itself
// on a page that uses the camera (the consultation call, the device check): fixed along the bottom of a
// phone, it covered the call's mute and camera buttons and part of Send, in the middle of a conversation.
// Nothing is lost by waiting: no event leaves the device before she accepts, and the next other page
// asks her again.
import type { ConsentChoice } from '#shared/analytics/consent';
import { isMediaPage } from '#shared/media-pages';

export function consentBannerShown(p: {
  required: boolean;
  choice: ConsentChoice | null;
  reopened: boolean;
  pathname: string;
}): boolean {
  if (!p.required) return false;
  return p.reopened || (p.choice === null && !isMediaPage(p.pathname));
}
