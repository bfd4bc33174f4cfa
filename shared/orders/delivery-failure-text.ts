// A failed delivery attempt's one message (issue 73), for the mail and WhatsApp the API sends; the
// page writes the same line with its dictionary (client/orders/OrderTimeline.tsx).
import { trackingAr } from '../i18n/tracking.ar';
import { trackingEn } from '../i18n/tracking.en';
import type { DeliveryFailureReason } from './delivery-failure';

/**
 * The one message of a failed attempt, as the timeline writes it ("Delivery attempt failed: the address
 * is incomplete…"), and what she can do: fix the address when it was the address, else another day or
 * the address. Mail and WhatsApp use both; the page its own line and the answer form.
 */
export function deliveryFailureText(
  lang: 'en' | 'ar',
  reason: DeliveryFailureReason | null,
): { line: string; reason: string | null; next: string } {
  const texts = lang === 'ar' ? trackingAr : trackingEn;
  const words = reason ? texts[`tracking_failure_${reason}`] : null;
  return {
    line: words ? texts.tracking_failed_attempt_reason.replace('{{reason}}', words) : texts.tracking_failed_attempt,
    reason: words,
    next: reason === 'address' ? texts.tracking_failure_next_address : texts.tracking_failure_next_day,
  };
}
