// Payments through the storefront: the gateway's webhook is relayed with its signature header (and
// only a valid signature counts); the sandbox page exists in local mode only and never redirects off-site.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADERS } from '#shared/api/payment-webhooks';
import { envelope, storefront, stubApi } from './helpers';

describe('payment webhook relay', () => {
  it('passes the raw body and the signature header to the API, and its answer back', async () => {
    const api = stubApi(async (request) => {
      expect(new URL(request.url).pathname).toBe('/payments/webhook/sandbox');
      expect(request.headers.get('x-sandbox-signature')).toBe('f'.repeat(64));
      expect(await request.text()).toBe('{"paymentId":"pay_x","outcome":"succeeded"}');
      return envelope(null, 401, 'signature_invalid');
    });
    const res = await storefront(
      '/payments/webhook/sandbox',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'f'.repeat(64) },
        body: '{"paymentId":"pay_x","outcome":"succeeded"}',
      },
      { API: api.fetcher },
    );
    expect(res.status).toBe(401);
    expect(api.received).toHaveLength(1);
  });

  it("relays each gateway's own signature header and no other, and knows no other gateway", async () => {
    for (const [provider, header] of Object.entries(WEBHOOK_SIGNATURE_HEADERS)) {
      const api = stubApi(async (request) => {
        expect(new URL(request.url).pathname).toBe(`/payments/webhook/${provider}`);
        expect(request.headers.get(header)).toBe('b'.repeat(64));
        expect(request.headers.get('x-other-signature')).toBeNull();
        return envelope(null, 200);
      });
      const headers = { 'content-type': 'application/json', [header]: 'b'.repeat(64), 'x-other-signature': 'c' };
      expect(
        (
          await storefront(
            `/payments/webhook/${provider}`,
            { method: 'POST', headers, body: '{}' },
            { API: api.fetcher },
          )
        ).status,
      ).toBe(200);
      expect(api.received).toHaveLength(1);
    }
    const api = stubApi(() => envelope(null, 200));
    const other = await storefront(
      '/payments/webhook/paypal',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
      { API: api.fetcher },
    );
    expect(other.status).toBe(405);
    expect(api.received.filter((r) => new URL(r.url).pathname.startsWith('/payments'))).toHaveLength(0);
  });

  it('refuses a forged webhook end to end (real API)', async () => {
    const res = await storefront('/payments/webhook/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'a'.repeat(64) },
      body: '{"paymentId":"pay_000000000000000000000000","outcome":"succeeded"}',
    });
    expect(res.status).toBe(401);
  });
});

describe('sandbox payment page', () => {
  const payment = {
    id: 'pay_0123456789abcdef01234567',
    amount: 12345,
    currency: 'KWD',
    method: 'knet',
    status: 'initiated',
    return_path: '/ar/checkout/success?order=1234567890',
  };

  it('shows the amount and the three outcomes in the language of the return page', async () => {
    const api = stubApi(() => envelope(payment));
    const res = await storefront(`/payments/sandbox/${payment.id}`, {}, { API: api.fetcher });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('dir="rtl"');
    // The Arabic page names the dinar as the country's configuration does (issue 73), not by its Latin code.
    expect(html).toContain('د.ك');
    expect(html).not.toContain('KWD');
    expect(html).toContain('value="succeeded"');
    expect(html).toContain('value="failed"');
    expect(html).toContain('value="cancelled"');
  });

  it('sends the choice to the API and returns the browser to a path of this site only', async () => {
    const api = stubApi(() => envelope({ status: 'failed', return_path: '//evil.example/steal' }));
    const res = await storefront(
      `/payments/sandbox/${payment.id}`,
      {
        method: 'POST',
        headers: { origin: 'http://shop.test', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=failed',
      },
      { API: api.fetcher },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const ok = stubApi(() => envelope({ status: 'failed', return_path: payment.return_path }));
    const back = await storefront(
      `/payments/sandbox/${payment.id}`,
      {
        method: 'POST',
        headers: { origin: 'http://shop.test', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=failed',
      },
      { API: ok.fetcher },
    );
    expect(back.headers.get('location')).toBe(payment.return_path);
  });

  it("shows STC Pay's code step with the account's number, and a pay-later provider's approval", async () => {
    const stc = stubApi(() =>
      envelope({ ...payment, currency: 'SAR', method: 'stc_pay', payer_phone: '+966548220713' }),
    );
    const page = await (await storefront(`/payments/sandbox/${payment.id}`, {}, { API: stc.fetcher })).text();
    expect(page).toContain('name="otp"');
    expect(page).toContain('+966548220713');
    expect(page).toContain('STC Pay');
    const tabby = stubApi(() =>
      envelope({ ...payment, currency: 'SAR', method: 'tabby', return_path: '/checkout/success?order=1' }),
    );
    const plan = await (await storefront(`/payments/sandbox/${payment.id}`, {}, { API: tabby.fetcher })).text();
    expect(plan).toContain('Approve the plan');
    expect(plan).toContain('Decline');
    expect(plan).not.toContain('name="otp"');
  });

  it('pays STC Pay only with a six-digit code (Arabic-Indic too); a wrong one shows the step again', async () => {
    const stcPayment = { ...payment, currency: 'SAR', method: 'stc_pay', payer_phone: '+966548220713' };
    const post = async (body: string) => {
      const api = stubApi((request) =>
        request.method === 'GET'
          ? envelope(stcPayment)
          : envelope({ status: 'succeeded', return_path: payment.return_path }),
      );
      const res = await storefront(
        `/payments/sandbox/${payment.id}`,
        {
          method: 'POST',
          headers: { origin: 'http://shop.test', 'content-type': 'application/x-www-form-urlencoded' },
          body,
        },
        { API: api.fetcher },
      );
      return { res, posted: api.received.filter((r) => r.method === 'POST') };
    };
    const wrong = await post('outcome=succeeded&otp=12');
    expect(wrong.res.status).toBe(422);
    expect(await wrong.res.text()).toContain('role="alert"');
    expect(wrong.posted).toHaveLength(0);
    const right = await post(`outcome=succeeded&otp=${encodeURIComponent('١٢٣٤٥٦')}`);
    expect(right.res.status).toBe(303);
    expect(right.posted).toHaveLength(1);
    // Letting the code expire fails the payment without any code.
    const expired = await post('outcome=failed');
    expect(expired.res.status).toBe(303);
    expect(expired.posted).toHaveLength(1);
  });

  it('refuses a cross-site post and does not exist in production', async () => {
    const api = stubApi(() => envelope(payment));
    const cross = await storefront(
      `/payments/sandbox/${payment.id}`,
      {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=succeeded',
      },
      { API: api.fetcher },
    );
    expect(cross.status).toBe(403);
    const prod = await storefront(`/payments/sandbox/${payment.id}`, {}, {
      API: api.fetcher,
      ENVIRONMENT: 'production',
    } as never);
    expect(prod.status).toBe(404);
  });
});
