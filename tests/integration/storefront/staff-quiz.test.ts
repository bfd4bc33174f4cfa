// The quiz in the back office, through the staff app and the built API: the versions list,
// a new draft from the active version, its JSON checked with the shared schema (problems listed, the
// text kept), the preview, publishing (the old active version retired, published versions read-only),
// the catalogue permissions, the audit log, and the storefront's quiz following the published version.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuizContent } from '#shared/quiz/schema';
import { QUIZ_V1 } from '#shared/quiz/v1';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

let manager: string;
let managerAr: string;
let fulfilment: string;

const htmlText = (html: string) =>
  html
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#x27;', "'");

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  await env.API_DB.prepare(
    "INSERT INTO quiz_versions (id, status, content, created_at, updated_at, published_at) VALUES (1, 'active', ?, 0, 0, 0)",
  )
    .bind(JSON.stringify(QUIZ_V1))
    .run();
  manager = (await staffSignIn([{ role: 'catalogue_manager', country: null }], { name: 'Noor Editor' })).cookie;
  managerAr = (await staffSignIn([{ role: 'catalogue_manager', country: null }], { lang: 'ar' })).cookie;
  fulfilment = (await staffSignIn([{ role: 'fulfilment', country: null }])).cookie;
});

describe('the quiz in the back office', () => {
  it('lists the shop’s safety rules with their sources beside the versions, in English and Arabic', async () => {
    const en = htmlText(await (await staffPage('/quiz', manager)).text());
    expect(en).toContain('The shop’s safety rules');
    expect(en).toMatch(/Pregnant, breastfeeding or trying to conceive: only products of established safety/);
    expect(en).toMatch(/methylsulfonylmethane<\/span> · <a href="https:\/\//);
    expect(en).toMatch(/<td>vitamin D<\/td><td>9\+: 4000 IU<\/td><td><a href="https:\/\/ods\.od\.nih\.gov\//);
    const ar = htmlText(await (await staffPage('/quiz', managerAr)).text());
    expect(ar).toContain('قواعد السلامة في المتجر');
    expect(ar).toMatch(/<td>فيتامين د<\/td><td>9\+: 4000 وحدة دولية<\/td>/);
  });

  it('lists the versions and makes a draft from the active one; a checked draft is published', async () => {
    const list = await (await staffPage('/quiz', manager)).text();
    expect(list).toContain('href="/quiz"');
    expect(list).toMatch(/<tr data-version="1">.*?Active.*?Seed/s);

    const made = await staffPost('/quiz/new', {}, manager);
    expect(made.status).toBe(303);
    const path = made.headers.get('location')!;
    const id = Number(path.split('/').pop());
    expect(id).toBe(2);
    const draft = await (await staffPage(path, manager)).text();
    expect(draft).toContain('<strong data-testid="quiz-status">Draft</strong>');
    expect(draft).toContain('Noor Editor');
    expect(draft).toContain('<textarea');
    // The preview shows the questions and the branching.
    expect(draft).toContain('data-question="pregnancy"');
    expect(htmlText(draft)).toContain('Asked only when the answer to “Which best describes you?” is: Woman');

    // Broken content: the problems are listed and the text is kept for fixing.
    const broken = structuredClone(QUIZ_V1) as QuizContent;
    broken.rules[0]!.option = 'nope';
    const brokenText = JSON.stringify(broken);
    const refused = await staffPost(path, { content: brokenText }, manager);
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('The quiz content does not follow the quiz format.');
    expect(refusedHtml).toContain('rules.0.option: quiz_unknown_option');
    expect(htmlText(refusedHtml)).toContain(brokenText);
    const notJson = await staffPost(path, { content: '{"title": ' }, manager);
    expect(notJson.status).toBe(400);
    expect(await notJson.text()).toContain('JSON:');

    // A good change is saved, then published: it becomes active, the old one retired.
    const changed = structuredClone(QUIZ_V1) as QuizContent;
    changed.questions[0]!.text = { en: 'What is your age?', ar: 'ما عمرك؟' };
    const saved = await staffPost(path, { content: JSON.stringify(changed) }, manager);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${path}?done=saved`);
    const published = await staffPost(`${path}/publish`, {}, manager);
    expect(published.status).toBe(303);
    const after = await (await staffPage(`${path}?done=published`, manager)).text();
    expect(after).toContain('Published: this is now the quiz shoppers take.');
    expect(after).toContain('<strong data-testid="quiz-status">Active</strong>');
    expect(after).not.toContain('<textarea');
    const rows = await env.API_DB.prepare('SELECT id, status FROM quiz_versions ORDER BY id').all();
    expect(rows.results).toEqual([
      { id: 1, status: 'retired' },
      { id: 2, status: 'active' },
    ]);

    // Published versions never change.
    const again = await staffPost(path, { content: JSON.stringify(QUIZ_V1) }, manager);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Only a draft can be changed or published.');
    expect((await staffPost('/quiz/1/publish', {}, manager)).status).toBe(409);

    // Shoppers get the published version.
    const active = await (await storefront('/api/quiz/active')).json<any>();
    expect(active.data.version_id).toBe(2);
    expect(active.data.questions[0].text).toBe('What is your age?');

    // Every change is in the audit log.
    const audit = await env.API_DB.prepare(
      "SELECT action FROM audit_log WHERE resource = 'quiz_version' ORDER BY id",
    ).all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(['quiz.draft', 'quiz.edit', 'quiz.publish']);
  });

  it('shows the page in Arabic', async () => {
    const html = await (await staffPage('/quiz/2', managerAr)).text();
    expect(html).toContain('النسخة 2');
    expect(html).toContain('نشطة');
    expect(html).toContain('ما عمرك؟');
  });

  it('needs the catalogue write permission to change anything', async () => {
    // Fulfilment may read the catalogue, not write it.
    const read = await staffPage('/quiz', fulfilment);
    expect(read.status).toBe(200);
    expect(await read.text()).not.toContain('action="/quiz/new"');
    expect((await staffPost('/quiz/new', {}, fulfilment)).status).toBe(403);
    const count = await env.API_DB.prepare('SELECT count(*) AS n FROM quiz_versions').first<{ n: number }>();
    expect(count!.n).toBe(2);
  });
});
