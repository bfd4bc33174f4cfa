// The quiz's pages rendered by the storefront against the built API: /quiz with its intro
// and safety note in both languages, a signed-in shopper's /quiz-result from their stored answers with
// "because you said", within the page's 3 D1 round trips; answers never reach the storefront's KV cache.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_V1 } from '#shared/quiz/v1';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, storefront } from './helpers';

const SAME_SITE = { origin: 'http://shop.test' };
const roundTrips = (res: Response) => Number(res.headers.get('x-d1-roundtrips'));
let shopper = '';

const postJson = (path: string, body: unknown, cookie: string) =>
  storefront(path, {
    method: 'POST',
    headers: { ...SAME_SITE, 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });

const ANSWERS = {
  age: ['30-49'],
  sex: ['man'],
  goals: ['sleep'],
  diet: ['everything'],
  sun: ['rarely'],
  medications: ['none'],
};

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const now = Date.now();
  await env.API_DB.batch([
    env.API_DB.prepare(
      "INSERT INTO sku_nutrients (sku_id, nutrient, amount, unit) VALUES (101, 'vitamin-d', '1000', 'IU'), (301, 'magnesium', '200', 'mg')",
    ),
    env.API_DB.prepare(
      "INSERT INTO quiz_versions (id, status, content, created_at, updated_at, published_at) VALUES (1, 'active', ?, ?, ?, ?)",
    ).bind(JSON.stringify(QUIZ_V1), now, now, now),
  ]);
  const device = cookiesFrom(await storefront('/api/country'));
  const res = await postJson(
    '/api/user/register',
    { name: 'Quiz Taker', email: 'sf-quiz@example.com', password: 'secret1' },
    device,
  );
  shopper = `${device}; ${cookiesFrom(res)}`;
});

describe('/quiz', () => {
  it('shows the intro, the number of questions and the safety note in English and Arabic, indexable', async () => {
    for (const [path, title, count, note] of [
      ['/quiz', 'Find your supplements', '7 questions', 'This quiz is not medical advice.'],
      ['/ar/quiz', 'اعثر على مكمّلاتك الغذائية', '7 أسئلة', 'هذا الاختبار ليس استشارة طبية.'],
    ] as const) {
      const res = await storefront(path);
      expect(res.status, path).toBe(200);
      expect(roundTrips(res)).toBeLessThanOrEqual(3);
      const html = await res.text();
      expect(html).toContain(title);
      expect(html).toContain(count);
      expect(html).toContain(note);
      expect(html).toContain('data-testid="quiz-start"');
      expect(html).not.toContain('noindex');
    }
  });
});

describe('/quiz-result', () => {
  it('renders a signed-in shopper’s stored result with reasons, within 3 round trips, noindex', async () => {
    const answered = await postJson('/api/quiz/answer', { version_id: 1, answers: ANSWERS }, shopper);
    expect(answered.status).toBe(200);
    const res = await storefront('/ar/quiz-result', { headers: { cookie: shopper } });
    expect(res.status).toBe(200);
    expect(roundTrips(res)).toBeGreaterThan(0);
    expect(roundTrips(res)).toBeLessThanOrEqual(3);
    const html = await res.text();
    expect(html).toContain('noindex');
    expect(html.match(/data-testid="quiz-card"/g)).toHaveLength(2);
    expect(html).toContain('لأنك أجبت:');
    expect(html).toContain('قليل جداً: أقضي معظم وقتي في الداخل');
    // Arabic plural of two: the dual.
    expect(html).toContain('اخترنا لك منتجين.');
    expect(html).toContain('data-testid="quiz-add-all"');
  });

  it('keeps answers out of the storefront’s KV cache; the questions are cached', async () => {
    for (let i = 0; i < 2; i++) {
      const result = await storefront('/api/quiz/result', { headers: { cookie: shopper } });
      expect(result.headers.get('x-cache')).not.toBe('HIT');
      expect((await result.json<any>()).meta.code).toBe(200);
    }
    const keys = (await env.CACHE.list()).keys.map((k) => k.name);
    expect(keys.filter((k) => k.includes('quiz/result') || k.includes('quiz/answer'))).toEqual([]);
    await storefront('/api/quiz/active', { headers: { cookie: shopper } });
    const active = await storefront('/api/quiz/active', { headers: { cookie: shopper } });
    expect(active.headers.get('x-cache')).toBe('HIT');
  });

  it('shows a guest the way to the quiz (their answers stay on the device)', async () => {
    const html = await (await storefront('/quiz-result')).text();
    expect(html).toContain('Loading…');
  });
});
