// The seeded quiz: version 1 is in the normal seed, active, valid, and every target of its
// rules reaches the seeded catalogue (a category that exists, a nutrient some seeded strength gives).
import { describe, expect, it } from 'vitest';
import { contentTargets } from '#shared/quiz/engine';
import { parseQuizContent } from '#shared/quiz/schema';
import { QUIZ_V1 } from '#shared/quiz/v1';
import { catalogueStatements } from './catalogue';
import { buildCategories } from './plan';

describe('the seeded quiz', () => {
  const statements = [...catalogueStatements('demo')];

  it('inserts version 1 as the active version, valid against the shared schema', () => {
    const quiz = statements.filter((s) => s.startsWith('INSERT INTO quiz_versions '));
    expect(quiz).toHaveLength(1);
    expect(quiz[0]).toContain("(1,'active','");
    const json = /'(\{.*\})'/s.exec(quiz[0]!)![1]!.replaceAll("''", "'");
    const parsed = parseQuizContent(json);
    expect(parsed.ok && parsed.content).toEqual(QUIZ_V1);
  });

  it('maps every target to the seeded catalogue', () => {
    const categories = new Set(buildCategories().map((c) => c.slug));
    const doses = statements.filter((s) => s.startsWith('INSERT INTO sku_nutrients ')).join('\n');
    for (const t of contentTargets(QUIZ_V1)) {
      if (t.kind === 'category') expect(categories.has(t.key), t.key).toBe(true);
      if (t.kind === 'nutrient') expect(doses, t.key).toContain(`'${t.key}'`);
    }
  });
});
