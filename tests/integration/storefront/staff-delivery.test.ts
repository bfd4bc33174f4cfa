// The back office's Delivery page (issue 62, decision 65): each country's working days, cut-offs, speeds
// and holidays in both languages; a saved cut-off, speed or holiday changes the product page's promise;
// bad input comes back with its message and the typed values; only delivery:manage may change them.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromiseAnswer } from '#shared/delivery/promise';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

let owner = '';
let ownerAr = '';
let fulfilment = '';
const decoded = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

const SA_RULES = {
  country: 'SA',
  cutoff: '13:00',
  ramadan_cutoff: '11:00',
  ...Object.fromEntries([0, 1, 2, 3, 4].map((d) => [`dispatch_${d}`, 'on'])),
  ...Object.fromEntries([6, 0, 1, 2, 3, 4].map((d) => [`delivery_${d}`, 'on'])),
};

async function saPromise(): Promise<PromiseAnswer> {
  const res = await storefront('/api/product/alpha-vitamin-d3-1000/v2', { headers: { cookie: 'country=SA' } });
  return ((await res.json()) as { data: { delivery: PromiseAnswer } }).data.delivery;
}

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  owner = (await staffSignIn([{ role: 'owner', country: null }])).cookie;
  ownerAr = (await staffSignIn([{ role: 'owner', country: null }], { lang: 'ar' })).cookie;
  fulfilment = (await staffSignIn([{ role: 'fulfilment', country: null }])).cookie;
});

afterAll(async () => {
  await staffPost('/delivery/rules', SA_RULES, owner);
  await staffPost(
    '/delivery/speeds',
    { country: 'SA', speed: 'standard', active: 'on', zones: 'all', transit_days: '3', fee: '' },
    owner,
  );
  await env.API_DB.prepare("DELETE FROM delivery_holidays WHERE country = 'SA'").run();
});

describe('the Delivery page of the back office', () => {
  it('shows each country’s days, cut-offs, speeds and holidays, in English and Arabic', async () => {
    const html = decoded(await (await staffPage('/delivery', owner)).text());
    expect(html).toContain('Days the warehouse hands parcels to the carriers');
    expect(html).toMatch(/id="KW-cutoff"[^>]*value="14:00"|value="14:00"[^>]*id="KW-cutoff"/);
    expect(html).toMatch(/id="SA-ramadan_cutoff"[^>]*value="11:00"|value="11:00"[^>]*id="SA-ramadan_cutoff"/);
    expect(html).toMatch(/id="SA-next_day-zones"[^>]*value="1, 2, 5"|value="1, 2, 5"[^>]*id="SA-next_day-zones"/);
    // The Umm al-Qura defaults of the coming year, by name.
    expect(html).toContain('Eid al-Fitr');
    expect(html).toContain('Founding Day');
    const ar = await (await staffPage('/delivery', ownerAr)).text();
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('عيد الأضحى');
    expect(ar).toContain('أيام التوصيل لدى شركات الشحن');
  });

  it('moves the product page’s promise when a holiday is closed, and back when it is opened', async () => {
    const before = await saPromise();
    const day = before.promises[0]!.arrives;
    const closed = await staffPost(
      '/delivery/holidays',
      { country: 'SA', date: day, holiday: 'Stocktaking', closed: '1' },
      owner,
    );
    expect(closed.status).toBe(303);
    const after = await saPromise();
    expect(after.promises[0]!.arrives > day).toBe(true);
    const page = decoded(await (await staffPage('/delivery?done=saved', owner)).text());
    expect(page).toContain('Delivery rules saved.');
    expect(page).toContain('Stocktaking');
    await staffPost('/delivery/holidays', { country: 'SA', date: day, holiday: 'Stocktaking', closed: '0' }, owner);
    expect((await saPromise()).promises[0]!.arrives).toBe(day);
    const audit = await env.API_DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'settings.delivery.holiday' AND resource_id = ?",
    )
      .bind(`SA:${day}`)
      .first<{ n: number }>();
    expect(audit!.n).toBe(2);
  });

  it('saves a speed’s days on the way, and refuses zones of another country and a third decimal', async () => {
    const before = await saPromise();
    const slower = await staffPost(
      '/delivery/speeds',
      { country: 'SA', speed: 'standard', active: 'on', zones: 'all', transit_days: '5', fee: '' },
      owner,
    );
    expect(slower.status).toBe(303);
    expect((await saPromise()).promises[0]!.arrives > before.promises[0]!.arrives).toBe(true);

    const stranger = await staffPost(
      '/delivery/speeds',
      { country: 'SA', speed: 'next_day', active: 'on', zones: '1, 2, 99999', transit_days: '1', fee: '35' },
      owner,
    );
    expect(stranger.status).toBe(400);
    const page = decoded(await stranger.text());
    expect(page).toContain('One of these ids is not an area or city of this country.');
    expect(page).toContain('value="1, 2, 99999"');
    const decimals = await staffPost(
      '/delivery/speeds',
      { country: 'SA', speed: 'next_day', active: 'on', zones: '1,2,5', transit_days: '1', fee: '35.001' },
      owner,
    );
    expect(decimals.status).toBe(400);
    expect(decoded(await decimals.text())).toContain('Use at most as many decimals as the country’s currency has');
  });

  it('refuses a cut-off that is not a time and a week without a working day, keeping what was typed', async () => {
    const bad = await staffPost('/delivery/rules', { ...SA_RULES, cutoff: '25:00' }, owner);
    expect(bad.status).toBe(400);
    expect(decoded(await bad.text())).toContain('Write the time as hours and minutes');
    const none = Object.fromEntries(Object.entries(SA_RULES).filter(([k]) => !k.startsWith('dispatch_')));
    const empty = await staffPost('/delivery/rules', none, owner);
    expect(empty.status).toBe(400);
    expect(decoded(await empty.text())).toContain('Tick at least one day.');
  });

  it('lets fulfilment read the rules but not change them', async () => {
    const html = await (await staffPage('/delivery', fulfilment)).text();
    expect(html).toContain('KW-cutoff');
    expect(html).not.toContain('action="/delivery/holidays"');
    expect((await staffPost('/delivery/rules', SA_RULES, fulfilment)).status).toBe(403);
  });
});

describe('orders whose delivery promise was missed', () => {
  async function guestOrder(): Promise<number> {
    const res = await storefront('http://shop.test/api/order/submit', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'fetch',
        origin: 'http://shop.test',
        cookie: 'country=KW',
      },
      body: JSON.stringify({
        items: [{ sku_id: 101, count: 1 }],
        payment_method: 'cod',
        idempotency_key: crypto.randomUUID(),
        email: `late-${crypto.randomUUID()}@example.com`,
        address: {
          country: 'KW',
          recipient: 'Late',
          phone: '98765432',
          area_id: 26,
          block: '3',
          street: '12',
          building: '7',
        },
      }),
    });
    expect(res.status).toBe(200);
    const order = ((await res.json()) as { data: { order: { id: number; promise: { speed: string } } } }).data.order;
    expect(order.promise.speed).toBe('same_day');
    return order.id;
  }

  it('are flagged Late in the order list and found by its filter, in English and Arabic', async () => {
    const late = await guestOrder();
    const onTime = await guestOrder();
    await env.API_DB.prepare("UPDATE orders SET promised_date = '2026-01-04', promise_missed_at = ? WHERE id = ?")
      .bind(Date.now(), late)
      .run();
    const list = await (await staffPage('/orders?late=1', fulfilment)).text();
    expect(list).toContain(`/orders/${late}"`);
    expect(list).not.toContain(`/orders/${onTime}"`);
    expect(list).toContain('data-testid="staff-order-late"');
    expect(list).toMatch(/id="late"[^>]*checked|checked[^>]*id="late"/);
    const all = await (await staffPage('/orders', fulfilment)).text();
    expect(all).toContain(`/orders/${onTime}"`);
    // One flag: the late order's, not the one on time.
    expect(all.split('data-testid="staff-order-late"').length - 1).toBe(1);
    const ar = await (await staffPage('/orders?late=1', ownerAr)).text();
    expect(ar).toContain('متأخر');
    expect(ar).toContain('التوصيلات المتأخرة فقط');
  });
});
