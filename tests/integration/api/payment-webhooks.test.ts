// A valid signature alone does not decide an outcome (decision 13): a verified webhook is confirmed by
// fetching the charge from the gateway before an order or wallet changes. Same payment, amount and
// currency, and the gateway's status decides the outcome.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmWebhookEvent } from '#api/src/payments/confirm';
import type { FetchedCharge, Gateway, WebhookEvent } from '#api/src/payment-gateway/gateway';

const PAYMENT = 'pay_c0ffee00000000000000c0de';
const SAR_PAYMENT = 'pay_c0ffee00000000000000beef';
const claim: WebhookEvent = { paymentId: PAYMENT, outcome: 'succeeded', providerRef: 'chg_real' };

function gatewayAnswering(charge: FetchedCharge | null | Error): Gateway {
  return {
    name: 'tap',
    createCharge: async () => ({ providerRef: null, url: '' }),
    chargeSaved: async () => ({ providerRef: null, outcome: 'failed' }),
    verifyWebhook: async () => null,
    verifyRefundWebhook: async () => null,
    refund: async () => ({ providerRef: null, status: 'failed' }),
    fetchCharge: async () => {
      if (charge instanceof Error) throw charge;
      return charge;
    },
  };
}

beforeAll(async () => {
  const now = Date.now();
  const insert =
    'INSERT INTO payments (id, provider, purpose, amount, currency, method, status, provider_ref, return_path, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
  await env.DB.batch([
    env.DB.prepare(insert).bind(
      PAYMENT,
      'tap',
      'wallet',
      5000,
      'KWD',
      'knet',
      'initiated',
      'chg_real',
      '/profile/wallet',
      now,
      now,
    ),
    env.DB.prepare(insert).bind(
      SAR_PAYMENT,
      'tap',
      'wallet',
      12_550,
      'SAR',
      'mada',
      'initiated',
      'chg_sar',
      '/ar/profile/wallet',
      now,
      now,
    ),
  ]);
});

describe('webhook confirmation against the gateway', () => {
  const real: FetchedCharge = {
    paymentId: PAYMENT,
    outcome: 'succeeded',
    providerRef: 'chg_real',
    amount: 5000,
    currency: 'KWD',
  };

  it('confirms a charge the gateway reports the same way (KWD, 3 decimals)', async () => {
    expect(await confirmWebhookEvent(env.DB, gatewayAnswering(real), claim)).toEqual({ ok: true, event: claim });
  });

  it('takes the card a subscribing charge kept from the gateway’s own answer, never from the webhook', async () => {
    const kept = {
      customerRef: 'cus_1',
      cardRef: 'card_real',
      agreementRef: 'payment_agreement_1',
      brand: 'VISA',
      last4: '4242',
    };
    const forged = { ...claim, savedCard: { ...kept, cardRef: 'card_forged' } };
    const confirmed = await confirmWebhookEvent(env.DB, gatewayAnswering({ ...real, savedCard: kept }), forged);
    expect(confirmed).toEqual({ ok: true, event: { ...claim, savedCard: kept } });
    // No card kept: none carried, whatever the webhook says.
    const none = await confirmWebhookEvent(env.DB, gatewayAnswering(real), forged);
    expect(none.ok && none.event.savedCard).toBeFalsy();
  });

  it('confirms a Saudi charge in SAR (2 decimals)', async () => {
    const sar = {
      paymentId: SAR_PAYMENT,
      outcome: 'succeeded',
      providerRef: 'chg_sar',
      amount: 12_550,
      currency: 'SAR',
    } as const;
    expect(
      await confirmWebhookEvent(env.DB, gatewayAnswering(sar), {
        paymentId: SAR_PAYMENT,
        outcome: 'succeeded',
        providerRef: 'chg_sar',
      }),
    ).toMatchObject({ ok: true });
  });

  it("takes the gateway's status, not the webhook's: a 'paid' claim for a declined charge is a failure", async () => {
    const result = await confirmWebhookEvent(env.DB, gatewayAnswering({ ...real, outcome: 'failed' }), claim);
    expect(result).toEqual({ ok: true, event: { ...claim, outcome: 'failed' } });
  });

  it.each([
    ['another amount', { ...real, amount: 1 }],
    ['another currency', { ...real, currency: 'SAR' }],
    ['another payment', { ...real, paymentId: 'pay_000000000000000000000000' }],
    ['a charge the gateway does not know', null],
  ] as const)('refuses a charge with %s', async (_what, charge) => {
    expect(await confirmWebhookEvent(env.DB, gatewayAnswering(charge), claim)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it("refuses a webhook naming another charge than the payment's", async () => {
    expect(await confirmWebhookEvent(env.DB, gatewayAnswering(real), { ...claim, providerRef: 'chg_other' })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('asks for a later delivery when the gateway cannot be reached, and knows no unknown payment', async () => {
    expect(await confirmWebhookEvent(env.DB, gatewayAnswering(new Error('down')), claim)).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(
      await confirmWebhookEvent(env.DB, gatewayAnswering(real), {
        ...claim,
        paymentId: 'pay_ffffffffffffffffffffffff',
      }),
    ).toEqual({ ok: false, reason: 'unknown_payment' });
  });
});
