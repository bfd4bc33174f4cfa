// A shopper on an Arabic keyboard types ٠–٩ (or ۰–۹ on a Persian one): the API takes the numbers and
// stores them with Latin digits, for a Saudi address and a Kuwaiti mobile number.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, deviceToken, json } from './helpers';

let token: string;
let user: string;
const post = (path: string, body: unknown) =>
  call(path, { body: JSON.stringify(body), token, headers: { authorization: `Bearer ${user}`, lang: 'ar' } });

beforeAll(async () => {
  token = await deviceToken();
  user = (
    await json(
      await call('/user/register', {
        body: JSON.stringify({ name: 'سارة', email: 'digits@example.com', password: 'secret1' }),
        token,
      }),
    )
  ).data.access_token;
});

describe('numbers in Arabic digits', () => {
  it('save a Saudi address with Latin digits', async () => {
    const res = await post('/user/address/new', {
      country: 'SA',
      recipient: 'نورة',
      phone: '٠٥١٢٣٤٥٦٧٨',
      city_id: 2,
      district: 'الروضة',
      street: 'الأمير سلطان',
      building_number: '١٢٣٤',
      postal_code: '۲۳۴۳۳',
    });
    expect(res.status).toBe(200);
    const list = await json(
      await call('/user/address', { token, headers: { authorization: `Bearer ${user}`, lang: 'ar' } }),
    );
    expect(list.data.items[0]).toMatchObject({ building_number: '1234', postal_code: '23433' });
    expect(list.data.items[0].phone).toMatch(/^[+\d ]*512345678$/);
  });

  it('save a Kuwaiti mobile number', async () => {
    const res = await post('/user/profile/set-phone', { country: 'KW', phone: '٩٨٧٦ ٥٤٣٢' });
    expect(res.status).toBe(200);
  });
});
