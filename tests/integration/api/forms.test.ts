// The static pages' forms: POST /misc/contact and POST /misc/become-supplier store valid submissions
// with the device and language, refuse each invalid field with the field listed, need a device token,
// and allow five submissions per device per hour and form.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, deviceToken, json } from './helpers';

const CONTACT = {
  name: 'Fatima Al-Sabah',
  email: 'fatima@example.com',
  phone: '+965 2200 0000',
  subject: 'order',
  message: 'My order has not arrived yet, could you check it please?',
};

const SUPPLIER = {
  company_name: 'Example Nutrition Trading',
  contact_name: 'Omar Haddad',
  email: 'omar@nutrition.example',
  phone: '+966 11 000 0000',
  country: 'SA',
  website: 'www.nutrition.example',
  categories: ['vitamins', 'herbal'],
  message: 'We distribute vitamin and herbal brands registered in Saudi Arabia.',
};

const post = async (path: string, body: unknown, token: string | null, headers: Record<string, string> = {}) => {
  const res = await call(path, { body: typeof body === 'string' ? body : JSON.stringify(body), token, headers });
  return { status: res.status, headers: res.headers, body: await json(res) };
};

const deviceOf = (token: string) => token.split('.')[1]!;
const listed = (body: any) => body.data.fields.map((f: { field: string }) => f.field);

describe('POST /misc/contact', () => {
  it('stores a valid message with the device, the language and status new', async () => {
    const token = await deviceToken();
    const r = await post('/misc/contact', { ...CONTACT, name: '  Fatima Al-Sabah  ' }, token, { lang: 'ar' });
    expect(r.status).toBe(200);
    expect(r.body.meta).toEqual({ msg: 'ok', code: 200, msgType: 0 });
    expect(r.body.data.id).toEqual(expect.any(Number));
    const row = await env.DB.prepare('SELECT * FROM contact_messages WHERE id = ?')
      .bind(r.body.data.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      name: 'Fatima Al-Sabah',
      email: 'fatima@example.com',
      phone: '+965 2200 0000',
      subject: 'order',
      message: CONTACT.message,
      lang: 'ar',
      device_id: deviceOf(token),
      status: 'new',
    });
    expect(Math.abs(Number(row!.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it('stores no phone when it is left out or empty', async () => {
    const token = await deviceToken();
    const { phone: _phone, ...withoutPhone } = CONTACT;
    for (const body of [withoutPhone, { ...CONTACT, phone: '  ' }]) {
      const r = await post('/misc/contact', body, token);
      expect(r.status).toBe(200);
      const row = await env.DB.prepare('SELECT phone, lang FROM contact_messages WHERE id = ?')
        .bind(r.body.data.id)
        .first();
      expect(row).toEqual({ phone: null, lang: 'en' });
    }
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['name missing', { name: undefined }, 'mandatory-field'],
    ['name too short', { name: ' A ' }, 'min_chars_validation_error'],
    ['name too long', { name: 'x'.repeat(81) }, 'max_chars_validation_error'],
    ['email missing', { email: '' }, 'mandatory-field'],
    ['email invalid', { email: 'fatima@' }, 'item_validation_error'],
    ['phone with letters', { phone: '+965 CALL ME' }, 'item_validation_error'],
    ['phone too short', { phone: '12345' }, 'item_validation_error'],
    ['phone too long', { phone: '+965 2200 0000 0000 000' }, 'item_validation_error'],
    ['subject missing', { subject: undefined }, 'mandatory-field'],
    ['subject unknown', { subject: 'complaint' }, 'item_validation_error'],
    ['message too short', { message: 'Hi there' }, 'min_chars_validation_error'],
    ['message too long', { message: 'x'.repeat(2001) }, 'max_chars_validation_error'],
  ];
  for (const [label, change, key] of invalid) {
    it(`answers 400 validation_failed listing the field: ${label}`, async () => {
      const field = Object.keys(change)[0]!;
      const r = await post('/misc/contact', { ...CONTACT, ...change }, await deviceToken());
      expect(r.status).toBe(400);
      expect(r.body.meta).toEqual({ msg: 'validation_failed', code: 400, msgType: 1 });
      expect(listed(r.body)).toEqual([field]);
      expect(r.body.data.fields[0].message).toBe(key);
    });
  }

  it('lists every failing field of an empty body', async () => {
    const r = await post('/misc/contact', {}, await deviceToken());
    expect(r.status).toBe(400);
    expect(listed(r.body).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('answers 400 bad_request for malformed JSON', async () => {
    const r = await post('/misc/contact', '{"name": "Fatima",', await deviceToken());
    expect(r.status).toBe(400);
    expect(r.body.meta).toEqual({ msg: 'bad_request', code: 400, msgType: 1 });
  });

  it('needs a device token: 403 device_token_invalid without one', async () => {
    const r = await post('/misc/contact', CONTACT, null);
    expect(r.status).toBe(403);
    expect(r.body.meta).toEqual({ msg: 'device_token_invalid', code: 403, msgType: 1 });
  });

  it('allows five messages per device per hour, then answers 429 too_many_requests', async () => {
    const token = await deviceToken();
    for (let i = 1; i <= 5; i++)
      expect((await post('/misc/contact', { ...CONTACT, message: `${CONTACT.message} (${i})` }, token)).status).toBe(
        200,
      );
    const sixth = await post('/misc/contact', CONTACT, token);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ data: null, meta: { msg: 'too_many_requests', code: 429, msgType: 1 } });
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM contact_messages WHERE device_id = ?')
      .bind(deviceOf(token))
      .first<{ n: number }>();
    expect(count!.n).toBe(5);

    // Another device is not affected, nor is the other form for the same device.
    expect((await post('/misc/contact', CONTACT, await deviceToken())).status).toBe(200);
    expect((await post('/misc/become-supplier', SUPPLIER, token)).status).toBe(200);
  });

  it('counts only the last hour', async () => {
    const token = await deviceToken();
    const old = Date.now() - 61 * 60 * 1000;
    for (let i = 0; i < 5; i++) {
      await env.DB.prepare(
        "INSERT INTO contact_messages (name, email, subject, message, lang, device_id, created_at) VALUES ('Old', 'old@example.com', 'other', 'An older message', 'en', ?, ?)",
      )
        .bind(deviceOf(token), old)
        .run();
    }
    expect((await post('/misc/contact', CONTACT, token)).status).toBe(200);
  });
});

describe('POST /misc/become-supplier', () => {
  it('stores a valid application with its categories as a JSON array and the website normalised', async () => {
    const token = await deviceToken();
    const r = await post('/misc/become-supplier', SUPPLIER, token, { lang: 'en' });
    expect(r.status).toBe(200);
    expect(r.body.data.id).toEqual(expect.any(Number));
    const row = await env.DB.prepare('SELECT * FROM supplier_applications WHERE id = ?')
      .bind(r.body.data.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      company_name: SUPPLIER.company_name,
      contact_name: SUPPLIER.contact_name,
      email: SUPPLIER.email,
      phone: SUPPLIER.phone,
      country: 'SA',
      website: 'https://www.nutrition.example/',
      message: SUPPLIER.message,
      lang: 'en',
      device_id: deviceOf(token),
      status: 'new',
    });
    expect(JSON.parse(String(row!.categories))).toEqual(['vitamins', 'herbal']);
  });

  it('accepts an application without a website, from another country', async () => {
    const { website: _website, ...rest } = SUPPLIER;
    const r = await post('/misc/become-supplier', { ...rest, country: 'other' }, await deviceToken());
    expect(r.status).toBe(200);
    const row = await env.DB.prepare('SELECT website, country FROM supplier_applications WHERE id = ?')
      .bind(r.body.data.id)
      .first();
    expect(row).toEqual({ website: null, country: 'other' });
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['company name missing', { company_name: '' }, 'mandatory-field'],
    ['company name too long', { company_name: 'x'.repeat(121) }, 'max_chars_validation_error'],
    ['contact name too short', { contact_name: 'O' }, 'min_chars_validation_error'],
    ['email invalid', { email: 'omar at example' }, 'item_validation_error'],
    ['phone missing', { phone: '' }, 'mandatory-field'],
    ['phone invalid', { phone: '+966-11-000' }, 'item_validation_error'],
    ['country missing', { country: undefined }, 'mandatory-field'],
    ['country not served', { country: 'QA' }, 'item_validation_error'],
    ['website not a web address', { website: 'javascript:alert(1)' }, 'item_validation_error'],
    ['no category', { categories: [] }, 'form_categories_required'],
    ['unknown category', { categories: ['vitamins', 'cigarettes'] }, 'item_validation_error'],
    ['repeated category', { categories: ['vitamins', 'vitamins'] }, 'item_validation_error'],
    ['message too short', { message: 'Vitamins' }, 'min_chars_validation_error'],
  ];
  for (const [label, change, key] of invalid) {
    it(`answers 400 validation_failed listing the field: ${label}`, async () => {
      const field = Object.keys(change)[0]!;
      const r = await post('/misc/become-supplier', { ...SUPPLIER, ...change }, await deviceToken());
      expect(r.status).toBe(400);
      expect(r.body.meta.msg).toBe('validation_failed');
      expect(listed(r.body).map((f: string) => f.split('.')[0])).toContain(field);
      expect(r.body.data.fields.find((f: { field: string }) => f.field.split('.')[0] === field).message).toBe(key);
    });
  }

  it('answers 400 bad_request for malformed JSON', async () => {
    const r = await post('/misc/become-supplier', 'company_name=Example', await deviceToken());
    expect(r.status).toBe(400);
    expect(r.body.meta.msg).toBe('bad_request');
  });

  it('needs a device token: 403 without one', async () => {
    const r = await post('/misc/become-supplier', SUPPLIER, null);
    expect(r.status).toBe(403);
    expect(r.body.meta.msg).toBe('device_token_invalid');
  });

  it('allows five applications per device per hour, then answers 429 too_many_requests', async () => {
    const token = await deviceToken();
    for (let i = 0; i < 5; i++) expect((await post('/misc/become-supplier', SUPPLIER, token)).status).toBe(200);
    const sixth = await post('/misc/become-supplier', SUPPLIER, token);
    expect(sixth.status).toBe(429);
    expect(sixth.body.meta).toEqual({ msg: 'too_many_requests', code: 429, msgType: 1 });
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM supplier_applications WHERE device_id = ?')
      .bind(deviceOf(token))
      .first<{ n: number }>();
    expect(count!.n).toBe(5);
  });
});
