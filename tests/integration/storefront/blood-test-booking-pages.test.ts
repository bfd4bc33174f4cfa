// The blood-test booking pages (checkout, orders) as the storefront renders them: a booking's page for its owner (within
// three D1 round trips), a not-found for another shopper, the sign-in for a guest, the profile hub
// and list in both languages, and the checkout steps asking a guest to sign in.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { loadBloodTestFixture, SKU } from '../fixtures/blood-test-booking';
import { cookiesFrom, storefront } from './helpers';

const json = { 'content-type': 'application/json', origin: 'http://shop.test' };
let device = '';
let owner = '';
let other = '';
let orderId = 0;

const roundTrips = (res: Response) => Number(res.headers.get('x-d1-roundtrips'));

async function register(email: string): Promise<string> {
  const res = await storefront('/api/user/register', {
    method: 'POST',
    headers: { ...json, cookie: device },
    body: JSON.stringify({ name: 'Sara Shopper', email, password: 'secret1' }),
  });
  expect(res.status).toBe(200);
  return `${device}; ${cookiesFrom(res)}`;
}

async function post<T>(path: string, cookie: string, body: unknown): Promise<T> {
  const res = await storefront(path, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json<{ data: T }>()).data;
}

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  await loadBloodTestFixture(env.API_DB);
  device = cookiesFrom(await storefront('/api/country'));
  owner = await register('bt-owner@example.com');
  other = await register('bt-other@example.com');
  const address = await post<{ id: number }>('/api/user/address/new', owner, {
    country: 'KW',
    recipient: 'Sara',
    phone: '98765432',
    area_id: 26,
    block: '1',
    street: '1',
    building: '1',
  });
  const slots = await (
    await storefront(`/api/bloodTest/slots?area_id=26&sku_ids=${SKU.plain}`, { headers: { cookie: owner } })
  ).json<{ data: { days: Array<{ date: string; windows: Array<{ window: string; available: boolean }> }> } }>();
  const day = slots.data.days.find((d) => d.windows.some((w) => w.available))!;
  const hold = await post<{ hold_id: string }>('/api/bloodTest/slots/hold', owner, {
    area_id: 26,
    date: day.date,
    window: day.windows.find((w) => w.available)!.window,
    sku_ids: [SKU.plain],
  });
  const placed = await post<{ order_id: number }>('/api/bloodTestOrder/submit', owner, {
    idempotency_key: crypto.randomUUID(),
    items: [{ sku_id: SKU.plain }],
    patient: {
      name: 'Noura Al-Harbi',
      sex: 'female',
      date_of_birth: '1985-03-15',
      relation: 'parent',
      country: 'KW',
      national_id: '285031512318',
    },
    address_id: address.id,
    hold_id: hold.hold_id,
    consent: true,
    consent_version: '2026-11-v1',
    payment_method: 'pay_at_visit',
  });
  orderId = placed.order_id;
});

describe('blood-test booking pages', () => {
  it('shows a booking to its owner, with its timeline and patient, within 3 D1 round trips', async () => {
    for (const [path, booked] of [
      [`/profile/blood-tests/ordered?id=${orderId}`, 'Booked'],
      [`/ar/profile/blood-tests/ordered?id=${orderId}`, 'محجوز'],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: owner } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain('Noura Al-Harbi');
      expect(html).toContain('data-testid="bt-timeline"');
      expect(html).toContain(booked);
      expect(roundTrips(res), path).toBeLessThanOrEqual(3);
    }
  });

  it("answers another shopper's booking with the not-found page, and a guest with the sign-in", async () => {
    const theirs = await storefront(`/profile/blood-tests/ordered?id=${orderId}`, { headers: { cookie: other } });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain('Noura Al-Harbi');
    const guest = await storefront(`/profile/blood-tests/ordered?id=${orderId}`, {
      headers: { cookie: device },
      redirect: 'manual',
    });
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toMatch(/^\/auth\/sign-in\?/);
  });

  it("downloads the visit's calendar file through /api for its owner only", async () => {
    const res = await storefront(`/api/user/bloodTestOrder/ics?id=${orderId}`, { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="blood-test-\d+\.ics"$/);
    expect(await res.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT/);
    const theirs = await storefront(`/api/user/bloodTestOrder/ics?id=${orderId}`, { headers: { cookie: other } });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('lists the bookings on the ordered page, in both languages', async () => {
    for (const [path, title] of [
      ['/profile/blood-tests/ordered', 'Blood tests'],
      ['/ar/profile/blood-tests/ordered', 'تحاليل الدم'],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: owner } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain(title);
      expect(html.match(/data-testid="bt-order-card"/g)?.length, path).toBe(1);
      expect(roundTrips(res), path).toBeLessThanOrEqual(3);
    }
    const empty = await (await storefront('/profile/blood-tests/ordered', { headers: { cookie: other } })).text();
    expect(empty).toContain('You have not booked a blood test yet.');
  });

  it('renders the hub with the results first and the bookings loaded once live, in both languages', async () => {
    for (const [path, title] of [
      ['/profile/blood-tests', 'Ordered tests'],
      ['/ar/profile/blood-tests', 'التحاليل المطلوبة'],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: owner } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html).toContain(title);
      expect(html).toContain('data-testid="btr-results"');
      expect(roundTrips(res), path).toBeLessThanOrEqual(3);
    }
  });

  it('renders the checkout steps with a sign-in request for a guest, in both languages', async () => {
    for (const [path, text] of [
      ['/checkout-blood-test/shipping', 'Please sign in to book a blood test'],
      ['/ar/checkout-blood-test/order', 'يرجى تسجيل الدخول لحجز تحليل الدم'],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: device } });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain(text);
    }
  });
});
