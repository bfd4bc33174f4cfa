// Addresses: Kuwait, Saudi and Emirates forms, lookups, defaults, and the ownership matrix (user A, user B and a
// guest against every id-taking route: nothing read or written across users).
import { beforeAll, describe, expect, it } from 'vitest';
import { call, deviceToken, json } from './helpers';

let token: string;
let userA: string;
let userB: string;

const as = (user: string | null): Record<string, string> => (user ? { authorization: `Bearer ${user}` } : {});
const post = (path: string, body: unknown, user: string | null, lang = 'en') =>
  call(path, { body: JSON.stringify(body), token, headers: { ...as(user), lang } });
const get = (path: string, user: string | null, lang = 'en') => call(path, { token, headers: { ...as(user), lang } });

const KW = {
  country: 'KW',
  recipient: 'Sara',
  phone: '98765432',
  area_id: 25,
  block: '3',
  street: '12',
  building: '7',
  floor: '2',
  apartment: '5',
};
const SA = {
  country: 'SA',
  recipient: 'Noura',
  phone: '+966 512345678',
  city_id: 2,
  district: 'Al Rawdah',
  street: 'Prince Sultan',
  building_number: '1234',
  postal_code: '23433',
  short_address: 'JARD1234',
};

beforeAll(async () => {
  token = await deviceToken();
  const register = async (email: string) =>
    (
      await json(
        await call('/user/register', { body: JSON.stringify({ name: email, email, password: 'secret1' }), token }),
      )
    ).data.access_token as string;
  userA = await register('a.addr@example.com');
  userB = await register('b.addr@example.com');
});

describe('places', () => {
  it('lists the governorates of Kuwait with their areas, in Arabic too', async () => {
    const { data } = await json(await get('/area', null, 'ar'));
    expect(data.items).toHaveLength(6);
    expect(data.items[1].name).toBe('حولي');
    expect(data.items[1].areas.map((a: { name: string }) => a.name)).toContain('السالمية');
  });

  it('finds courier countries and Saudi cities by a search text in either language', async () => {
    const countries = await json(await get('/country/dhl_list?countrySearch=Saudi', null));
    expect(countries.data.items).toEqual([{ id: 1, code: 'SA', name: 'Saudi Arabia' }]);
    const cities = await json(
      await get(`/city/dhl_list?dhl_country_id=1&citySearch=${encodeURIComponent('جد')}`, null, 'ar'),
    );
    expect(cities.data.items).toEqual([{ id: 2, name: 'جدة' }]);
  });
});

describe('addresses', () => {
  it('adds a Kuwait and a Saudi address; the first is the default; phones are stored with the country code', async () => {
    expect((await post('/user/address/new', KW, userA)).status).toBe(200);
    expect((await post('/user/address/new', SA, userA)).status).toBe(200);
    const { data } = await json(await get('/user/address', userA, 'ar'));
    expect(data.items).toHaveLength(2);
    expect(data.items[0]).toMatchObject({
      country: 'KW',
      is_default: true,
      phone: '+96598765432',
      governorate_name: 'حولي',
      block: '3',
    });
    expect(data.items[1]).toMatchObject({
      country: 'SA',
      is_default: false,
      phone: '+966512345678',
      city_name: 'جدة',
      postal_code: '23433',
    });
  });

  it('validates each field with a clear message key', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...KW, block: '' }, 'block', 'mandatory-field'],
      [{ ...KW, phone: '1234' }, 'phone', 'phone_invalid'],
      [{ ...KW, area_id: 9999 }, 'area_id', 'item_validation_error'],
      [{ ...SA, building_number: '12' }, 'building_number', 'building_number_invalid'],
      [{ ...SA, postal_code: 'ABCDE' }, 'postal_code', 'postal_code_invalid'],
      [{ ...SA, short_address: 'XY12' }, 'short_address', 'short_address_invalid'],
      [{ ...SA, phone: '98765432' }, 'phone', 'phone_invalid'],
      [{ ...KW, country: 'ZZ' }, 'country', expect.any(String) as unknown as string],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/user/address/new', body, userA);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).data.fields, JSON.stringify(body)).toContainEqual(
        expect.objectContaining({ field, message }),
      );
    }
  });

  it('adds an Emirates address: the emirate, the area, the flat and the Makani number; a Saudi city is no emirate', async () => {
    const userC = (
      await json(
        await call('/user/register', {
          body: JSON.stringify({ name: 'Mariam', email: 'c.addr@example.com', password: 'secret1' }),
          token,
        }),
      )
    ).data.access_token as string;
    const AE = {
      country: 'AE',
      recipient: 'Mariam',
      phone: '050 123 4567',
      city_id: 26,
      district: 'Al Barsha 1',
      street: 'Street 21',
      building: 'Marina Heights',
      apartment: '1204',
      makani: '30573 95402',
    };
    expect((await post('/user/address/new', AE, userC)).status).toBe(200);
    const { data } = await json(await get('/user/address', userC, 'ar'));
    expect(data.items).toEqual([
      expect.objectContaining({
        country: 'AE',
        phone: '+971501234567',
        city_id: 26,
        city_name: 'دبي',
        district: 'Al Barsha 1',
        building: 'Marina Heights',
        apartment: '1204',
        makani: '3057395402',
      }),
    ]);
    const riyadh = await post('/user/address/new', { ...AE, city_id: 1 }, userC);
    expect(riyadh.status).toBe(400);
    expect((await json(riyadh)).data.fields).toContainEqual(
      expect.objectContaining({ field: 'city_id', message: 'item_validation_error' }),
    );
  });

  it('keeps every address to its owner: another user or a guest can neither read nor change it', async () => {
    const mine = (await json(await post('/user/address/new', { ...KW, label: 'Home' }, userA))).data.id as number;
    const attempts: Array<() => Promise<Response>> = [
      () => post(`/user/address/${mine}`, { ...KW, block: '99' }, userB),
      () => post(`/user/address/${mine}/default`, {}, userB),
      () => post(`/user/address/${mine}/remove`, {}, userB),
      () => get(`/user/address/${mine}/remove`, userB),
    ];
    for (const attempt of attempts) expect((await attempt()).status).toBe(404);
    for (const attempt of [
      () => get('/user/address', null),
      () => post(`/user/address/${mine}`, KW, null),
      () => post(`/user/address/${mine}/remove`, {}, null),
      () => post('/user/address/new', KW, null),
    ]) {
      expect((await attempt()).status).toBe(401);
    }
    expect((await json(await get('/user/address', userB))).data.items).toEqual([]);
    const still = (await json(await get('/user/address', userA))).data.items.find((a: { id: number }) => a.id === mine);
    expect(still).toMatchObject({ block: '3', label: 'Home' });
  });

  it('edits, makes default and removes for the owner', async () => {
    const id = (await json(await post('/user/address/new', { ...SA, label: 'Office' }, userB))).data.id as number;
    const other = (await json(await post('/user/address/new', { ...KW, label: 'Flat' }, userB))).data.id as number;
    expect((await post(`/user/address/${other}`, { ...KW, label: 'Flat', block: '8' }, userB)).status).toBe(200);
    expect((await post(`/user/address/${other}/default`, {}, userB)).status).toBe(200);
    let items = (await json(await get('/user/address', userB))).data.items;
    expect(items.find((a: { id: number }) => a.id === other)).toMatchObject({ block: '8', is_default: true });
    expect(items.find((a: { id: number }) => a.id === id).is_default).toBe(false);
    expect((await get(`/user/address/${id}/remove`, userB)).status).toBe(200);
    items = (await json(await get('/user/address', userB))).data.items;
    expect(items.map((a: { id: number }) => a.id)).toEqual([other]);
    expect((await post(`/user/address/${id}`, SA, userB)).status).toBe(404);
  });

  it('hands the default to the newest remaining address when the default one is deleted', async () => {
    const items = (await json(await get('/user/address', userA))).data.items as Array<{
      id: number;
      is_default: boolean;
    }>;
    const first = items.find((a) => a.is_default)!;
    expect((await post(`/user/address/${first.id}/remove`, {}, userA)).status).toBe(200);
    const left = (await json(await get('/user/address', userA))).data.items as Array<{
      id: number;
      is_default: boolean;
    }>;
    expect(left.filter((a) => a.is_default).map((a) => a.id)).toEqual([Math.max(...left.map((a) => a.id))]);
  });

  it('takes the place ids as numbers or as the digits of a form select', async () => {
    expect((await post('/user/address/new', { ...KW, area_id: '26' }, userA)).status).toBe(200);
    const res = await post('/user/address/new', { ...KW, area_id: '' }, userA);
    expect((await json(res)).data.fields).toContainEqual(
      expect.objectContaining({ field: 'area_id', message: 'mandatory-field' }),
    );
  });
});
