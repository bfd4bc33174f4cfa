// Back-in-stock and price-drop alerts: the shop-alerts queue's consumer run on real D1 with
// a recording push sender, waves sized by stock, the 24-hour and 90-day rules, idempotent redelivery,
// mails in the shopper's language and currency, the one-click unsubscribe, the staff route and cron
// that enqueue, and the back office's conversion figures.
import { env } from 'cloudflare:workers';
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang } from '#shared/locale';
import { CORE, COUNTRY_CODES, type CountryCode, HOME_COUNTRY } from '#shared/countries';
import type { PricingKind } from '#shared/countries/types';
import { currencyInfoFor, formatPrice } from '#shared/money';
import worker from '#api/src/index';
import {
  type AlertMessage,
  MAX_DELAY_SECONDS,
  PERSON_GAP_MS,
  REQUEST_TTL_MS,
  WAVE_DELAY_SECONDS,
  WAVE_FACTOR,
} from '#api/src/alerts';
import { consumeAlerts } from '#api/src/alerts/consumer';
import { currencyFor } from '#api/src/lib/currency';
import type { AlertPush, AlertPushSender } from '#api/src/alerts/push-port';
import { unsubscribeToken } from '#api/src/alerts/token';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, openVerifyLink } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

const TOKEN_SECRET = 'test-token-secret-0123456789abcdef01234';
let device: string;
let manager: TestStaff;

interface Shopper {
  id: number;
  token: string;
  email: string;
}

let serial = 0;
async function shopper(lang: Lang = 'en'): Promise<Shopper> {
  const email = `alerts-${++serial}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await call('/user/register', {
    body: JSON.stringify({ name: `Shopper ${serial}`, email, password: 'secret1' }),
    token: device,
    headers: { lang },
  });
  const token = (await json(res)).data.access_token as string;
  // Alerts go only to a proven address (decision 85): she opens the sign-up's confirmation link.
  await openVerifyLink(email, device);
  const row = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: number }>();
  return { id: row!.id, token, email };
}

async function notifyMe(who: Shopper, productId: number, lang: Lang, country: CountryCode, createdAt: number) {
  const res = await call(`/product/${productId}/notify-me`, {
    body: JSON.stringify({ value: true }),
    token: device,
    headers: { authorization: `Bearer ${who.token}`, lang, 'x-country': country },
  });
  expect(res.status).toBe(200);
  // The queue's order is the requests' order: place each request at a known time.
  await env.DB.prepare('UPDATE notify_requests SET created_at = ? WHERE user_id = ? AND product_id = ?')
    .bind(createdAt, who.id, productId)
    .run();
}

/** A product of its own per test (waves read the product's requests): one SKU, sold out. */
let nextProduct = 900;
async function soldOutProduct(price = 7500): Promise<{ productId: number; skuId: number }> {
  const productId = ++nextProduct;
  const skuId = productId * 10;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO products (id, slug, brand_id, category_id, name_en, name_ar, default_sku_id, created_at, min_price, in_stock)
       VALUES (?, ?, 1, 11, ?, ?, ?, 0, ?, 0)`,
    ).bind(productId, `alert-product-${productId}`, `Vitamin K2 ${productId}`, `فيتامين ك2 ${productId}`, skuId, price),
    env.DB.prepare('INSERT INTO skus (id, product_id, name_en, name_ar, price, stock) VALUES (?, ?, ?, ?, ?, 0)').bind(
      skuId,
      productId,
      '60 capsules',
      '٦٠ كبسولة',
      price,
    ),
  ]);
  return { productId, skuId };
}

const setStock = (skuId: number, stock: number) =>
  env.DB.prepare('UPDATE skus SET stock = ? WHERE id = ?').bind(stock, skuId).run();
const restockEvent = (skuId: number, at: number) =>
  env.DB.prepare('INSERT INTO back_in_stock_events (sku_id, at, processed_at) VALUES (?, ?, NULL) RETURNING id')
    .bind(skuId, at)
    .first<{ id: number }>()
    .then((r) => r!.id);

interface PushIntent {
  userId: number;
  topic: string;
  en: AlertPush;
  ar: AlertPush;
}

function recorder() {
  const pushes: PushIntent[] = [];
  const later: Array<{ message: AlertMessage; delaySeconds: number }> = [];
  const push: AlertPushSender = async (_env, userId, topic, build) => {
    pushes.push({ userId, topic, en: build('en'), ar: build('ar') });
    return { sent: 1, pruned: 0 };
  };
  return {
    pushes,
    later,
    run: async (messages: AlertMessage[], now = Date.now()) => {
      const batch = createMessageBatch(
        'shop-alerts',
        messages.map((body, i) => ({ id: `m-${serial}-${i}-${Math.random()}`, timestamp: now, attempts: 1, body })),
      );
      await consumeAlerts(batch, env, {
        push,
        now: () => now,
        sendLater: async (message, delaySeconds) => void later.push({ message, delaySeconds }),
      });
      return batch;
    },
  };
}

interface Mail {
  to_address: string;
  subject: string;
  body_text: string;
  lang: string;
  kind: string;
  headers: string | null;
}
/** Her mails but the sign-up's confirmation link (decision 85), which these tests are not about. */
const mailsTo = (who: Shopper) =>
  env.DB.prepare(
    "SELECT to_address, subject, body_text, lang, kind, headers FROM mail_outbox WHERE to_address = ? AND kind <> 'email_verification'",
  )
    .bind(who.email)
    .all<Mail>()
    .then((r) => r.results);
const alerted = async (people: Shopper[]) => {
  const out: Shopper[] = [];
  for (const p of people) if ((await mailsTo(p)).some((m) => m.kind === 'back_in_stock')) out.push(p);
  return out;
};

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  manager = await staffWith([{ role: 'catalogue_manager', country: null }], { name: 'Alerts Manager' });
});

describe('back-in-stock waves', () => {
  it('alerts at most stock × factor people, oldest request first, then schedules the next wave', async () => {
    const { productId, skuId } = await soldOutProduct();
    const now = Date.now();
    const people: Shopper[] = [];
    for (let i = 0; i < 8; i++) {
      const p = await shopper();
      await notifyMe(p, productId, 'en', 'KW', now - (10 - i) * 60_000);
      people.push(p);
    }
    await setStock(skuId, 2);
    const eventId = await restockEvent(skuId, now);
    const q = recorder();
    await q.run([{ kind: 'back_in_stock', skuId }], now);

    const size = 2 * WAVE_FACTOR;
    expect(await alerted(people)).toEqual(people.slice(0, size));
    expect(q.pushes.map((p) => p.userId)).toEqual(people.slice(0, size).map((p) => p.id));
    expect(q.pushes[0]).toMatchObject({
      topic: 'back_in_stock',
      en: { title: 'Back in stock' },
      ar: { title: 'عاد إلى المخزون' },
    });
    // Two still wait and stock remains: the next wave after the pause.
    expect(q.later).toEqual([
      { message: { kind: 'back_in_stock', skuId, eventId, wave: 2 }, delaySeconds: WAVE_DELAY_SECONDS },
    ]);
    const event = await env.DB.prepare('SELECT processed_at FROM back_in_stock_events WHERE id = ?')
      .bind(eventId)
      .first<{ processed_at: number | null }>();
    expect(event!.processed_at).toBe(now);

    // Wave 2, half an hour later: stock read again (1 left → up to 3 people): the remaining two.
    await setStock(skuId, 1);
    const q2 = recorder();
    await q2.run([q.later[0]!.message], now + WAVE_DELAY_SECONDS * 1000);
    expect(await alerted(people)).toEqual(people);
    expect(q2.pushes.map((p) => p.userId)).toEqual(people.slice(size).map((p) => p.id));
    expect(q2.later).toEqual([]);
  });

  it('re-reads the stock before a wave: sold out again, it stops and the rest keep waiting', async () => {
    const { productId, skuId } = await soldOutProduct();
    const now = Date.now();
    const people: Shopper[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await shopper();
      await notifyMe(p, productId, 'en', 'KW', now - (10 - i) * 60_000);
      people.push(p);
    }
    await setStock(skuId, 1);
    await restockEvent(skuId, now);
    const q = recorder();
    await q.run([{ kind: 'back_in_stock', skuId }], now);
    expect(await alerted(people)).toEqual(people.slice(0, WAVE_FACTOR));
    expect(q.later).toHaveLength(1);

    await setStock(skuId, 0);
    const q2 = recorder();
    await q2.run([q.later[0]!.message], now + WAVE_DELAY_SECONDS * 1000);
    expect(await alerted(people)).toEqual(people.slice(0, WAVE_FACTOR));
    expect(q2.pushes).toEqual([]);
    expect(q2.later).toEqual([]);
    // Still waiting, for the next restock.
    const waiting = await env.DB.prepare(
      'SELECT count(*) AS n FROM notify_requests WHERE product_id = ? AND notified_at IS NULL',
    )
      .bind(productId)
      .first<{ n: number }>();
    expect(waiting!.n).toBe(2);

    // The next restock starts a new run for them.
    await setStock(skuId, 4);
    await restockEvent(skuId, now + 3_600_000);
    const q3 = recorder();
    await q3.run([{ kind: 'back_in_stock', skuId }], now + 3_600_000);
    expect(await alerted(people)).toEqual(people);
  });

  it('passes over people alerted in the last 24 hours (they keep waiting) and expires 90-day-old requests', async () => {
    const a = await soldOutProduct();
    const b = await soldOutProduct();
    const now = Date.now();
    const busy = await shopper();
    const fresh = await shopper();
    const stale = await shopper();
    // busy heard about product a an hour ago.
    await notifyMe(busy, a.productId, 'en', 'KW', now - 5 * 86_400_000);
    await setStock(a.skuId, 1);
    await restockEvent(a.skuId, now - 3_600_000);
    await recorder().run([{ kind: 'back_in_stock', skuId: a.skuId }], now - 3_600_000);
    expect(await alerted([busy])).toEqual([busy]);

    await notifyMe(stale, b.productId, 'en', 'KW', now - REQUEST_TTL_MS - 60_000);
    await notifyMe(busy, b.productId, 'en', 'KW', now - 2 * 86_400_000);
    await notifyMe(fresh, b.productId, 'en', 'KW', now - 86_400_000);
    await setStock(b.skuId, 5);
    const eventId = await restockEvent(b.skuId, now);
    const q = recorder();
    await q.run([{ kind: 'back_in_stock', skuId: b.skuId }], now);
    // Only fresh: busy was alerted an hour ago, stale's request expired (deleted).
    expect(q.pushes.map((p) => p.userId)).toEqual([fresh.id]);
    expect(await mailsTo(stale)).toEqual([]);
    const requests = await env.DB.prepare('SELECT user_id, notified_at FROM notify_requests WHERE product_id = ?')
      .bind(b.productId)
      .all<{ user_id: number; notified_at: number | null }>();
    expect(requests.results.map((r) => r.user_id).sort()).toEqual([busy.id, fresh.id].sort());
    expect(requests.results.find((r) => r.user_id === busy.id)!.notified_at).toBeNull();
    // busy's next wave comes once their 24 hours are over.
    expect(q.later).toHaveLength(1);
    expect(q.later[0]!.message).toEqual({ kind: 'back_in_stock', skuId: b.skuId, eventId, wave: 2 });
    // 23 hours away, but a queue delays by 12 hours at most: that wave finds busy still waiting and goes again.
    expect(q.later[0]!.delaySeconds).toBe(MAX_DELAY_SECONDS);
    const q2 = recorder();
    await q2.run([q.later[0]!.message], now + PERSON_GAP_MS - 3_600_000);
    expect(q2.pushes.map((p) => p.userId)).toEqual([busy.id]);
  });

  it('a redelivered message mails and pushes nobody twice', async () => {
    const { productId, skuId } = await soldOutProduct();
    const now = Date.now();
    const p = await shopper();
    await notifyMe(p, productId, 'en', 'KW', now - 60_000);
    await setStock(skuId, 3);
    const eventId = await restockEvent(skuId, now);
    const q = recorder();
    await q.run([{ kind: 'back_in_stock', skuId }], now);
    // The same wave again (a redelivery), and the first message again.
    await q.run([{ kind: 'back_in_stock', skuId, eventId, wave: 1 }], now + 1000);
    await q.run([{ kind: 'back_in_stock', skuId }], now + 2000);
    expect(await mailsTo(p)).toHaveLength(1);
    expect(q.pushes).toHaveLength(1);
    const deliveries = await env.DB.prepare('SELECT count(*) AS n FROM alert_deliveries WHERE user_id = ?')
      .bind(p.id)
      .first<{ n: number }>();
    expect(deliveries!.n).toBe(1);
  });

  it('a push that failed is sent on the redelivery, not the mail again', async () => {
    const { productId, skuId } = await soldOutProduct();
    const now = Date.now();
    const p = await shopper();
    await notifyMe(p, productId, 'en', 'KW', now - 60_000);
    await setStock(skuId, 1);
    await restockEvent(skuId, now);
    const failing: AlertPushSender = async () => {
      throw new Error('push service down');
    };
    const batch = createMessageBatch('shop-alerts', [
      { id: 'failing-push', timestamp: now, attempts: 1, body: { kind: 'back_in_stock', skuId } },
    ]);
    const ctx = createExecutionContext();
    await consumeAlerts(batch, env, { push: failing, now: () => now });
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(['failing-push']);
    const q = recorder();
    await q.run([{ kind: 'back_in_stock', skuId }], now + 30_000);
    expect(q.pushes.map((x) => x.userId)).toEqual([p.id]);
    expect(await mailsTo(p)).toHaveLength(1);
  });
});

describe('alert mails', () => {
  it('in Arabic with SAR prices and in English with KWD, with the product link and a one-click unsubscribe', async () => {
    const { productId, skuId } = await soldOutProduct(7500);
    const now = Date.now();
    const ar = await shopper('ar');
    const en = await shopper('en');
    await notifyMe(ar, productId, 'ar', 'SA', now - 120_000);
    await notifyMe(en, productId, 'en', 'KW', now - 60_000);
    await setStock(skuId, 1);
    await restockEvent(skuId, now);
    const q = recorder();
    await q.run([{ kind: 'back_in_stock', skuId }], now);

    const sa = currencyInfoFor('SA', 122_000, 1_500);
    const kw = currencyInfoFor('KW', 10_000, 0);
    const [arMail] = await mailsTo(ar);
    expect(arMail).toMatchObject({ lang: 'ar', kind: 'back_in_stock' });
    expect(arMail!.subject).toContain(`فيتامين ك2 ${productId}`);
    expect(arMail!.body_text).toContain(formatPrice(7500, sa, 'ar'));
    expect(arMail!.body_text).toContain(`http://localhost:8787/ar/products/alert-product-${productId}`);
    expect(arMail!.body_text).toMatch(/http:\/\/localhost:8787\/ar\/alerts\/unsubscribe\?token=au1\.b\./);
    const [enMail] = await mailsTo(en);
    expect(enMail!.subject).toBe(`Back in stock: Vitamin K2 ${productId} – Gulf Vitamins`);
    expect(enMail!.body_text).toContain(formatPrice(7500, kw, 'en'));
    expect(formatPrice(7500, kw, 'en')).toContain('KWD');
    expect(enMail!.body_text).toContain(`http://localhost:8787/products/alert-product-${productId}`);
    const headers = JSON.parse(enMail!.headers!);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:8787\/alerts\/unsubscribe\?token=au1\.b\.\d+\./);

    // The push texts, in the subscription's language, the price in the shopper's country's currency.
    const arPush = q.pushes.find((p) => p.userId === ar.id)!;
    expect(arPush.ar.body).toContain(formatPrice(7500, sa, 'ar'));
    expect(arPush.en.body).toContain(formatPrice(7500, sa, 'en'));
    expect(arPush.ar.url).toBe(`http://localhost:8787/ar/products/alert-product-${productId}`);
    expect(arPush.en.url).toBe(`http://localhost:8787/products/alert-product-${productId}`);
  });
});

describe("an alert in an own-priced country (decision 77, a country's own prices)", () => {
  // A converted country is switched to own prices for this test and back (the consumer runs in this
  // isolate and asks the registry for each person).
  it("tells her the owner's price there, and nothing when her country does not sell the size", async () => {
    const switched = COUNTRY_CODES.find((c) => c !== HOME_COUNTRY)!;
    const rows = CORE as unknown as Record<string, { pricing: PricingKind }>;
    const sold = await soldOutProduct(7500);
    const unsold = await soldOutProduct(7500);
    const now = Date.now();
    const her = await shopper('en');
    const elsewhere = await shopper('en');
    await notifyMe(her, sold.productId, 'en', switched, now - 60_000);
    await notifyMe(elsewhere, unsold.productId, 'en', switched, now - 60_000);
    await env.DB.prepare('INSERT INTO sku_country_prices (sku_id, country, price) VALUES (?, ?, 4950)')
      .bind(sold.skuId, switched)
      .run();
    rows[switched]!.pricing = 'own';
    try {
      for (const p of [sold, unsold]) {
        await setStock(p.skuId, 1);
        await restockEvent(p.skuId, now);
      }
      await recorder().run(
        [
          { kind: 'back_in_stock', skuId: sold.skuId },
          { kind: 'back_in_stock', skuId: unsold.skuId },
        ],
        now,
      );
      const [mail] = await mailsTo(her);
      const own = currencyInfoFor(switched, 122_000, 1_500);
      expect(own.pricing).toBe('own');
      expect(mail!.body_text).toContain(formatPrice(4950, own, 'en'));
      expect(await mailsTo(elsewhere)).toEqual([]);
      // Her request is settled all the same: no later wave picks her again.
      const request = await env.DB.prepare('SELECT notified_at FROM notify_requests WHERE product_id = ?')
        .bind(unsold.productId)
        .first<{ notified_at: number | null }>();
      expect(request!.notified_at).toBe(now);
    } finally {
      rows[switched]!.pricing = 'converted';
      await env.DB.prepare('DELETE FROM sku_country_prices').run();
    }
  });
});

describe('the currency of an alert', () => {
  it('is the one of the country the shopper shops in when it is sent, not when it was asked for', async () => {
    const { productId, skuId } = await soldOutProduct(3500);
    const now = Date.now();
    const moved = await shopper('en');
    await notifyMe(moved, productId, 'en', 'KW', now - 60_000);
    // Later the shopper switches the shop to Saudi Arabia (the storefront syncs on the next page).
    const sync = await call('/user/sync', {
      method: 'GET',
      token: device,
      headers: { authorization: `Bearer ${moved.token}`, 'x-country': 'SA' },
    });
    expect(sync.status).toBe(200);
    await setStock(skuId, 1);
    await restockEvent(skuId, now);
    const q = recorder();
    await q.run([{ kind: 'back_in_stock', skuId }], now);
    const [mail] = await mailsTo(moved);
    const sa = currencyInfoFor('SA', 122_000, 1_500);
    expect(mail!.body_text).toContain(formatPrice(3500, sa, 'en'));
    expect(mail!.body_text).not.toContain(formatPrice(3500, currencyInfoFor('KW', 10_000, 0), 'en'));
    expect(q.pushes.find((p) => p.userId === moved.id)!.en.body).toContain(formatPrice(3500, sa, 'en'));
  });
});

describe('one-click unsubscribe', () => {
  const unsubscribe = (token: string, lang: Lang = 'en') =>
    call('/alerts/unsubscribe', { body: JSON.stringify({ token }), token: device, headers: { lang } });

  it('a valid token removes the notify-me request, without signing in; a tampered one is refused', async () => {
    const { productId } = await soldOutProduct();
    const p = await shopper();
    await notifyMe(p, productId, 'en', 'KW', Date.now());
    const token = await unsubscribeToken(TOKEN_SECRET, { kind: 'back_in_stock', userId: p.id, productId });

    const tampered = token.replace(/\.(\d+)\.([0-9a-f]{64})$/, (_m, id, mac) => `.${Number(id) + 1}.${mac}`);
    const bad = await unsubscribe(tampered);
    expect(bad.status).toBe(400);
    expect((await json(bad)).meta.msg).toBe('unsubscribe_link_invalid');
    const flipped = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    expect((await unsubscribe(flipped)).status).toBe(400);
    expect((await unsubscribe('not-a-token')).status).toBe(400);

    const res = await unsubscribe(token, 'ar');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.meta.msg).toBe('alert_unsubscribed');
    expect(body.data).toEqual({ kind: 'back_in_stock', product_name: `فيتامين ك2 ${productId}` });
    const left = await env.DB.prepare('SELECT count(*) AS n FROM notify_requests WHERE user_id = ?')
      .bind(p.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    // Twice is the same answer.
    expect((await unsubscribe(token)).status).toBe(200);
  });

  it('a price-drop token turns the price alert off on every list of its owner', async () => {
    const { skuId } = await soldOutProduct();
    const p = await shopper();
    const list = await wishlistWith(p, skuId, 9000, true);
    const token = await unsubscribeToken(TOKEN_SECRET, { kind: 'price_drop', userId: p.id, skuId });
    expect((await unsubscribe(token)).status).toBe(200);
    const item = await env.DB.prepare('SELECT price_alert FROM wishlist_items WHERE list_id = ? AND sku_id = ?')
      .bind(list, skuId)
      .first<{ price_alert: number }>();
    expect(item!.price_alert).toBe(0);
  });
});

async function wishlistWith(owner: Shopper, skuId: number, priceAtAdd: number, alert: boolean, alertedPrice?: number) {
  const now = Date.now();
  const list = await env.DB.prepare(
    'INSERT INTO wishlists (user_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
  )
    .bind(owner.id, 'Mine', now, now)
    .first<{ id: number }>();
  await env.DB.prepare(
    'INSERT INTO wishlist_items (list_id, sku_id, added_at, price_at_add, price_alert, price_alerted_price) VALUES (?, ?, ?, ?, ?, ?)',
  )
    .bind(list!.id, skuId, now, priceAtAdd, alert ? 1 : 0, alertedPrice ?? null)
    .run();
  return list!.id;
}

describe('price drops', () => {
  const priceDrop = async (skuId: number, from: number, to: number, at: number) => {
    await env.DB.batch([
      env.DB.prepare('UPDATE skus SET price = ? WHERE id = ?').bind(to, skuId),
      env.DB.prepare(
        'INSERT INTO price_drop_events (sku_id, old_price, new_price, at, processed_at) VALUES (?, ?, ?, ?, NULL)',
      ).bind(skuId, from, to, at),
    ]);
  };

  it('alerts owners opted in whose price is now below what they knew, in their language and currency', async () => {
    const { skuId } = await soldOutProduct(8000);
    await setStock(skuId, 5);
    const optedIn = await shopper('ar');
    const notOptedIn = await shopper();
    const alertedLower = await shopper();
    const addedCheaper = await shopper();
    await wishlistWith(optedIn, skuId, 8000, true);
    await wishlistWith(notOptedIn, skuId, 8000, false);
    await wishlistWith(alertedLower, skuId, 9000, true, 6000);
    await wishlistWith(addedCheaper, skuId, 6500, true);
    // optedIn bought once in Saudi Arabia: their prices are in SAR.
    await order(optedIn, skuId, 'SA', Date.now() - 30 * 86_400_000);

    const now = Date.now();
    await priceDrop(skuId, 8000, 7000, now);
    const q = recorder();
    await q.run([{ kind: 'price_drop', skuId }], now);
    // 7000 < 8000 (opted in); not below 6000 (already alerted) or 6500 (added cheaper); not opted in: nothing.
    expect(q.pushes.map((p) => p.userId)).toEqual([optedIn.id]);
    expect(q.pushes[0]).toMatchObject({ topic: 'price_drop', ar: { title: 'انخفض السعر' } });
    const sa = currencyInfoFor('SA', 122_000, 1_500);
    expect(q.pushes[0]!.ar.body).toContain(formatPrice(7000, sa, 'ar'));
    const [mail] = await mailsTo(optedIn);
    expect(mail).toMatchObject({ kind: 'price_drop', lang: 'ar' });
    expect(mail!.body_text).toContain(formatPrice(7000, sa, 'ar'));
    expect(mail!.body_text).toContain(formatPrice(8000, sa, 'ar'));
    expect(mail!.body_text).toMatch(/\/ar\/alerts\/unsubscribe\?token=au1\.p\./);
    for (const p of [notOptedIn, alertedLower, addedCheaper]) expect(await mailsTo(p)).toEqual([]);
    const item = await env.DB.prepare(
      'SELECT price_alerted_price, price_alerted_at FROM wishlist_items WHERE sku_id = ? AND list_id IN (SELECT id FROM wishlists WHERE user_id = ?)',
    )
      .bind(skuId, optedIn.id)
      .first();
    expect(item).toEqual({ price_alerted_price: 7000, price_alerted_at: now });

    // Two days later it falls again, below 6500 and 7000 but not 6000: optedIn and addedCheaper hear of it.
    const later = now + 2 * 86_400_000;
    await priceDrop(skuId, 7000, 6200, later);
    const q2 = recorder();
    await q2.run([{ kind: 'price_drop', skuId }], later);
    expect(q2.pushes.map((p) => p.userId).sort()).toEqual([optedIn.id, addedCheaper.id].sort());
    expect(await mailsTo(alertedLower)).toEqual([]);
  });

  it('the staff price change records the event in its batch and its message reaches the consumer', async () => {
    const { skuId } = await soldOutProduct(8000);
    const owner = await shopper();
    await wishlistWith(owner, skuId, 8000, true);
    const res = await staffCall(manager.token, `/staff/catalogue/skus/${skuId}`, {
      json: { price: 7000, old_price: null, buy_limit: null },
    });
    expect(res.status).toBe(200);
    const event = await env.DB.prepare('SELECT old_price, new_price FROM price_drop_events WHERE sku_id = ?')
      .bind(skuId)
      .first();
    expect(event).toEqual({ old_price: 8000, new_price: 7000 });
    await vi.waitFor(async () => expect((await mailsTo(owner)).map((m) => m.kind)).toEqual(['price_drop']), {
      timeout: 10_000,
      interval: 200,
    });
    // A price rise records no event.
    await staffCall(manager.token, `/staff/catalogue/skus/${skuId}`, {
      json: { price: 7500, old_price: null, buy_limit: null },
    });
    const events = await env.DB.prepare('SELECT count(*) AS n FROM price_drop_events WHERE sku_id = ?')
      .bind(skuId)
      .first<{ n: number }>();
    expect(events!.n).toBe(1);
  });

  // One rule whatever changed the price (issue 60): an alert only below the price she last saw.
  it('a price she saw when opting in is her reference, not the older price she added at', async () => {
    const { skuId } = await soldOutProduct(12000);
    const owner = await shopper();
    const list = await watchThroughRoutes(owner, skuId, false);
    await setPriceByHand(skuId, 10000);
    await optIn(owner, list, skuId);
    await setPriceByHand(skuId, 11000);
    await setPriceByHand(skuId, 10500);
    // Below the 12000 she added at, above the 10000 she saw when she asked for the alert: nothing.
    expect(await mailsTo(owner)).toEqual([]);
  });

  it('a hand-restored price below what she saw when opting in alerts her, saying what she saw', async () => {
    const { skuId } = await soldOutProduct(8000);
    const owner = await shopper();
    const list = await watchThroughRoutes(owner, skuId, false);
    await setPriceByHand(skuId, 10000);
    await optIn(owner, list, skuId);
    await setPriceByHand(skuId, 8000);
    const mails = await mailsTo(owner);
    expect(mails.map((m) => m.kind)).toEqual(['price_drop']);
    const kw = await currencyFor(env.DB, 'KW');
    expect(mails[0]!.body_text).toContain(`${formatPrice(8000, kw, 'en')} (was ${formatPrice(10000, kw, 'en')})`);
  });

  it('a drop to a price she was once alerted at reaches her again once she has seen a higher one', async () => {
    const { skuId } = await soldOutProduct(8000);
    const owner = await shopper();
    const list = await watchThroughRoutes(owner, skuId, true);
    const now = Date.now();
    await priceDrop(skuId, 8000, 7000, now);
    await recorder().run([{ kind: 'price_drop', skuId }], now);
    // She turns the alert off, the price goes up, she turns it on again at 9000.
    const off = await call(`/list/${list}/items/price-alert`, {
      body: JSON.stringify({ sku: skuId, value: false }),
      token: device,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(off.status).toBe(200);
    await env.DB.prepare('UPDATE skus SET price = 9000 WHERE id = ?').bind(skuId).run();
    await optIn(owner, list, skuId);
    const later = now + 2 * 86_400_000;
    await priceDrop(skuId, 9000, 7000, later);
    await recorder().run([{ kind: 'price_drop', skuId }], later);
    // Each drop is its own event: the second mail is not taken for a repeat of the first.
    expect((await mailsTo(owner)).map((m) => m.kind)).toEqual(['price_drop', 'price_drop']);
  });

  it('a raise restored by hand alerts nobody who saw the restored price', async () => {
    const { skuId } = await soldOutProduct(8000);
    const owner = await shopper();
    await watchThroughRoutes(owner, skuId, true);
    await setPriceByHand(skuId, 9000);
    await setPriceByHand(skuId, 8000);
    expect(await mailsTo(owner)).toEqual([]);
  });
});

/** A list of her own holding the SKU, added through the wishlist routes with the alert on or off. */
async function watchThroughRoutes(owner: Shopper, skuId: number, alert: boolean): Promise<number> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const made = await call('/list/new', { body: JSON.stringify({ name: 'Watching' }), token: device, headers });
  const list = (await json(made)).data.item.id as number;
  const added = await call(`/list/${list}/items/add`, {
    body: JSON.stringify({ sku: skuId, price_alert: alert }),
    token: device,
    headers,
  });
  expect(added.status).toBe(200);
  return list;
}

async function optIn(owner: Shopper, list: number, skuId: number) {
  const res = await call(`/list/${list}/items/price-alert`, {
    body: JSON.stringify({ sku: skuId, value: true }),
    token: device,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(res.status).toBe(200);
}

/** The staff SKU edit, then the real queue's consumer has handled every price-drop event of the SKU. */
async function setPriceByHand(skuId: number, price: number) {
  const res = await staffCall(manager.token, `/staff/catalogue/skus/${skuId}`, {
    json: { price, old_price: null, buy_limit: null },
  });
  expect(res.status).toBe(200);
  await vi.waitFor(
    async () => {
      const left = await env.DB.prepare(
        'SELECT count(*) AS n FROM price_drop_events WHERE sku_id = ? AND processed_at IS NULL',
      )
        .bind(skuId)
        .first<{ n: number }>();
      expect(left!.n).toBe(0);
    },
    { timeout: 10_000, interval: 200 },
  );
}

async function order(who: Shopper, skuId: number, country: 'KW' | 'SA', at: number, status = 'paid') {
  const row = await env.DB.prepare(
    `INSERT INTO orders (user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
       discount, delivery, vat, total, created_at, updated_at)
     VALUES (?, ?, ?, 'en', ?, 'cod', '{}', 1000, 1000, 0, 0, 0, 1000, ?, ?) RETURNING id`,
  )
    .bind(who.id, country, country === 'SA' ? 'SAR' : 'KWD', status, at, at)
    .first<{ id: number }>();
  await env.DB.prepare(
    `INSERT INTO order_items (order_id, sku_id, product_id, product_slug, name, sku_name, unit_price, count)
     SELECT ?, s.id, s.product_id, p.slug, p.name_en, s.name_en, s.price, 1 FROM skus s JOIN products p ON p.id = s.product_id WHERE s.id = ?`,
  )
    .bind(row!.id, skuId)
    .run();
}

describe('enqueueing', () => {
  it('a staff restock records the event and its message reaches the consumer (mail in the outbox)', async () => {
    const { productId, skuId } = await soldOutProduct();
    const p = await shopper();
    await notifyMe(p, productId, 'en', 'KW', Date.now() - 60_000);
    const res = await staffCall(manager.token, `/staff/catalogue/skus/${skuId}/stock`, {
      json: { adjust: 4, reason: 'Delivery from the supplier' },
    });
    expect(res.status).toBe(200);
    const events = await env.DB.prepare('SELECT count(*) AS n FROM back_in_stock_events WHERE sku_id = ?')
      .bind(skuId)
      .first<{ n: number }>();
    expect(events!.n).toBe(1);
    // The real queue delivers the route's message to the worker's queue handler.
    await vi.waitFor(async () => expect(await alerted([p])).toEqual([p]), { timeout: 10_000, interval: 200 });
    const processed = await env.DB.prepare('SELECT processed_at FROM back_in_stock_events WHERE sku_id = ?')
      .bind(skuId)
      .first<{ processed_at: number | null }>();
    expect(processed!.processed_at).not.toBeNull();
  });

  it('the cron re-sends an event whose message was lost', async () => {
    const { productId, skuId } = await soldOutProduct();
    const p = await shopper();
    await notifyMe(p, productId, 'en', 'KW', Date.now() - 60_000);
    await setStock(skuId, 2);
    // An event written two minutes ago whose send never happened.
    await restockEvent(skuId, Date.now() - 120_000);
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    await vi.waitFor(async () => expect(await alerted([p])).toEqual([p]), { timeout: 10_000, interval: 200 });
  });

  it("the worker's queue handler acks what it handled and drops malformed messages", async () => {
    const batch = createMessageBatch('shop-alerts', [
      { id: 'nothing-pending', timestamp: Date.now(), attempts: 1, body: { kind: 'back_in_stock', skuId: 101 } },
      { id: 'malformed', timestamp: Date.now(), attempts: 1, body: { kind: 'coupon', skuId: 'x' } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(['malformed', 'nothing-pending']);
    expect(result.retryMessages).toEqual([]);
  });
});

describe('conversion', () => {
  it('counts, per SKU, alerts sent and orders of the SKU by the alerted shopper within 7 days', async () => {
    const { productId, skuId } = await soldOutProduct();
    const now = Date.now() - 10 * 86_400_000;
    const people: Shopper[] = [];
    for (let i = 0; i < 4; i++) {
      const p = await shopper();
      await notifyMe(p, productId, 'en', 'KW', now - (10 - i) * 60_000);
      people.push(p);
    }
    // One still waits (after a wave of 3).
    await setStock(skuId, 1);
    await restockEvent(skuId, now);
    await recorder().run([{ kind: 'back_in_stock', skuId }], now);
    const [a, b, c] = people;
    await order(a!, skuId, 'KW', now + 86_400_000); // within 7 days: counts
    await order(b!, skuId, 'KW', now + 8 * 86_400_000); // too late
    await order(c!, skuId, 'KW', now + 3_600_000, 'cancelled'); // cancelled
    await order(c!, 101, 'KW', now + 3_600_000); // another SKU

    const res = await staffCall(manager.token, '/staff/alerts/back-in-stock');
    expect(res.status).toBe(200);
    const body = await json(res);
    const row = body.data.skus.find((r: { sku_id: number }) => r.sku_id === skuId);
    expect(row).toMatchObject({ product_id: productId, waiting: 1, sent: 3, purchases: 1 });
    expect(row.conversion).toBeCloseTo(1 / 3);
    expect(body.data.window_days).toBe(7);
  });

  it('needs the catalogue permission', async () => {
    const lab = await staffWith([{ role: 'lab_coordinator', country: null }]);
    expect((await staffCall(lab.token, '/staff/alerts/back-in-stock')).status).toBe(403);
  });
});
