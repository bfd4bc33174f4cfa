// Moderation in the back office (decision 44), through the staff app and the built API: the queue in
// English and Arabic with what held each text and its reports, Approve (the review shows on the product's
// list), Reject with the reason its author reads (a reject without one comes back with the form and what
// was typed), the shop's answer to a question, the settings, and a role without the permission refused.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const ARABIC_REVIEW = 'منتج ممتاز، أستخدمه كل صباح منذ شهرين وأشعر بنشاط أكثر.';
const CLAIM_REVIEW = 'These softgels cured my diabetes in a week, throw away your pills.';
const QUESTION = 'Can I take this with my morning coffee?';

let support: string;
let supportAr: string;
let fulfilment: string;
const ids = { praise: 0, claim: 0, question: 0 };

const decoded = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** A shopper written straight into the table, her address proven (as her opened link leaves it). */
async function user(name: string, lang: 'en' | 'ar') {
  const row = await env.API_DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at, email_proven_at) VALUES (?, ?, 'unused', ?, 0, 0) RETURNING id",
  )
    .bind(name, `rv-${crypto.randomUUID().slice(0, 8)}@example.com`, lang)
    .first<{ id: number }>();
  return row!.id;
}

const shownReviews = async (productId: number) =>
  (
    await (
      await storefront(`/api/product/${productId}/reviews`, { headers: { lang: 'en', 'x-country': 'KW' } })
    ).json<{
      data: { items: Array<{ body: string }> };
    }>()
  ).data.items.map((r) => r.body);

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const fatima = await user('فاطمة الصباح', 'ar');
  const noura = await user('Noura Al-Harbi', 'en');
  const now = Date.now();
  const insertReview = env.API_DB.prepare(
    `INSERT INTO reviews (product_id, user_id, rating, title, body, lang, verified, status, held_for, created_at, updated_at)
     VALUES (1, ?, ?, ?, ?, ?, 1, 'pending', ?, ?, ?) RETURNING id`,
  );
  ids.praise = (await insertReview
    .bind(fatima, 5, 'رائع', ARABIC_REVIEW, 'ar', '[]', now - 2000, now - 2000)
    .first<{ id: number }>())!.id;
  ids.claim = (await insertReview
    .bind(noura, 2, '', CLAIM_REVIEW, 'en', '["health_claim","reported"]', now - 1000, now - 1000)
    .first<{ id: number }>())!.id;
  await env.API_DB.prepare(
    "INSERT INTO review_photos (review_id, position, r2_key, width, height) VALUES (?, 0, 'reviews/p1/ushot', 960, 720)",
  )
    .bind(ids.claim)
    .run();
  await env.API_DB.prepare(
    "INSERT INTO review_reports (review_id, user_id, reason, created_at) VALUES (?, ?, 'medical', ?)",
  )
    .bind(ids.claim, fatima, now)
    .run();
  ids.question = (await env.API_DB.prepare(
    `INSERT INTO questions (product_id, user_id, body, lang, status, held_for, created_at)
     VALUES (2, ?, ?, 'en', 'pending', '[]', ?) RETURNING id`,
  )
    .bind(noura, QUESTION, now)
    .first<{ id: number }>())!.id;
  support = (await staffSignIn([{ role: 'support', country: null }], { name: 'Reem Support' })).cookie;
  supportAr = (await staffSignIn([{ role: 'support', country: null }], { lang: 'ar' })).cookie;
  fulfilment = (await staffSignIn([{ role: 'fulfilment', country: null }])).cookie;
});

describe('reviews and questions in the back office', () => {
  it('lists what waits with its stars, language, author, the rule that held it and its reports, in both languages', async () => {
    const res = await staffPage('/reviews', support);
    expect(res.status).toBe(200);
    const en = decoded(await res.text());
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(en).toMatch(/<a href="\/reviews" aria-current="page">Reviews<\/a>/);
    expect(en).toContain('Waiting (3)');
    expect(en).toContain(ARABIC_REVIEW);
    expect(en).toContain(CLAIM_REVIEW);
    expect(en).toContain(QUESTION);
    expect(en).toContain('Review of Vitamin D3 1000 IU');
    expect(en).toContain('5 stars of 5');
    expect(en).toContain('2 stars of 5');
    expect(en).toContain('A cure claim');
    expect(en).toContain('Reported by shoppers');
    expect(en).toContain('Medical claim: 1 shopper');
    expect(en).toContain('No rule held it: every text waits for a person');
    // The name as the product page shows it, and the address to reach the author.
    expect(en).toContain('Noura A.');
    expect(en).toMatch(/rv-[0-9a-f]{8}@example.com/);
    expect(en).toMatch(/<div class="written" lang="ar" dir="auto">/);
    expect(en).toContain(`action="/reviews/question/${ids.question}/answer"`);
    expect(en).toContain('src="/media/reviews/p1/ushot-960.webp"');

    const ar = decoded(await (await staffPage('/reviews', supportAr)).text());
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('التقييمات والأسئلة');
    expect(ar).toContain('بانتظار المراجعة (3)');
    // Arabic counts: the dual for two stars, the singular with its own word for one shopper.
    expect(ar).toContain('نجمتان من 5');
    expect(ar).toContain('ادعاء طبي: متسوق واحد');
    expect(ar).toContain('ادعاء علاج');
    expect(ar).toContain('العربية');
  });

  it('approves a review through its form: it shows on the product’s list', async () => {
    const res = await staffPost(
      `/reviews/review/${ids.praise}/decide`,
      { decision: 'approve', tab: 'pending' },
      support,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/reviews?done=decided');
    const after = decoded(await (await staffPage('/reviews?done=decided', support)).text());
    expect(after).toContain('Decision saved. The author has been told by mail.');
    expect(after).not.toContain(ARABIC_REVIEW);
    expect(await shownReviews(1)).toEqual([ARABIC_REVIEW]);
  });

  it('refuses a reject without a reason, or with one too long, and keeps the form with what was typed', async () => {
    const empty = await staffPost(
      `/reviews/review/${ids.claim}/decide`,
      { decision: 'reject', reason: '  ', tab: 'pending' },
      support,
    );
    expect(empty.status).toBe(400);
    const page = decoded(await empty.text());
    expect(page).toContain('Write the reason the author will read.');
    expect(page).toMatch(new RegExp(`<textarea id="review-${ids.claim}-reason" name="reason"[^>]*aria-invalid="true"`));
    expect(page).toContain(CLAIM_REVIEW);

    const long = 'x'.repeat(301);
    const tooLong = await staffPost(
      `/reviews/review/${ids.claim}/decide`,
      { decision: 'reject', reason: long, tab: 'pending' },
      support,
    );
    expect(tooLong.status).toBe(400);
    const longPage = await tooLong.text();
    expect(longPage).toContain('A reason can have at most 300 characters.');
    expect(longPage).toContain(`>${long}</textarea>`);
    const row = await env.API_DB.prepare('SELECT status FROM reviews WHERE id = ?').bind(ids.claim).first();
    expect(row).toEqual({ status: 'pending' });

    const arabic = await staffPost(
      `/reviews/review/${ids.claim}/decide`,
      { decision: 'reject', tab: 'pending' },
      supportAr,
    );
    expect(arabic.status).toBe(400);
    expect(await arabic.text()).toContain('اكتب السبب الذي سيقرؤه الكاتب.');
  });

  it('rejects with the reason: the API keeps it for the author, the list stays without it, the audit log has it', async () => {
    const reason = 'Reviews may not claim that a supplement cures a disease.';
    const res = await staffPost(
      `/reviews/review/${ids.claim}/decide`,
      { decision: 'reject', reason, tab: 'pending' },
      support,
    );
    expect(res.status).toBe(303);
    const row = await env.API_DB.prepare('SELECT status, reject_reason FROM reviews WHERE id = ?')
      .bind(ids.claim)
      .first();
    expect(row).toEqual({ status: 'rejected', reject_reason: reason });
    expect(await shownReviews(1)).toEqual([ARABIC_REVIEW]);
    const audit = await env.API_DB.prepare(
      "SELECT reason FROM audit_log WHERE action = 'review.reject' AND resource_id = ?",
    )
      .bind(String(ids.claim))
      .first();
    expect(audit).toEqual({ reason });
    const mail = await env.API_DB.prepare(
      "SELECT count(*) AS n FROM mail_outbox WHERE kind = 'review_decision'",
    ).first();
    expect((mail as { n: number }).n).toBeGreaterThanOrEqual(2);

    const rejected = decoded(await (await staffPage('/reviews?status=rejected', support)).text());
    expect(rejected).toMatch(/<a href="\/reviews\?status=rejected" aria-current="page">/);
    expect(rejected).toContain(CLAIM_REVIEW);
    expect(rejected).toContain(`Reason given: ${reason}`);
    // A rejected text can still be approved, not rejected again.
    expect(rejected).toContain('value="approve"');
    expect(rejected).not.toContain(`id="review-${ids.claim}-reason"`);
  });

  it('publishes the shop’s answer to a question, which approves the question', async () => {
    const empty = await staffPost(`/reviews/question/${ids.question}/answer`, { body: '', lang: 'en' }, support);
    expect(empty.status).toBe(400);
    expect(decoded(await empty.text())).toContain('Your answer is required');
    const res = await staffPost(
      `/reviews/question/${ids.question}/answer`,
      { body: 'Yes: leave an hour between them for the best absorption.', lang: 'en', tab: 'pending' },
      support,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/reviews?done=answered');
    const answer = await env.API_DB.prepare(
      'SELECT staff_id IS NOT NULL AS shop, status FROM answers WHERE question_id = ?',
    )
      .bind(ids.question)
      .first();
    expect(answer).toEqual({ shop: 1, status: 'approved' });
    expect(await env.API_DB.prepare('SELECT status FROM questions WHERE id = ?').bind(ids.question).first()).toEqual({
      status: 'approved',
    });
    expect(await (await staffPage('/reviews?done=answered', support)).text()).toContain('Your answer is published.');
  });

  it('saves the moderation settings, and refuses days out of range', async () => {
    const bad = await staffPost('/reviews/settings', { moderation: 'rules', request_days: '0' }, support);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose what waits and a number of days from 1 to 60.');
    const res = await staffPost('/reviews/settings', { moderation: 'rules', request_days: '10' }, support);
    expect(res.status).toBe(303);
    const { results } = await env.API_DB.prepare(
      "SELECT key, value FROM shop_settings WHERE key LIKE 'reviews.%' ORDER BY key",
    ).all();
    expect(results).toEqual([
      { key: 'reviews.moderation', value: 'rules' },
      { key: 'reviews.request_days', value: '10' },
    ]);
    const page = await (await staffPage('/reviews?done=settings', support)).text();
    expect(page).toContain('Moderation settings saved.');
    expect(page).toContain('id="moderation-rules" name="moderation" checked=""');
    expect(page).toContain('value="10"');
  });

  it('shows review photos to moderators who do not read the catalogue, and only those', async () => {
    // Allowed, and asked of the API (which has no such file here): not a refusal.
    const missing = await staffPage('/media/reviews/p1/ushot-960.webp', support);
    expect(missing.status).toBe(404);
    // The back office's own not-found page, as every refusal of it is, not an empty answer.
    expect(await missing.text()).toContain('There is nothing at this address.');
    expect((await staffPage('/media/reviews/p1/ushot-960.webp', fulfilment)).status).toBe(403);
    expect((await staffPage('/media/products/alpha-400.webp', support)).status).toBe(403);
  });

  it('is refused to a role without the reviews permissions', async () => {
    expect(await (await staffPage('/', fulfilment)).text()).not.toContain('href="/reviews"');
    expect((await staffPage('/reviews', fulfilment)).status).toBe(403);
    const post = await staffPost(`/reviews/review/${ids.claim}/decide`, { decision: 'approve' }, fulfilment);
    expect(post.status).toBe(403);
    expect(await env.API_DB.prepare('SELECT status FROM reviews WHERE id = ?').bind(ids.claim).first()).toEqual({
      status: 'rejected',
    });
  });
});
