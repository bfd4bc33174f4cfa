// Why a delivery attempt failed, in the shop's own words (issue 73): every carrier's codes and words
// (api/src/carriers/failure-reasons.ts) come down to one of these, so her timeline, mail and WhatsApp
// say the same thing in her language, never a carrier's English inside Arabic. None of them: the
// attempt failed for a reason we cannot tell her, and the plain "attempt failed" is shown. The texts:
// delivery-failure-text.ts (kept apart, so the answers' schemas load no dictionary).
export const DELIVERY_FAILURE_REASONS = ['address', 'not_home', 'no_answer', 'closed', 'refused'] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];
