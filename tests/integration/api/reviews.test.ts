// Reviews, questions and answers (decision 44): who may review (only a delivered order's shopper), the
// shop's rules and moderation (nothing shown before; a cure claim always held; a reason the author
// reads), one helpful vote a shopper, reports that take a review back, photos re-encoded without their
// EXIF, the product's counted ratings on cards and the rating sort, and the review request's mail once.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ratingScore } from '#shared/reviews/rules';
import { queueReviewRequests } from '#api/src/reviews/request-mail';
import { call, deviceToken, json, registerShopper } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

// A 64 × 48 JPEG whose EXIF names a camera ("LeakyCam") and a place.
const EXIF_JPEG =
  '/9j/4QECRXhpZgAASUkqAAgAAAAJAA8BAgAJAAAAogAAABABAgAJAAAAmAAAABIBAwABAAAAAQAAABoBBQABAAAAegAAABsBBQABAAAAggAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAJiCAgANAAAAigAAAGmHBAABAAAArAAAAAAAAAA4YwAA6AMAADhjAADoAwAAU2VjcmV0IFBsYWNlAABHUFMtOTAwMAAATGVha3lDYW0AAAYAAJAHAAQAAAAwMjEwAZEHAAQAAAABAgMAAKAHAAQAAAAwMTAwAaADAAEAAAD//wAAAqAEAAEAAABAAAAAA6AEAAEAAAAwAAAAAAAAAP/bAEMACgcHCAcGCggICAsKCgsOGBAODQ0OHRUWERgjHyUkIh8iISYrNy8mKTQpISIwQTE0OTs+Pj4lLkRJQzxINz0+O//bAEMBCgsLDg0OHBAQHDsoIig7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7O//AABEIADAAQAMBIgACEQEDEQH/xAAVAAEBAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/ALAJVTAAAAAAAAAAAAAAAAAAAAAAP//Z';

let device: string;
let moderator: TestStaff;
let products: Array<{ id: number; sku: number; slug: string }>;

beforeAll(async () => {
  device = await deviceToken();
  moderator = await staffWith([{ role: 'support', country: null }]);
  products = Array.from({ length: 8 }, (_, i) => ({ id: 7100 + i, sku: 71_000 + i * 10, slug: `review-product-${i}` }));
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR IGNORE INTO brands (id, slug, name_en, name_ar, color) VALUES (71, 'review-brand', 'Review Labs', 'مختبرات', '#123456')",
    ),
    env.DB.prepare(
      "INSERT OR IGNORE INTO categories (id, slug, name_en, name_ar, color) VALUES (71, 'review-category', 'Omega-3', 'أوميغا 3', '#123456')",
    ),
    ...products.flatMap((p, i) => [
      env.DB.prepare(
        `INSERT INTO products (id, slug, brand_id, category_id, name_en, name_ar, default_sku_id, created_at, min_price, in_stock, popularity)
         VALUES (?, ?, 71, 71, ?, ?, ?, 0, 5000, 1, ?)`,
      ).bind(p.id, p.slug, `Omega-3 ${i}`, `أوميغا 3 ${i}`, p.sku, 100_000 + i),
      env.DB.prepare(
        "INSERT INTO skus (id, product_id, name_en, name_ar, price, stock) VALUES (?, ?, '60 capsules', '٦٠ كبسولة', 5000, 20)",
      ).bind(p.sku, p.id),
    ]),
  ]);
});

type Shopper = { token: string; id: number; email: string };

async function shopper(name = 'Noura Al-Harbi'): Promise<Shopper> {
  return registerShopper(device, 'review', name);
}

/** An order of the product for the shopper, in the given status (delivered unless said). */
async function bought(who: Shopper, sku: number, status = 'delivered', deliveredAt: number | null = Date.now()) {
  const at = Date.now() - 20 * 86_400_000;
  const row = await env.DB.prepare(
    `INSERT INTO orders (user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
       discount, delivery, vat, total, created_at, updated_at, delivered_at)
     VALUES (?, 'KW', 'KWD', 'ar', ?, 'cod', '{}', 1000, 1000, 0, 0, 0, 1000, ?, ?, ?) RETURNING id`,
  )
    .bind(who.id, status, at, at, status === 'delivered' ? deliveredAt : null)
    .first<{ id: number }>();
  await env.DB.prepare(
    `INSERT INTO order_items (order_id, sku_id, product_id, product_slug, name, sku_name, unit_price, count)
     SELECT ?, s.id, s.product_id, p.slug, p.name_en, s.name_en, s.price, 1 FROM skus s JOIN products p ON p.id = s.product_id WHERE s.id = ?`,
  )
    .bind(row!.id, sku)
    .run();
  return row!.id;
}

function as(who: Shopper | null, path: string, body?: unknown, lang = 'en') {
  return call(path, {
    token: device,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), lang, 'x-country': 'KW' },
  });
}

const review = (over: Record<string, unknown> = {}) => ({
  rating: 5,
  title: 'Works well',
  body: 'I take one every morning and the bottle lasts two months. Easy to swallow.',
  lang: 'en',
  ...over,
});

async function setModeration(mode: 'staff' | 'rules') {
  const res = await staffCall(moderator.token, '/staff/reviews/settings', {
    json: { moderation: mode, request_days: 7 },
  });
  expect(res.status).toBe(200);
}

async function shown(productId: number, query = '') {
  return (await json(await as(null, `/product/${productId}/reviews${query}`))).data;
}

describe("the shop's moderation settings", () => {
  it('are changed by a member who moderates every country, never one of one country only', async () => {
    await setModeration('staff');
    const kuwait = await staffWith([{ role: 'support', country: 'KW' }]);
    const refused = await staffCall(kuwait.token, '/staff/reviews/settings', {
      json: { moderation: 'rules', request_days: 30 },
    });
    expect(refused.status).toBe(403);
    expect((await json(refused)).meta.msg).toBe('forbidden');
    const kept = await json(await staffCall(moderator.token, '/staff/reviews'));
    expect(kept.data.settings).toMatchObject({ moderation: 'staff', requestDays: 7 });
  });
});

describe('who may review', () => {
  it('refuses a guest, a shopper who never bought it and one whose order has not arrived', async () => {
    const p = products[0]!;
    expect((await as(null, `/product/${p.id}/reviews`, review())).status).toBe(401);
    const never = await shopper();
    const refused = await as(never, `/product/${p.id}/reviews`, review());
    expect(refused.status).toBe(403);
    expect((await json(refused)).meta.msg).toBe('review_not_received');
    const waiting = await shopper();
    await bought(waiting, p.sku, 'shipped');
    expect((await as(waiting, `/product/${p.id}/reviews`, review())).status).toBe(403);
    expect((await json(await as(waiting, `/product/${p.id}/reviews/mine`))).data.can_review).toBe(false);
  });

  it('a shopper who received it reviews once, in Arabic, and a second call edits the same review', async () => {
    const p = products[1]!;
    const buyer = await shopper('فاطمة الصباح');
    await bought(buyer, p.sku);
    expect((await json(await as(buyer, `/product/${p.id}/reviews/mine`))).data.can_review).toBe(true);
    const first = await as(
      buyer,
      `/product/${p.id}/reviews`,
      review({ lang: 'ar', body: 'منتج ممتاز، أستخدمه كل صباح منذ شهرين وأشعر بفرق واضح.' }),
      'ar',
    );
    expect(first.status).toBe(200);
    const again = await as(
      buyer,
      `/product/${p.id}/reviews`,
      review({ rating: 4, lang: 'ar', body: 'منتج جيد جدًا، لكن السعر ارتفع قليلًا منذ آخر طلب لي.' }),
      'ar',
    );
    const own = (await json(again)).data;
    expect(own.review.rating).toBe(4);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM reviews WHERE user_id = ? AND product_id = ?')
      .bind(buyer.id, p.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it('refuses bad input with a message key and keeps nothing', async () => {
    const p = products[1]!;
    const buyer = await shopper();
    await bought(buyer, p.sku);
    for (const [body, key] of [
      [review({ rating: 0 }), 'review_rating_required'],
      [review({ body: 'short' }), 'review_body_too_short'],
      [review({ photos: ['bm90IGFuIGltYWdl'] }), 'review_photo_unsupported'],
    ] as const) {
      const res = await as(buyer, `/product/${p.id}/reviews`, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(await json(res))).toContain(key);
    }
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM reviews WHERE user_id = ?')
      .bind(buyer.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe('moderation', () => {
  it('with staff moderation nothing is shown until approved; a rejection reason reaches its author by mail', async () => {
    await setModeration('staff');
    const p = products[2]!;
    const buyer = await shopper();
    await bought(buyer, p.sku);
    const saved = await as(buyer, `/product/${p.id}/reviews`, review());
    expect((await json(saved)).meta.msg).toBe('review_waiting');
    expect((await shown(p.id)).total).toBe(0);
    const queue = (await json(await staffCall(moderator.token, '/staff/reviews'))).data;
    const item = queue.items.find(
      (i: { kind: string; product: { id: number } }) => i.kind === 'review' && i.product.id === p.id,
    );
    expect(item).toBeTruthy();

    const reject = await staffCall(moderator.token, `/staff/reviews/${item.id}/decide`, {
      json: { decision: 'reject', reason: 'Please describe the product itself.' },
    });
    expect(reject.status).toBe(200);
    const mine = (await json(await as(buyer, `/product/${p.id}/reviews/mine`))).data.review;
    expect(mine.status).toBe('rejected');
    expect(mine.reject_reason).toBe('Please describe the product itself.');
    const mail = await env.DB.prepare(
      "SELECT body_text FROM mail_outbox WHERE to_address = ? AND kind = 'review_decision'",
    )
      .bind(buyer.email)
      .first<{ body_text: string }>();
    expect(mail!.body_text).toContain('Please describe the product itself.');
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'review.reject' AND resource_id = ?",
    )
      .bind(String(item.id))
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);

    // A rejection needs a reason.
    const bare = await staffCall(moderator.token, `/staff/reviews/${item.id}/decide`, {
      json: { decision: 'reject', reason: '' },
    });
    expect(bare.status).toBe(400);

    await staffCall(moderator.token, `/staff/reviews/${item.id}/decide`, { json: { decision: 'approve' } });
    const list = await shown(p.id);
    expect(list.total).toBe(1);
    expect(list.summary).toMatchObject({ count: 1, average: 5 });
    const card = await env.DB.prepare('SELECT rating_count, rating_sum, rating_score FROM products WHERE id = ?')
      .bind(p.id)
      .first<{ rating_count: number; rating_sum: number; rating_score: number }>();
    expect(card).toEqual({ rating_count: 1, rating_sum: 5, rating_score: ratingScore(5, 1) });
  });

  it('with the rules alone a clean review is shown at once; profanity, a link or a cure claim waits', async () => {
    await setModeration('rules');
    const p = products[3]!;
    const cases = [
      [review(), 'approved', []],
      [review({ body: 'This is shit, do not buy it, a total waste of money for me.' }), 'pending', ['profanity']],
      [
        review({ body: 'Much cheaper at www.cheap-pills.com than here, check it before you buy.' }),
        'pending',
        ['link'],
      ],
      [
        review({ body: 'This supplement cured my diabetes in three weeks, I stopped my medicine.' }),
        'pending',
        ['health_claim'],
      ],
      [
        review({ lang: 'ar', body: 'هذا المكمل شفاني من السكري تمامًا خلال شهر واحد فقط.' }),
        'pending',
        ['health_claim'],
      ],
    ] as const;
    for (const [input, status, held] of cases) {
      const buyer = await shopper();
      await bought(buyer, p.sku);
      const own = (await json(await as(buyer, `/product/${p.id}/reviews`, input))).data.review;
      expect(own.status).toBe(status);
      expect(own.held_for).toEqual(held);
    }
    expect((await shown(p.id)).total).toBe(1);
    await setModeration('staff');
  });

  it('questions wait too; only a buyer may answer; the shop answers at once', async () => {
    await setModeration('staff');
    const p = products[4]!;
    const asker = await shopper();
    const q = await as(asker, `/product/${p.id}/questions`, {
      body: 'Can I take it with coffee in the morning?',
      lang: 'en',
    });
    const asked = (await json(q)).data;
    expect(asked.status).toBe('pending');
    const questionId = asked.id;
    expect((await json(await as(null, `/product/${p.id}/questions`))).data.total).toBe(0);

    const stranger = await shopper();
    const refused = await as(stranger, `/question/${questionId}/answers`, { body: 'Yes, I do.', lang: 'en' });
    expect(refused.status).toBe(404); // not shown yet

    const answered = await staffCall(moderator.token, `/staff/questions/${questionId}/answer`, {
      json: { body: 'Take it with water, an hour apart from coffee.', lang: 'en' },
    });
    expect(answered.status).toBe(200);
    const page = (await json(await as(null, `/product/${p.id}/questions`))).data;
    expect(page.total).toBe(1);
    expect(page.items[0].answers[0]).toMatchObject({
      by: 'shop',
      body: 'Take it with water, an hour apart from coffee.',
    });

    expect((await as(stranger, `/question/${questionId}/answers`, { body: 'Yes, I do.', lang: 'en' })).status).toBe(
      403,
    );
    const buyer = await shopper();
    await bought(buyer, p.sku);
    const mine = await as(buyer, `/question/${questionId}/answers`, {
      body: 'I take it after breakfast, no problem.',
      lang: 'en',
    });
    expect((await json(mine)).data.status).toBe('pending');
  });
});

describe('votes and reports', () => {
  it('one helpful vote a shopper, taken back on request, never on her own review', async () => {
    await setModeration('rules');
    const p = products[5]!;
    const author = await shopper();
    await bought(author, p.sku);
    const id = (await json(await as(author, `/product/${p.id}/reviews`, review()))).data.review.id;
    const voter = await shopper();
    for (let i = 0; i < 3; i++) await as(voter, `/review/${id}/helpful`, { value: true });
    expect((await json(await as(voter, `/review/${id}/helpful`, { value: true }))).data.helpful_count).toBe(1);
    const other = await shopper();
    expect((await json(await as(other, `/review/${id}/helpful`, { value: true }))).data.helpful_count).toBe(2);
    expect((await json(await as(other, `/review/${id}/helpful`, { value: false }))).data.helpful_count).toBe(1);
    const own = await as(author, `/review/${id}/helpful`, { value: true });
    expect(own.status).toBe(403);
    const seen = (await json(await as(voter, `/product/${p.id}/reviews`))).data.items[0];
    expect(seen).toMatchObject({ helpful_count: 1, voted: true });
    await setModeration('staff');
  });

  it('three shoppers reporting a review take it back to the queue and off the product', async () => {
    await setModeration('rules');
    const p = products[6]!;
    const author = await shopper();
    await bought(author, p.sku);
    const id = (await json(await as(author, `/product/${p.id}/reviews`, review()))).data.review.id;
    const reporter = await shopper();
    await as(reporter, `/review/${id}/report`, { reason: 'spam' });
    await as(reporter, `/review/${id}/report`, { reason: 'spam' });
    expect((await shown(p.id)).total).toBe(1);
    for (let i = 0; i < 2; i++) await as(await shopper(), `/review/${id}/report`, { reason: 'offensive' });
    expect((await shown(p.id)).total).toBe(0);
    const row = await env.DB.prepare('SELECT status, held_for FROM reviews WHERE id = ?')
      .bind(id)
      .first<{ status: string; held_for: string }>();
    expect(row).toEqual({ status: 'pending', held_for: '["reported"]' });
    const count = await env.DB.prepare('SELECT rating_count FROM products WHERE id = ?')
      .bind(p.id)
      .first<{ rating_count: number }>();
    expect(count!.rating_count).toBe(0);
    await setModeration('staff');
  });
});

describe('photos and the page', () => {
  it('stores a photo re-encoded as WebP without its EXIF, and the product page carries the summary and first reviews', async () => {
    await setModeration('rules');
    const p = products[7]!;
    const buyer = await shopper('Maryam Hussain');
    await bought(buyer, p.sku);
    const own = (await json(await as(buyer, `/product/${p.id}/reviews`, review({ photos: [EXIF_JPEG] })))).data.review;
    expect(own.photos).toHaveLength(1);
    const key = decodeURIComponent(new URL(own.photos[0].url, 'https://x').pathname.replace('/media/', ''));
    const stored = await env.MEDIA.get(key);
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(8, 12))).toBe('WEBP');
    expect(new TextDecoder('latin1').decode(bytes)).not.toContain('LeakyCam');

    const detail = (await json(await as(null, `/product/${p.slug}/v2`))).data;
    expect(detail.rating_summary).toMatchObject({ count: 1, average: 5 });
    expect(detail.reviews_preview.reviews[0]).toMatchObject({ author: 'Maryam H.', verified: true });
    const listing = (
      await json(
        await call('/product', {
          token: device,
          body: JSON.stringify({ sort: { key: 'rating', value: 'desc' } }),
          headers: { lang: 'en', 'x-country': 'KW' },
        }),
      )
    ).data;
    const card = listing.items.find((c: { id: number }) => c.id === p.id);
    expect(card.rating).toEqual({ average: 5, count: 1 });
    await setModeration('staff');
  });
});

describe('the review request', () => {
  it('asks once, the shop’s days after delivery, in the order’s language, for products not yet reviewed', async () => {
    const buyer = await shopper();
    const old = Date.now() - 8 * 86_400_000;
    await bought(buyer, products[0]!.sku, 'delivered', old);
    const origin = 'https://shop.example';
    await queueReviewRequests(env, origin);
    await queueReviewRequests(env, origin);
    const { results } = await env.DB.prepare(
      "SELECT subject, body_text, lang FROM mail_outbox WHERE to_address = ? AND kind = 'review_request'",
    )
      .bind(buyer.email)
      .all<{ subject: string; body_text: string; lang: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]!.lang).toBe('ar');
    expect(results[0]!.body_text).toContain(`/ar/products/${products[0]!.slug}#write-review`);

    const recent = await shopper();
    await bought(recent, products[0]!.sku, 'delivered', Date.now() - 86_400_000);
    await queueReviewRequests(env, origin);
    const none = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_outbox WHERE to_address = ? AND kind = 'review_request'",
    )
      .bind(recent.email)
      .first<{ n: number }>();
    expect(none!.n).toBe(0);
  });
});
