import { describe, expect, it } from 'vitest';
import { deliveryFailureText } from '#shared/orders/delivery-failure-text';
import { deliveryFailureReason } from './failure-reasons';

describe("a failed attempt's reason in the shop's words", () => {
  it.each([
    // Each adapter's own failure codes.
    ['aramex', 'SH043', 'Attempted delivery: consignee not available', 'not_home'],
    ['dhl', 'NH', 'Not home', 'not_home'],
    ['dhl', 'BA', 'Bad address', 'address'],
    ['dhl', 'CM', 'Customer moved', 'address'],
    ['dhl', 'CA', 'Closed on arrival', 'closed'],
    ['dhl', 'RD', 'Refused delivery', 'refused'],
    ['smsa', 'NA', 'Consignee not available', 'not_home'],
    ['smsa', 'BA', 'Bad address', 'address'],
    ['smsa', 'CA', 'Closed on arrival', 'closed'],
    ['smsa', 'RF', 'Refused by consignee', 'refused'],
    // A generic code: its words (Aramex's comments, the local sandbox), English or Arabic.
    ['aramex', 'SH033', 'Incorrect address', 'address'],
    ['aramex', 'SH076', 'No answer on phone', 'no_answer'],
    ['local', 'FAILED_ATTEMPT', 'Address incomplete', 'address'],
    ['smsa', 'XX', 'العميل لا يرد على الجوال', 'no_answer'],
    ['local', 'FAILED_ATTEMPT', 'العنوان غير مكتمل', 'address'],
    ['local', 'FAILED_ATTEMPT', 'لا أحد في المنزل', 'not_home'],
    // The own drivers' choices, with or without a note.
    ['own', 'FAILED_ATTEMPT', 'wrong_address', 'address'],
    ['own', 'FAILED_ATTEMPT', 'no_answer', 'no_answer'],
    ['own', 'FAILED_ATTEMPT', 'refused: changed her mind', 'refused'],
    ['own', 'FAILED_ATTEMPT', 'other: gate locked, address unclear', null],
    // Words we cannot read: none, the plain "attempt failed".
    ['dhl', 'ZZ', 'Shipment on hold', null],
    ['local', 'FAILED_ATTEMPT', null, null],
  ] as const)('%s %s "%s" → %s', (carrier, code, words, expected) => {
    expect(deliveryFailureReason(carrier, code, words)).toBe(expected);
  });

  it('is one message in both languages, offering the address fix only when the address was the reason', () => {
    expect(deliveryFailureText('en', 'address')).toEqual({
      line: 'Delivery attempt failed: the address is incomplete or could not be found',
      reason: 'the address is incomplete or could not be found',
      next: 'Correct your address and phone on the order page',
    });
    expect(deliveryFailureText('ar', 'address').line).toBe('تعذّرت محاولة التوصيل: العنوان ناقص أو تعذّر العثور عليه');
    expect(deliveryFailureText('ar', 'not_home').next).toContain('اختر يوماً آخر');
    expect(deliveryFailureText('en', null)).toMatchObject({ line: 'Delivery attempt failed', reason: null });
  });
});
