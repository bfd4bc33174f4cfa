import { describe, expect, it } from 'vitest';
import { hmacHex } from '#shared/api/signing';
import {
  fetchedCharge,
  tapGateway,
  tapHashString,
  tapPhone,
  tapRefundHashString,
  tapRefundStatus,
  type TapCharge,
  type TapRefund,
} from './tap';

const SECRET = 'sk_test_XKokBfNWv6FIYuTMg5sLPjhJ';

describe('Tap adapter', () => {
  it('creates a KNET charge with the amount in KWD decimals and returns the hosted page', async () => {
    let sent: any;
    const fetcher = (async (_url: string, init: RequestInit) => {
      sent = JSON.parse(String(init.body));
      return Response.json({ id: 'chg_1', transaction: { url: 'https://checkout.tap.company/?mode=page&token=abc' } });
    }) as unknown as typeof fetch;
    const result = await tapGateway(SECRET, fetcher).createCharge({
      paymentId: 'pay_1',
      amount: 12_345,
      currency: 'KWD',
      decimals: 3,
      method: 'knet',
      description: 'Order 1',
      customer: { name: 'Sara Ahmed', email: 's@example.com', phone: '+96598765432' },
      returnUrl: 'https://shop/r',
      webhookUrl: 'https://shop/w',
    });
    expect(result).toEqual({ providerRef: 'chg_1', url: 'https://checkout.tap.company/?mode=page&token=abc' });
    expect(sent).toMatchObject({
      amount: 12.345,
      currency: 'KWD',
      source: { id: 'src_kw.knet' },
      customer: { first_name: 'Sara', last_name: 'Ahmed', phone: { country_code: '965', number: '98765432' } },
    });
  });

  it('charges STC Pay from the account phone in the source, and Tabby and Tamara by their documented ids', async () => {
    const sent: any[] = [];
    const fetcher = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return Response.json({ id: `chg_${sent.length}`, transaction: { url: 'https://checkout.tap.company/p' } });
    }) as unknown as typeof fetch;
    const gateway = tapGateway(SECRET, fetcher);
    const charge = {
      paymentId: 'pay_2',
      amount: 12_322,
      currency: 'SAR',
      decimals: 2,
      description: 'Order 2',
      customer: { name: 'Noura', email: 'n@example.com', phone: '+966512345678' },
      returnUrl: 'https://shop/r',
      webhookUrl: 'https://shop/w',
    };
    await gateway.createCharge({ ...charge, method: 'stc_pay', payerPhone: '+966548220713' });
    await gateway.createCharge({ ...charge, method: 'tabby' });
    await gateway.createCharge({ ...charge, method: 'tamara' });
    expect(sent[0]).toMatchObject({
      amount: 123.22,
      currency: 'SAR',
      source: { id: 'src_sa.stcpay', phone: { country_code: '966', number: '548220713' } },
    });
    expect(sent[1].source).toEqual({ id: 'src_tabby.installement' });
    expect(sent[2].source).toEqual({ id: 'src_tamara' });
    // The pay-later providers identify the shopper by her phone: it travels with every charge.
    expect(sent[1].customer.phone).toEqual({ country_code: '966', number: '512345678' });
    // An account made with a phone has no e-mail: none is sent (Tap goes by the phone).
    await gateway.createCharge({ ...charge, method: 'tabby', customer: { ...charge.customer, email: '' } });
    expect(sent[3].customer).not.toHaveProperty('email');
    expect(sent[3].customer.phone).toEqual({ country_code: '966', number: '512345678' });
    // STC Pay without the account's number is never sent.
    await expect(gateway.createCharge({ ...charge, method: 'stc_pay', payerPhone: null })).rejects.toThrow();
    expect(sent).toHaveLength(4);
  });

  it('refunds part of a charge through POST /v2/refunds with the amount in the currency decimals', async () => {
    let url = '';
    let sent: any;
    let auth = '';
    const fetcher = (async (u: string, init: RequestInit) => {
      url = u;
      auth = new Headers(init.headers).get('authorization') ?? '';
      sent = JSON.parse(String(init.body));
      return Response.json({ id: 're_1', status: 'PENDING' });
    }) as unknown as typeof fetch;
    const result = await tapGateway(SECRET, fetcher).refund({
      providerRef: 'chg_1',
      amount: 2_500,
      currency: 'SAR',
      decimals: 2,
      reason: 'damaged',
      refundId: 7,
      webhookUrl: 'https://shop/payments/webhook/tap',
    });
    expect(url).toBe('https://api.tap.company/v2/refunds');
    expect(auth).toBe(`Bearer ${SECRET}`);
    expect(sent).toMatchObject({
      charge_id: 'chg_1',
      amount: 25,
      currency: 'SAR',
      reason: 'damaged',
      metadata: { refund_id: '7' },
      post: { url: 'https://shop/payments/webhook/tap' },
    });
    expect(result).toEqual({ providerRef: 're_1', status: 'pending' });
    expect(tapRefundStatus('REFUNDED')).toBe('succeeded');
    expect(tapRefundStatus('FAILED')).toBe('failed');
    const refused = (async () => new Response('no', { status: 400 })) as unknown as typeof fetch;
    await expect(
      tapGateway(SECRET, refused).refund({
        providerRef: 'chg_1',
        amount: 1,
        currency: 'KWD',
        decimals: 3,
        reason: 'other',
        refundId: 1,
        webhookUrl: 'https://shop/w',
      }),
    ).rejects.toThrow();
  });

  it('accepts a webhook only with the right hashstring, and maps the statuses', async () => {
    const charge: TapCharge = {
      id: 'chg_1',
      amount: 12.345,
      currency: 'KWD',
      status: 'CAPTURED',
      reference: { gateway: 'g1', payment: 'p1' },
      transaction: { created: '1700000000000' },
      metadata: { payment_id: 'pay_1' },
    };
    const body = JSON.stringify(charge);
    const good = new Headers({ hashstring: await hmacHex(SECRET, tapHashString(charge)) });
    expect(tapHashString(charge)).toBe(
      'x_idchg_1x_amount12.345x_currencyKWDx_gateway_referenceg1x_payment_referencep1x_statusCAPTUREDx_created1700000000000',
    );
    expect(await tapGateway(SECRET).verifyWebhook(good, body)).toEqual({
      paymentId: 'pay_1',
      outcome: 'succeeded',
      providerRef: 'chg_1',
      savedCard: null,
    });
    expect(await tapGateway(SECRET).verifyWebhook(new Headers({ hashstring: 'f'.repeat(64) }), body)).toBeNull();
    const tampered = JSON.stringify({ ...charge, amount: 0.001 });
    expect(await tapGateway(SECRET).verifyWebhook(good, tampered)).toBeNull();
    const declined = { ...charge, status: 'DECLINED' };
    const h = new Headers({ hashstring: await hmacHex(SECRET, tapHashString(declined)) });
    expect((await tapGateway(SECRET).verifyWebhook(h, JSON.stringify(declined)))?.outcome).toBe('failed');
  });

  it('keeps the card a subscribing charge saved, and charges it later through a token, without 3-D Secure', async () => {
    const kept: TapCharge = {
      id: 'chg_2',
      amount: 9,
      currency: 'SAR',
      status: 'CAPTURED',
      metadata: { payment_id: 'pay_2' },
      card: { id: 'card_abc', last_four: '4242', brand: 'VISA' },
      customer: { id: 'cus_1' },
      payment_agreement: { id: 'payment_agreement_9' },
    };
    const headers = new Headers({ hashstring: await hmacHex(SECRET, tapHashString(kept)) });
    const event = await tapGateway(SECRET).verifyWebhook(headers, JSON.stringify(kept));
    expect(event?.savedCard).toEqual({
      customerRef: 'cus_1',
      cardRef: 'card_abc',
      agreementRef: 'payment_agreement_9',
      brand: 'VISA',
      last4: '4242',
    });
    // The charge as Tap answers it when asked (what confirms a webhook) carries the same card.
    expect(fetchedCharge(kept)?.savedCard).toEqual(event!.savedCard);
    const calls: Array<{ url: string; body: any }> = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return url.endsWith('/tokens')
        ? Response.json({ id: 'tok_1' })
        : Response.json({ id: 'chg_3', status: 'CAPTURED' });
    }) as unknown as typeof fetch;
    const charged = await tapGateway(SECRET, fetcher).chargeSaved({
      paymentId: 'pay_3',
      amount: 900,
      currency: 'SAR',
      decimals: 2,
      description: 'Order 3 (subscription)',
      card: event!.savedCard!,
      webhookUrl: 'https://shop/w',
    });
    expect(charged).toEqual({ providerRef: 'chg_3', outcome: 'succeeded' });
    expect(calls[0]).toEqual({
      url: 'https://api.tap.company/v2/tokens',
      body: { saved_card: { card_id: 'card_abc', customer_id: 'cus_1' } },
    });
    expect(calls[1]!.body).toMatchObject({
      amount: 9,
      currency: 'SAR',
      customer_initiated: false,
      threeDSecure: false,
      payment_agreement: { id: 'payment_agreement_9' },
      customer: { id: 'cus_1' },
      source: { id: 'tok_1' },
      metadata: { payment_id: 'pay_3' },
    });
    // A card Tap no longer keeps is a decline, not an outage.
    const gone = (async () => new Response('{}', { status: 404 })) as unknown as typeof fetch;
    expect(
      await tapGateway(SECRET, gone).chargeSaved({
        paymentId: 'pay_4',
        amount: 900,
        currency: 'SAR',
        decimals: 2,
        description: 'Order 4 (subscription)',
        card: event!.savedCard!,
        webhookUrl: 'https://shop/w',
      }),
    ).toEqual({ providerRef: null, outcome: 'failed' });
  });

  it('leaves a kept card’s unfinished charge to its webhook, and never calls the shop’s own refusal a decline', async () => {
    const card = { customerRef: 'cus_1', cardRef: 'card_abc', agreementRef: null, brand: 'VISA', last4: '4242' };
    const charge = {
      paymentId: 'pay_5',
      amount: 1500,
      currency: 'KWD',
      decimals: 3,
      description: 'Order 5 (subscription)',
      card,
      webhookUrl: 'https://shop/w',
    };
    const answering = (status: number, body: unknown) =>
      (async (url: string) =>
        url.endsWith('/tokens')
          ? Response.json({ id: 'tok_1' })
          : Response.json(body, { status })) as unknown as typeof fetch;
    expect(
      await tapGateway(SECRET, answering(200, { id: 'chg_5', status: 'IN_PROGRESS' })).chargeSaved(charge),
    ).toEqual({
      providerRef: 'chg_5',
      outcome: 'pending',
    });
    expect(await tapGateway(SECRET, answering(200, { id: 'chg_6', status: 'DECLINED' })).chargeSaved(charge)).toEqual({
      providerRef: 'chg_6',
      outcome: 'failed',
    });
    for (const status of [401, 403, 429])
      await expect(tapGateway(SECRET, answering(status, {})).chargeSaved(charge)).rejects.toThrow(String(status));
  });

  it("accepts a refund's webhook only with the hashstring over the refund's own fields (refund.created)", async () => {
    const refund: TapRefund = {
      id: 're_1',
      object: 'refund',
      amount: 1.077,
      currency: 'KWD',
      status: 'REFUNDED',
      created: 1700000000123,
      charge_id: 'chg_1',
      reference: { gateway: 'g9', payment: 'p9', merchant: 'refund_7' },
      metadata: { refund_id: '7' },
    };
    const body = JSON.stringify(refund);
    expect(tapRefundHashString(refund)).toBe(
      'x_idre_1x_amount1.077x_currencyKWDx_gateway_referenceg9x_payment_referencep9x_statusREFUNDEDx_created1700000000123',
    );
    const good = new Headers({ hashstring: await hmacHex(SECRET, tapRefundHashString(refund)) });
    expect(await tapGateway(SECRET).verifyRefundWebhook(good, body)).toEqual({
      providerRef: 're_1',
      refundId: 7,
      status: 'succeeded',
      amount: 1077,
      currency: 'KWD',
    });
    // Another key, another status, another amount, or the charge's way of signing: refused.
    expect(await tapGateway(SECRET).verifyRefundWebhook(new Headers({ hashstring: 'f'.repeat(64) }), body)).toBeNull();
    expect(
      await tapGateway(SECRET).verifyRefundWebhook(good, JSON.stringify({ ...refund, status: 'FAILED' })),
    ).toBeNull();
    expect(await tapGateway(SECRET).verifyRefundWebhook(good, JSON.stringify({ ...refund, amount: 9 }))).toBeNull();
    const asCharge = new Headers({
      hashstring: await hmacHex(SECRET, tapHashString({ ...refund, transaction: { created: 'x' } } as TapCharge)),
    });
    expect(await tapGateway(SECRET).verifyRefundWebhook(asCharge, body)).toBeNull();
    expect(await tapGateway(SECRET).verifyRefundWebhook(good, 'not json')).toBeNull();
    const failed = { ...refund, status: 'FAILED', amount: 10.5, currency: 'SAR' };
    const h = new Headers({ hashstring: await hmacHex(SECRET, tapRefundHashString(failed)) });
    expect(await tapGateway(SECRET).verifyRefundWebhook(h, JSON.stringify(failed))).toMatchObject({
      status: 'failed',
      amount: 1050,
      currency: 'SAR',
    });
  });

  it('fetches a refund from Tap itself (GET /v2/refunds/{id})', async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      if (url.endsWith('/re_missing')) return new Response('{}', { status: 404 });
      if (url.endsWith('/re_down')) return new Response('{}', { status: 503 });
      return Response.json({
        id: 're_1',
        amount: 25,
        currency: 'SAR',
        status: 'PENDING',
        metadata: { refund_id: '3' },
      });
    }) as unknown as typeof fetch;
    const tap = tapGateway(SECRET, fetcher);
    expect(await tap.fetchRefund!('re_1')).toEqual({
      providerRef: 're_1',
      refundId: 3,
      status: 'pending',
      amount: 2500,
      currency: 'SAR',
    });
    expect(asked[0]).toBe('https://api.tap.company/v2/refunds/re_1');
    expect(await tap.fetchRefund!('re_missing')).toBeNull();
    await expect(tap.fetchRefund!('re_down')).rejects.toThrow(/503/);
    expect(await tap.fetchRefund!('../charges/chg_1')).toBeNull();
    expect(asked).toHaveLength(3);
  });

  it("writes the phone and amounts with the shop's own dial codes and decimals (KWD 3, SAR 2)", async () => {
    expect(tapPhone('+966512345678')).toEqual({ country_code: '966', number: '512345678' });
    expect(tapPhone('+96598765432')).toEqual({ country_code: '965', number: '98765432' });
    expect(tapPhone('+971501234567')).toEqual({ country_code: '971', number: '501234567' });
    // A number of a country the shop does not serve is not sent (Qatar's).
    expect(tapPhone('+97433123456')).toBeNull();
    expect(tapPhone(null)).toBeNull();
    expect(tapHashString({ id: 'chg_2', amount: 63.5, currency: 'SAR', status: 'CAPTURED' })).toContain(
      'x_amount63.50x_currencySAR',
    );
    expect(fetchedCharge({ id: 'chg_2', amount: '63.58', currency: 'SAR', status: 'CAPTURED' })).toMatchObject({
      amount: 6358,
      currency: 'SAR',
    });
    // A currency none of the shop's countries uses is no charge of this shop.
    expect(fetchedCharge({ id: 'chg_3', amount: '1.000', currency: 'BHD', status: 'CAPTURED' })).toBeNull();
    // A charge the shopper has not finished is no outcome yet (reconciliation leaves it to its time).
    expect(fetchedCharge({ id: 'chg_4', amount: '1.000', currency: 'KWD', status: 'INITIATED' })?.finished).toBe(false);
    expect(fetchedCharge({ id: 'chg_4', amount: '1.000', currency: 'KWD', status: 'DECLINED' })?.finished).toBe(true);
  });

  it('fetches a charge from Tap itself, with the amount in minor units', async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      asked.push(`${url} ${new Headers(init.headers).get('authorization')}`);
      if (url.endsWith('/chg_missing')) return new Response('{}', { status: 404 });
      if (url.endsWith('/chg_down')) return new Response('{}', { status: 503 });
      return Response.json({
        id: 'chg_1',
        amount: 12.345,
        currency: 'KWD',
        status: 'DECLINED',
        metadata: { payment_id: 'pay_1' },
      });
    }) as unknown as typeof fetch;
    const tap = tapGateway(SECRET, fetcher);
    expect(await tap.fetchCharge!('chg_1')).toEqual({
      paymentId: 'pay_1',
      outcome: 'failed',
      finished: true,
      providerRef: 'chg_1',
      amount: 12_345,
      currency: 'KWD',
    });
    expect(asked[0]).toBe(`https://api.tap.company/v2/charges/chg_1 Bearer ${SECRET}`);
    expect(await tap.fetchCharge!('chg_missing')).toBeNull();
    await expect(tap.fetchCharge!('chg_down')).rejects.toThrow(/503/);
    // Never a path of the caller's making in the gateway's URL.
    expect(await tap.fetchCharge!('../customers')).toBeNull();
    expect(asked).toHaveLength(3);
  });
});
