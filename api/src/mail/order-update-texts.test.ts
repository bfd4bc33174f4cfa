import { describe, expect, it } from 'vitest';
import { orderUpdateMail } from './order-update-texts';

const refund = (lang: 'en' | 'ar', cardMethod: string | null, country: 'KW' | 'SA' = 'KW') =>
  orderUpdateMail(
    lang,
    {
      kind: 'refunded',
      orderId: 1234,
      country,
      currency: country === 'KW' ? 'KWD' : 'SAR',
      amount: 12_500,
      method: 'gateway',
      cardMethod,
    },
    'https://shop.example',
  ).text;

describe("a gateway refund's mail (issue 73)", () => {
  it('names how she paid, in both languages, not a list of every way', () => {
    const en = refund('en', 'knet');
    expect(en).toContain('through KNET, the way you paid');
    expect(en).not.toMatch(/STC Pay|pay-later/);
    expect(refund('ar', 'knet')).toContain('عبر كي نت، وسيلة الدفع التي استخدمتها');
    expect(refund('en', 'stc_pay', 'SA')).toContain('through STC Pay, the way you paid');
    // A plan by its provider's name, not the checkout's label with its plan.
    expect(refund('en', 'tabby')).toContain('through Tabby, the way you paid');
    expect(refund('ar', 'mada', 'SA')).toContain('عبر مدى،');
  });

  it('says "the way you paid" alone when the order does not say how', () => {
    const en = refund('en', null);
    expect(en).toContain('the way you paid. It may take a few days');
    expect(en).not.toMatch(/STC Pay|pay-later|card/);
  });
});
