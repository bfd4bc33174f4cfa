// The supplement quiz (spec §7 /quiz/active, /quiz/answer, §3 Product.reason): the active
// version's questions by language, scoring into product cards with reasons, "because you said" and
// cautions, the safety gates, prices in the shopper's currency, 4xx envelopes, a signed-in shopper's
// stored result and what changed after a retake, versioning, ownership and account removal.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuizResultView } from '#shared/quiz/api';
import type { QuizContent } from '#shared/quiz/schema';
import { QUIZ_V1 } from '#shared/quiz/v1';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json } from './helpers';
import { staffCall, staffWith } from './staff-helpers';

let token: string;
let huda: string;
let omar: string;

const as = (user: string | null): Record<string, string> => (user ? { authorization: `Bearer ${user}` } : {});
const post = (path: string, body: unknown, user: string | null, headers: Record<string, string> = {}) =>
  call(path, { body: JSON.stringify(body), token, headers: { ...as(user), ...headers } });
const get = (path: string, user: string | null, headers: Record<string, string> = {}) =>
  call(path, { token, headers: { ...as(user), ...headers } });

async function register(name: string, email: string): Promise<string> {
  const res = await call('/user/register', { body: JSON.stringify({ name, email, password: 'secret1' }), token });
  return (await json(res)).data.access_token as string;
}

/** Version 1 with rules that reach the fixture's categories and products too. */
function fixtureContent(): QuizContent {
  const content = structuredClone(QUIZ_V1) as QuizContent;
  content.rules.push(
    {
      question: 'goals',
      option: 'heart',
      targets: [{ kind: 'category', key: 'omega' }],
      weight: 35,
      reason: { en: 'Omega-3 for the heart.', ar: 'أوميغا 3 للقلب.' },
    },
    {
      question: 'goals',
      option: 'sleep',
      targets: [{ kind: 'product', key: 'gamma-ashwagandha-extract' }],
      weight: 20,
      reason: { en: 'Ashwagandha helps you unwind.', ar: 'تساعدك الأشواغاندا على الاسترخاء.' },
    },
  );
  return content;
}

const BASE = {
  age: ['30-49'],
  sex: ['man'],
  goals: ['sleep'],
  diet: ['everything'],
  sun: ['rarely'],
  medications: ['none'],
};

const answer = async (answers: Record<string, string[]>, user: string | null = null, headers = {}, version_id = 1) => {
  const res = await post('/quiz/answer', { version_id, answers }, user, headers);
  return { res, body: await json(res) };
};

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO sku_nutrients (sku_id, nutrient, amount, unit) VALUES (101, 'vitamin-d', '1000', 'IU'), (102, 'vitamin-d', '1000', 'IU'),
        (301, 'magnesium', '200', 'mg'), (401, 'vitamin-c', '1000', 'mg')`,
    ),
    env.DB.prepare(
      "INSERT INTO quiz_versions (id, status, content, created_at, updated_at, published_at) VALUES (1, 'active', ?, ?, ?, ?)",
    ).bind(JSON.stringify(fixtureContent()), now, now, now),
  ]);
  token = await deviceToken();
  huda = await register('Huda Quiz', 'huda.quiz@example.com');
  omar = await register('Omar Quiz', 'omar.quiz@example.com');
});

describe('GET /quiz/active', () => {
  it('gives the active version’s questions in the request’s language, cacheable', async () => {
    const res = await get('/quiz/active', null, { lang: 'ar' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const { data } = await json(res);
    expect(data.version_id).toBe(1);
    expect(data.questions).toHaveLength(7);
    expect(data.questions[0]).toMatchObject({ id: 'age', kind: 'single', text: 'كم عمرك؟', show_if: null });
    expect(data.questions[2]).toMatchObject({ id: 'pregnancy', show_if: { question: 'sex', any_of: ['woman'] } });
    expect(data.questions[6].options.at(-1)).toEqual({ id: 'none', text: 'لا شيء منها', none: true });
    // No scoring rules, facts or cautions leave the server with the questions.
    expect(JSON.stringify(data)).not.toMatch(/facts|weight|warfarin-vitamin-k/);
    const en = (await json(await get('/quiz/active', null))).data;
    expect(en.questions[0].text).toBe('How old are you?');
  });
});

describe('POST /quiz/answer', () => {
  it('scores a guest’s answers into cards with reason and "because you said", and stores nothing', async () => {
    const { res, body } = await answer(BASE);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const data = body.data as QuizResultView;
    expect(data.suggestions.map((s) => s.slug)).toEqual([
      'alpha-vitamin-d3-1000',
      'alpha-magnesium-glycinate',
      'gamma-ashwagandha-extract',
    ]);
    const d3 = data.suggestions[0]!;
    expect(d3).toMatchObject({
      id: 1,
      name: 'Vitamin D3 1000 IU',
      brand: { slug: 'alpha-labs' },
      default_sku: { id: 101, price: { price: 3500, old_price: null } },
      reason: expect.stringMatching(/sunlight/),
      because: [{ question: 'How much time do you spend in the sun?', answer: 'Hardly any: I am mostly indoors' }],
      cautions: [],
      payable: { price: 3500, old_price: null },
    });
    expect(data).toMatchObject({ version_id: 1, currency: 'KWD', changes: null, created_at: null, removed: [] });
    const stored = await env.DB.prepare('SELECT count(*) AS n FROM quiz_results').first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  it('answers in Arabic, with Saudi prices in SAR, VAT included', async () => {
    const { body } = await answer(BASE, null, { lang: 'ar', 'x-country': 'SA' });
    const data = body.data as QuizResultView;
    expect(data.currency).toBe('SAR');
    const d3 = data.suggestions[0]!;
    expect(d3.name).toBe('فيتامين د3 1000 وحدة');
    expect(d3.reason).toMatch(/فيتامين د/);
    expect(d3.because[0]!.answer).toBe('قليل جداً: أقضي معظم وقتي في الداخل');
    // 3.500 KWD × 12.2 × 1.15 = SAR 49.11.
    expect(d3.payable).toEqual({ price: 4911, old_price: null });
    expect(d3.default_sku.price.price).toBe(3500);
  });

  it('applies the safety gates after scoring: removes with an explanation, or cautions', async () => {
    const pregnant = (
      await answer({
        ...BASE,
        sex: ['woman'],
        pregnancy: ['pregnant'],
        goals: ['sleep', 'heart'],
        medications: ['warfarin'],
      })
    ).body.data as QuizResultView;
    expect(pregnant.suggestions.map((s) => s.slug)).not.toContain('gamma-ashwagandha-extract');
    expect(pregnant.removed).toEqual([
      {
        slug: 'gamma-ashwagandha-extract',
        name: 'Ashwagandha Extract',
        why: ['These herbs are not known to be safe in pregnancy or while breastfeeding.'],
      },
    ]);
    const fish = pregnant.suggestions.find((s) => s.slug === 'beta-omega-3-fish-oil')!;
    expect(fish.cautions).toEqual([expect.stringMatching(/blood thinners/)]);
    expect(fish.because[0]).toEqual({ question: 'What would you like to support?', answer: 'Heart health' });
    const teen = (await answer({ ...BASE, age: ['under-18'] })).body.data as QuizResultView;
    expect(teen.suggestions).toEqual([]);
    expect(teen.removed[0]!.why[0]).toMatch(/for adults/);
  });

  it('reads the card’s daily dose: above the UL it is left out in pregnancy and cautioned for a 50+ man', async () => {
    const setDose = (amount: string) =>
      env.DB.prepare("UPDATE sku_nutrients SET amount = ? WHERE sku_id = 101 AND nutrient = 'vitamin-d'")
        .bind(amount)
        .run();
    await setDose('5000');
    try {
      for (const [lang, pattern] of [
        ['en', /vitamin D \(5000 IU\) is above the safe upper limit in pregnancy and breastfeeding \(4000 IU a day\)/],
        ['ar', /فيتامين د \(5000 وحدة دولية\) أعلى من الحد الأعلى الآمن أثناء الحمل والرضاعة/],
      ] as const) {
        const pregnant = (await answer({ ...BASE, sex: ['woman'], pregnancy: ['breastfeeding'] }, null, { lang })).body
          .data as QuizResultView;
        const offered = pregnant.suggestions.flatMap((s) => [s.slug, ...s.alternatives.map((a) => a.slug)]);
        expect(offered).not.toContain('alpha-vitamin-d3-1000');
        expect(pregnant.removed.find((r) => r.slug === 'alpha-vitamin-d3-1000')!.why.join(' ')).toMatch(pattern);
      }
      const man = (await answer({ ...BASE, age: ['50-plus'] }, null, { 'x-country': 'SA' })).body
        .data as QuizResultView;
      const d3 = man.suggestions.find((s) => s.slug === 'alpha-vitamin-d3-1000')!;
      expect(d3.cautions).toContainEqual(
        expect.stringMatching(/above the safe upper limit for your age \(4000 IU a day\)/),
      );
    } finally {
      await setDose('1000');
    }
  });

  it('answers 4xx envelopes for bad answers, a bad body and unknown or draft versions', async () => {
    const unknownOption = await answer({ ...BASE, goals: ['flying'] });
    expect(unknownOption.res.status).toBe(400);
    expect(unknownOption.body.meta.msg).toBe('quiz_answers_invalid');
    const twoForOne = await answer({ ...BASE, age: ['18-29', '30-49'] });
    expect(twoForOne.body.meta.msg).toBe('quiz_answers_invalid');
    const unanswered = await answer({ age: ['18-29'] });
    expect(unanswered.res.status).toBe(400);
    const noBody = await post('/quiz/answer', { answers: 'yes' }, null);
    expect(noBody.status).toBe(400);
    expect((await json(noBody)).meta.msg).toBe('validation_failed');
    expect((await answer(BASE, null, {}, 999)).res.status).toBe(404);
    await env.DB.prepare(
      "INSERT INTO quiz_versions (id, status, content, created_at, updated_at) VALUES (50, 'draft', ?, 0, 0)",
    )
      .bind(JSON.stringify(fixtureContent()))
      .run();
    expect((await answer(BASE, null, {}, 50)).res.status).toBe(404);
    await env.DB.prepare('DELETE FROM quiz_versions WHERE id = 50').run();
  });
});

describe('a signed-in shopper’s result', () => {
  it('is stored, shown again from GET /quiz/result, and a retake shows what changed', async () => {
    expect((await json(await get('/quiz/result', huda))).data).toBeNull();
    const first = (await answer(BASE, huda)).body.data as QuizResultView;
    expect(first.created_at).toEqual(expect.any(Number));
    expect(first.changes).toBeNull();
    const retake = (await answer({ ...BASE, goals: ['immunity'] }, huda)).body.data as QuizResultView;
    expect(retake.suggestions.map((s) => s.slug)).toEqual(['alpha-vitamin-d3-1000', 'gamma-vitamin-c-1000']);
    expect(retake.changes).toEqual({
      added: [{ slug: 'gamma-vitamin-c-1000', name: 'Vitamin C 1000 mg' }],
      removed: [
        { slug: 'alpha-magnesium-glycinate', name: 'Magnesium Glycinate' },
        { slug: 'gamma-ashwagandha-extract', name: 'Ashwagandha Extract' },
      ],
    });
    const res = await get('/quiz/result', huda, { lang: 'ar' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const again = (await json(res)).data as QuizResultView;
    expect(again.answers).toEqual({ ...BASE, goals: ['immunity'] });
    expect(again.suggestions.map((s) => s.slug)).toEqual(['alpha-vitamin-d3-1000', 'gamma-vitamin-c-1000']);
    expect(again.changes!.added).toEqual([{ slug: 'gamma-vitamin-c-1000', name: 'فيتامين سي 1000 ملغ' }]);
  });

  it('is the owner’s only: another shopper sees none of it, a guest gets 401', async () => {
    expect((await json(await get('/quiz/result', omar))).data).toBeNull();
    const guest = await get('/quiz/result', null);
    expect(guest.status).toBe(401);
    expect((await json(guest)).meta.msg).toBe('unauthorized');
  });

  it('scores a stored result with its own version after a new version is published', async () => {
    const before = (await json(await get('/quiz/result', huda))).data as QuizResultView;
    const v2 = fixtureContent();
    v2.questions = v2.questions.filter((q) => q.id !== 'sun');
    v2.rules = v2.rules.filter((r) => r.question !== 'sun');
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE quiz_versions SET status = 'retired' WHERE id = 1"),
      env.DB.prepare(
        "INSERT INTO quiz_versions (id, status, content, created_at, updated_at, published_at) VALUES (2, 'active', ?, ?, ?, ?)",
      ).bind(JSON.stringify(v2), now, now, now),
    ]);
    expect((await json(await get('/quiz/active', null))).data.version_id).toBe(2);
    const after = (await json(await get('/quiz/result', huda))).data as QuizResultView;
    expect(after).toEqual(before);
    // A guest's answers kept on the device under the retired version still score with it.
    const guest = (await answer(BASE, null, {}, 1)).body.data as QuizResultView;
    expect(guest.suggestions[0]!.slug).toBe('alpha-vitamin-d3-1000');
    // Version 2 has no sun question: the same answers are not its answers.
    expect((await answer(BASE, null, {}, 2)).res.status).toBe(400);
  });

  it('goes with the account', async () => {
    const leaving = await register('Leaving Quiz', 'leaving.quiz@example.com');
    const { sun: _, ...v2Answers } = BASE;
    expect((await answer(v2Answers, leaving, {}, 2)).res.status).toBe(200);
    const me = await json(await get('/user/me', leaving));
    const count = () =>
      env.DB.prepare('SELECT count(*) AS n FROM quiz_results WHERE user_id = ?')
        .bind(me.data.user.id)
        .first<{ n: number }>();
    expect((await count())!.n).toBe(1);
    expect((await post('/user/remove', { password: 'secret1' }, leaving)).status).toBe(200);
    expect((await count())!.n).toBe(0);
  });
});

// The back office's quiz routes answer through the staff app (tests/integration/storefront/staff-quiz),
// whose pages this file's call() does not see: here each answers once, so its contract's response
// schema is checked (decision 68).
describe('the back office’s quiz versions', () => {
  it('lists them, copies the active one into a draft, saves its content and publishes it', async () => {
    const manager = await staffWith([{ role: 'catalogue_manager', country: null }]);
    const list = await json(await staffCall(manager.token, '/staff/quiz/versions'));
    expect(list.data.versions.find((v: { status: string }) => v.status === 'active').id).toBe(2);
    const made = await json(await staffCall(manager.token, '/staff/quiz/versions', { json: {} }));
    const id = made.data.id as number;
    const draft = await json(await staffCall(manager.token, `/staff/quiz/versions/${id}`));
    expect(draft.data.version).toMatchObject({ id, status: 'draft', published_at: null });
    expect(draft.data.issues).toEqual([]);
    const saved = await staffCall(manager.token, `/staff/quiz/versions/${id}`, {
      json: { content: JSON.stringify(fixtureContent()) },
    });
    expect(await json(saved)).toMatchObject({ data: { id }, meta: { msg: 'quiz_version_saved' } });
    const published = await staffCall(manager.token, `/staff/quiz/versions/${id}/publish`, { json: {} });
    expect(await json(published)).toMatchObject({ data: { id }, meta: { msg: 'quiz_version_published' } });
    expect((await json(await get('/quiz/active', null))).data.version_id).toBe(id);
  });
});
