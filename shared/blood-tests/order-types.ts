// Blood-test booking answers: what the API returns to the checkout and the profile pages, inferred
// from the routes' response schemas (../api/blood-test-order-responses.ts: one declaration, decision 68).
// Money is integer minor units of `currency` (KWD fils, SAR halalas). Times are ISO strings in UTC;
// `date` and windows are Gulf local (UTC+3). Shapes stay stable: fields are added, never renamed.
// No zod here: the pages import these types and the timeline as they render.
import type { z } from '../zod';
import type {
  bloodTestCalculateAnswerSchema,
  bloodTestOrderDetailSchema,
  bloodTestOrderListSchema,
  bloodTestPatientListSchema,
  bloodTestPatientSchema,
  bloodTestPayAgainAnswerSchema,
  bloodTestQuoteSchema,
  bloodTestSubmitAnswerSchema,
  slotHoldAnswerSchema,
  slotsAnswerSchema,
} from '../api/blood-test-order-responses';

/** The visible progress: booked → sample_collected → at_lab → results_ready. */
export const BLOOD_TEST_TIMELINE = ['booked', 'sample_collected', 'at_lab', 'results_ready'] as const;

export type BloodTestPatient = z.infer<typeof bloodTestPatientSchema>;
export type BloodTestPatientList = z.infer<typeof bloodTestPatientListSchema>;
export type SlotsAnswer = z.infer<typeof slotsAnswerSchema>;
export type SlotDay = SlotsAnswer['days'][number];
export type SlotHold = z.infer<typeof slotHoldAnswerSchema>;
export type BloodTestQuote = z.infer<typeof bloodTestQuoteSchema>;
export type BloodTestQuoteLine = BloodTestQuote['items'][number];
export type BloodTestCalculateAnswer = z.infer<typeof bloodTestCalculateAnswerSchema>;
export type BloodTestOrderList = z.infer<typeof bloodTestOrderListSchema>;
export type BloodTestOrderSummary = BloodTestOrderList['items'][number];
export type BloodTestOrderDetail = z.infer<typeof bloodTestOrderDetailSchema>;
export type BloodTestOrderItem = BloodTestOrderDetail['items'][number];
export type BloodTestOrderStatus = BloodTestOrderDetail['status'];
export type BloodTestPaymentState = BloodTestOrderDetail['payment']['state'];
/** One approved result on the shopper's order page. */
export type BloodTestResultLine = BloodTestOrderDetail['results'][number];
export type BloodTestSubmitAnswer = z.infer<typeof bloodTestSubmitAnswerSchema>;
export type BloodTestPayAgainAnswer = z.infer<typeof bloodTestPayAgainAnswerSchema>;
