// In workerd, shared/bytes compares secrets with the runtime's crypto.subtle.timingSafeEqual (the
// unit test covers the loop Node needs); a Tap webhook with a wrong hashstring is still refused.
import { describe, expect, it, vi } from 'vitest';
import { hmacHex } from '#shared/api/signing';
import { timingSafeEqualText } from '#shared/bytes';
import { tapGateway, tapHashString, type TapCharge } from '#api/src/payment-gateway/tap';

const SECRET = 'sk_test_workerd';
const charge: TapCharge = {
  id: 'chg_1',
  amount: '12.345',
  currency: 'KWD',
  status: 'CAPTURED',
  metadata: { payment_id: 'pay_1' },
};

describe('constant-time comparison in workerd', () => {
  it('calls crypto.subtle.timingSafeEqual for equal-length texts and answers its verdict', () => {
    const native = vi.spyOn(
      crypto.subtle as SubtleCrypto & { timingSafeEqual: (a: ArrayBufferView, b: ArrayBufferView) => boolean },
      'timingSafeEqual',
    );
    expect(timingSafeEqualText('ab'.repeat(32), 'ab'.repeat(32))).toBe(true);
    expect(timingSafeEqualText('ab'.repeat(32), `${'ab'.repeat(31)}ac`)).toBe(false);
    expect(native).toHaveBeenCalledTimes(2);
    native.mockRestore();
  });

  it('refuses a Tap webhook whose hashstring differs by one character, accepts the right one', async () => {
    const body = JSON.stringify(charge);
    const right = await hmacHex(SECRET, tapHashString(charge));
    const wrong = `${right.slice(0, -1)}${right.endsWith('0') ? '1' : '0'}`;
    expect(await tapGateway(SECRET).verifyWebhook(new Headers({ hashstring: wrong }), body)).toBeNull();
    expect(await tapGateway(SECRET).verifyWebhook(new Headers({ hashstring: right }), body)).toMatchObject({
      paymentId: 'pay_1',
      outcome: 'succeeded',
    });
  });
});
