import { describe, expect, it } from 'vitest';
import { call, deviceToken, DEVICE, json } from './helpers';

describe('POST /device/auth', () => {
  it('registers a device and returns a token', async () => {
    const res = await call('/device/auth', { body: JSON.stringify(DEVICE) });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.access_token).toMatch(/^dv1\.[0-9a-f-]{36}\.[0-9a-f]{64}$/);
    expect(body.meta).toEqual({ msg: 'ok', code: 200, msgType: 0 });
  });

  it('answers 400 with the failing fields for a bad payload', async () => {
    const res = await call('/device/auth', { body: JSON.stringify({ device: { name: '' }, os: {} }) });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.meta).toEqual({ msg: 'validation_failed', code: 400, msgType: 1 });
    const fields = body.data.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['device.name', 'device.uid', 'device.platform', 'os.type']));
  });

  it('answers 400 bad_request for a body that is not JSON', async () => {
    const res = await call('/device/auth', { body: '{not json' });
    expect(res.status).toBe(400);
    expect((await json(res)).meta.msg).toBe('bad_request');
  });
});

describe('device token', () => {
  it('is required: 403 device_token_invalid without one', async () => {
    const res = await call('/country');
    expect(res.status).toBe(403);
    expect((await json(res)).meta).toEqual({ msg: 'device_token_invalid', code: 403, msgType: 1 });
  });

  it('is refused when forged', async () => {
    const real = await deviceToken();
    const forged = real.slice(0, -4) + (real.endsWith('0000') ? '1111' : '0000');
    const res = await call('/country', { token: forged });
    expect(res.status).toBe(403);
  });
});

describe('GET /country', () => {
  it('lists Kuwait (default, KWD, 3 decimals), Saudi Arabia (SAR, 2 decimals) and the Emirates (AED, 2 decimals) with exchange rates, VAT rates and free-delivery thresholds', async () => {
    const res = await call('/country', { token: await deviceToken() });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.items).toEqual([
      {
        id: 1,
        code: 'KW',
        name_en: 'Kuwait',
        name_ar: 'الكويت',
        currency: 'KWD',
        decimals: 3,
        exchange_rate: '1.0000',
        is_default: true,
        vat_basis_points: 0,
        free_delivery_minor: 15000,
        unlock_margin_minor: 2000,
        // The delivery fee below the threshold, in the country's own minor units (KWD 1.000).
        delivery_fee_minor: 1000,
      },
      {
        id: 2,
        code: 'SA',
        name_en: 'Saudi Arabia',
        name_ar: 'المملكة العربية السعودية',
        currency: 'SAR',
        decimals: 2,
        exchange_rate: '12.2000',
        is_default: false,
        vat_basis_points: 1500,
        // The Saudi owner's own amounts in SAR (decision 52): free delivery from SAR 200, SAR 25 over.
        free_delivery_minor: 20000,
        unlock_margin_minor: 2500,
        delivery_fee_minor: 2500,
      },
      {
        id: 3,
        code: 'AE',
        name_en: 'United Arab Emirates',
        name_ar: 'الإمارات العربية المتحدة',
        currency: 'AED',
        decimals: 2,
        exchange_rate: '11.9500',
        is_default: false,
        vat_basis_points: 500,
        // The Emirates' own amounts in AED (migration 0091): free delivery from AED 200, AED 25 over.
        free_delivery_minor: 20000,
        unlock_margin_minor: 2500,
        delivery_fee_minor: 2500,
      },
    ]);
  });
});

describe('unknown routes', () => {
  it('answer a 404 envelope', async () => {
    const res = await call('/nothing/here', { token: await deviceToken() });
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ data: null, meta: { msg: 'not_found', code: 404, msgType: 1 } });
  });
});
