// The quiz engine: the seeded version is valid, answers are checked against their version
// (branching, unknown ids), scoring adds weights with stable tie-breaks, the safety gates remove or
// caution after scoring, and a result stored under an old version scores the same after a new one.
import { changesBetween } from './changes';
import { describe, expect, it } from 'vitest';
import { askedQuestions, checkAnswers, contentTargets, score, type QuizCatalogueProduct } from './engine';
import { parseQuizContent, quizContentSchema, type QuizAnswers, type QuizContent } from './schema';
import { QUIZ_V1 } from './v1';
import type { Dose, Nutrient } from '../blood-tests/upper-limits';

const product = (
  slug: string,
  targets: string[],
  rank: number,
  nutrients: string[] = [],
  ingredients = '',
  doses: Dose[] = [],
) => ({ slug, targets, rank, nutrients, ingredients, doses }) satisfies QuizCatalogueProduct;

const dose = (nutrient: Nutrient, amount: string, unit: Dose['unit']): Dose => ({ nutrient, amount, unit });

const CATALOGUE: QuizCatalogueProduct[] = [
  product('d3-1000', ['nutrient:vitamin-d'], 1, ['vitamin-d'], 'vitamin d3 (as cholecalciferol)', [
    dose('vitamin-d', '1000', 'IU'),
  ]),
  product('d3-k2', ['nutrient:vitamin-d'], 2, ['vitamin-d'], 'vitamin d3 and vitamin k2 (as menaquinone-7)', [
    dose('vitamin-d', '5000', 'IU'),
  ]),
  product('b12', ['nutrient:vitamin-b12'], 3, ['vitamin-b12'], 'methylcobalamin', [dose('vitamin-b12', '1000', 'mcg')]),
  product('iron-18', ['nutrient:iron'], 4, ['iron'], 'iron bisglycinate', [dose('iron', '18', 'mg')]),
  product('mag-200', ['nutrient:magnesium'], 5, ['magnesium'], 'magnesium glycinate', [dose('magnesium', '200', 'mg')]),
  product('fish-oil', ['category:omega-fish-oil'], 6, [], 'fish oil concentrate, providing epa and dha'),
  product('cod-liver', ['category:omega-fish-oil'], 7, ['vitamin-a'], 'cod liver oil, naturally providing vitamin a', [
    dose('vitamin-a', '750', 'mcg'),
  ]),
  product('folic-400', ['nutrient:folic-acid'], 8, ['folic-acid'], 'folic acid', [dose('folic-acid', '400', 'mcg')]),
  product('vit-c', ['nutrient:vitamin-c'], 9, ['vitamin-c'], 'ascorbic acid', [dose('vitamin-c', '1000', 'mg')]),
  product('zinc-25', ['nutrient:zinc'], 10, ['zinc'], 'zinc picolinate', [dose('zinc', '25', 'mg')]),
  product(
    'cal-d3',
    ['nutrient:calcium', 'category:bone-joint', 'nutrient:vitamin-d'],
    11,
    ['calcium', 'vitamin-d'],
    'calcium carbonate',
    [dose('calcium', '600', 'mg'), dose('vitamin-d', '400', 'IU')],
  ),
];

const BASE: QuizAnswers = {
  age: ['30-49'],
  sex: ['man'],
  goals: ['sleep'],
  diet: ['everything'],
  sun: ['rarely'],
  medications: ['none'],
};

function run(answers: QuizAnswers, content: QuizContent = QUIZ_V1, catalogue = CATALOGUE) {
  const checked = checkAnswers(content, answers);
  if (!checked.ok) throw new Error(checked.problem);
  return score(content, checked.answers, catalogue);
}

describe('quiz content', () => {
  it('version 1 is valid, has at most 8 questions, and every text in both languages', () => {
    const parsed = quizContentSchema.safeParse(QUIZ_V1);
    expect(parsed.success).toBe(true);
    expect(QUIZ_V1.questions.length).toBeLessThanOrEqual(8);
    for (const q of QUIZ_V1.questions) {
      expect(q.text.ar).toMatch(/[\u0600-\u06ff]/);
      for (const o of q.options) expect(o.text.ar).toMatch(/[\u0600-\u06ff]/);
    }
    for (const c of QUIZ_V1.cautions) expect(c.text.ar).toMatch(/[\u0600-\u06ff]/);
  });

  it('rejects content that names unknown questions, options or ingredients, or a later question in show_if', () => {
    const broken = structuredClone(QUIZ_V1) as QuizContent;
    broken.rules[0]!.option = 'nope';
    broken.cautions[1]!.ingredient = 'unobtainium';
    broken.questions[0]!.show_if = { question: 'sex', any_of: ['woman'] };
    const result = parseQuizContent(JSON.stringify(broken));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        'rules.0.option: quiz_unknown_option',
        'cautions.1.ingredient: quiz_unknown_ingredient',
        'questions.0.show_if.question: quiz_unknown_question',
      ]),
    );
    expect(parseQuizContent('{"title":').ok).toBe(false);
    const nine = { ...QUIZ_V1, questions: [...QUIZ_V1.questions, ...QUIZ_V1.questions.slice(0, 2)] };
    expect(quizContentSchema.safeParse(nine).success).toBe(false);
  });

  it('lists every target its rules name, once, in a stable order', () => {
    const keys = contentTargets(QUIZ_V1).map((t) => `${t.kind}:${t.key}`);
    expect(keys).toEqual([...new Set(keys)].sort());
    expect(keys).toContain('nutrient:vitamin-d');
    expect(keys).toContain('category:omega-fish-oil');
  });
});

describe('answers against their version', () => {
  it('skips the pregnancy question for men and asks it for women', () => {
    expect(askedQuestions(QUIZ_V1, BASE).map((q) => q.id)).not.toContain('pregnancy');
    expect(askedQuestions(QUIZ_V1, { ...BASE, sex: ['woman'] }).map((q) => q.id)).toContain('pregnancy');
  });

  it('drops an answer to a skipped question and refuses unknown ids, two options of a single choice, "none" with others', () => {
    const dropped = checkAnswers(QUIZ_V1, { ...BASE, pregnancy: ['pregnant'] });
    expect(dropped).toEqual({ ok: true, answers: BASE });
    expect(checkAnswers(QUIZ_V1, { ...BASE, shoe: ['42'] }).ok).toBe(false);
    expect(checkAnswers(QUIZ_V1, { ...BASE, goals: ['flying'] }).ok).toBe(false);
    expect(checkAnswers(QUIZ_V1, { ...BASE, age: ['18-29', '30-49'] }).ok).toBe(false);
    expect(checkAnswers(QUIZ_V1, { ...BASE, medications: ['none', 'warfarin'] }).ok).toBe(false);
    expect(checkAnswers(QUIZ_V1, { ...BASE, medications: ['warfarin', 'warfarin'] }).ok).toBe(false);
    const { sun: _, ...missing } = BASE;
    expect(checkAnswers(QUIZ_V1, missing).ok).toBe(false);
    // A woman must answer the pregnancy question.
    expect(checkAnswers(QUIZ_V1, { ...BASE, sex: ['woman'] }).ok).toBe(false);
  });

  it('keeps options in the question’s order whatever order they came in', () => {
    const a = checkAnswers(QUIZ_V1, { ...BASE, goals: ['heart', 'sleep', 'energy'] });
    expect(a.ok && a.answers.goals).toEqual(['energy', 'sleep', 'heart']);
  });
});

describe('scoring', () => {
  it('ranks by summed weight, explains each suggestion with the answers that brought it in', () => {
    const result = run(BASE);
    // Indoors (vitamin D, 45) and sleep (magnesium, 35): one product a need, the others on request.
    expect(result.suggestions.map((s) => s.slug)).toEqual(['d3-1000', 'mag-200']);
    const d3 = result.suggestions[0]!;
    expect(d3.alternatives.map((a) => a.slug)).toEqual(['d3-k2', 'cal-d3']);
    expect(d3.score).toBe(45);
    expect(d3.reason.en).toMatch(/sunlight/);
    expect(d3.because).toEqual([
      { question: QUIZ_V1.questions[5]!.text, answer: QUIZ_V1.questions[5]!.options[0]!.text },
    ]);
    expect(result.removed).toEqual([]);
  });

  it('adds the weights of several answers on one product, and breaks ties by rank then slug', () => {
    const result = run({ ...BASE, age: ['50-plus'], goals: ['energy'], diet: ['vegan'] });
    const b12 = result.suggestions.find((s) => s.slug === 'b12')!;
    expect(b12.score).toBe(30 + 25 + 40);
    expect(b12.because.map((b) => b.answer.en)).toEqual(['50 or older', 'Energy and focus', 'Vegan']);
    expect(b12.reason.en).toMatch(/animal foods/);
    expect(result.suggestions[0]!.slug).toBe('b12');
    const tie = run(
      BASE,
      QUIZ_V1,
      [...CATALOGUE].reverse().map((p) => ({ ...p, rank: 1 })),
    );
    expect(tie.suggestions.map((s) => s.slug)).toEqual(['cal-d3', 'mag-200']);
    expect(tie.suggestions[0]!.alternatives.map((a) => a.slug)).toEqual(['d3-1000', 'd3-k2']);
  });

  it('suggests at most 6 products', () => {
    const result = run({ ...BASE, goals: ['energy', 'immunity', 'bones', 'sleep', 'heart'], diet: ['vegan'] });
    expect(result.suggestions).toHaveLength(6);
  });

  it('is deterministic: the same inputs in any order give the same result', () => {
    const a = run({ ...BASE, goals: ['energy', 'immunity', 'heart'] });
    const b = run(
      {
        medications: ['none'],
        sun: ['rarely'],
        diet: ['everything'],
        goals: ['heart', 'immunity', 'energy'],
        sex: ['man'],
        age: ['30-49'],
      },
      QUIZ_V1,
      [...CATALOGUE].reverse(),
    );
    expect(b).toEqual(a);
  });
});

describe('safety gates, after scoring', () => {
  it('removes vitamin K for someone on warfarin and cautions fish oil, with the explanation', () => {
    const result = run({ ...BASE, goals: ['heart'], medications: ['warfarin'] });
    expect(result.suggestions.map((s) => s.slug)).not.toContain('d3-k2');
    expect(result.removed).toContainEqual({
      slug: 'd3-k2',
      why: [QUIZ_V1.cautions.find((c) => c.id === 'warfarin-vitamin-k')!.text],
    });
    expect(result.suggestions.find((s) => s.slug === 'fish-oil')!.cautions[0]!.en).toMatch(/blood thinners/);
    expect(result.facts).toEqual(['warfarin']);
  });

  it('cautions iron and calcium timing with levothyroxine, and minerals with antibiotics', () => {
    const result = run({
      ...BASE,
      sex: ['woman'],
      pregnancy: ['no'],
      goals: ['bones'],
      medications: ['levothyroxine', 'antibiotic'],
    });
    const iron = result.suggestions.find((s) => s.slug === 'iron-18')!;
    expect(iron.cautions.map((c) => c.en)).toEqual([
      expect.stringMatching(/levothyroxine/),
      expect.stringMatching(/antibiotic/),
    ]);
    expect(result.suggestions.find((s) => s.slug === 'cal-d3')!.cautions[0]!.en).toMatch(/Calcium stops levothyroxine/);
  });

  it('removes high-dose vitamin A in pregnancy and keeps folic acid first', () => {
    const result = run({ ...BASE, sex: ['woman'], pregnancy: ['pregnant'], diet: ['little-fish'] });
    expect(result.suggestions[0]!.slug).toBe('folic-400');
    expect(result.suggestions.map((s) => s.slug)).toContain('fish-oil');
    expect(result.removed.map((r) => r.slug)).toContain('cod-liver');
    expect(result.removed.find((r) => r.slug === 'cod-liver')!.why[0]!.ar).toMatch(/الجنين/);
  });

  it('removes St John’s wort for antidepressants, the pill or warfarin', () => {
    const content = structuredClone(QUIZ_V1) as QuizContent;
    content.rules.push({
      question: 'goals',
      option: 'sleep',
      targets: [{ kind: 'product', key: 'hypericum' }],
      weight: 90,
      reason: { en: 'Mood', ar: 'المزاج' },
    });
    const withHerb = [...CATALOGUE, product('hypericum', ['product:hypericum'], 20, [], "st john's wort extract")];
    for (const med of ['antidepressant', 'contraceptive', 'warfarin']) {
      const result = run({ ...BASE, medications: [med] }, content, withHerb);
      expect(result.removed.map((r) => r.slug)).toContain('hypericum');
    }
    expect(run(BASE, content, withHerb).suggestions[0]!.slug).toBe('hypericum');
  });

  it('removes everything for under-18s, saying why', () => {
    const result = run({ ...BASE, age: ['under-18'] });
    expect(result.suggestions).toEqual([]);
    expect(result.removed.length).toBeGreaterThan(0);
    expect(result.removed[0]!.why[0]!.en).toMatch(/for adults/);
  });
});

describe("the shop's safety rules, whatever the version says", () => {
  const msm = product('msm', ['category:bone-joint'], 12, [], 'msm methylsulfonylmethane (msm) 1000 mg');
  const folics = [
    product('folic-a', ['nutrient:folic-acid'], 20, ['folic-acid'], 'folic acid', [dose('folic-acid', '400', 'mcg')]),
    product('folic-b', ['nutrient:folic-acid'], 21, ['folic-acid'], 'folic acid', [dose('folic-acid', '400', 'mcg')]),
    product('folic-c', ['nutrient:folic-acid'], 22, ['folic-acid'], 'folic acid', [dose('folic-acid', '800', 'mcg')]),
  ];
  const catalogue = [...CATALOGUE, msm, ...folics];
  const slugsOf = (list: { slug: string; alternatives: { slug: string }[] }[]) =>
    list.flatMap((s) => [s.slug, ...s.alternatives.map((a) => a.slug)]);

  for (const pregnancy of ['pregnant', 'breastfeeding', 'trying']) {
    it(`suggests nothing above a UL and nothing of unestablished safety when ${pregnancy}`, () => {
      const result = run(
        { ...BASE, sex: ['woman'], pregnancy: [pregnancy], goals: ['bones', 'sleep'], sun: ['rarely'] },
        QUIZ_V1,
        catalogue,
      );
      const offered = slugsOf(result.suggestions);
      // Vitamin D3 + K2 at 5000 IU a day: above the 4000 IU UL, which holds in pregnancy and lactation.
      expect(offered).not.toContain('d3-k2');
      const d3k2 = result.removed.find((r) => r.slug === 'd3-k2')!;
      expect(d3k2.why.map((w) => w.en).join(' ')).toMatch(
        /vitamin D \(5000 IU\) is above the safe upper limit .*4000 IU/,
      );
      expect(d3k2.why.map((w) => w.ar).join(' ')).toMatch(/5000 وحدة دولية.*4000 وحدة دولية/);
      // MSM has no established safety in pregnancy or breastfeeding.
      expect(offered).not.toContain('msm');
      expect(result.removed.find((r) => r.slug === 'msm')!.why[0]!.en).toMatch(/not established as safe/);
      // What is established stays: vitamin D at 1000 IU, magnesium at 200 mg, calcium with D.
      expect(offered).toEqual(expect.arrayContaining(['d3-1000', 'mag-200', 'cal-d3']));
    });
  }

  it('cautions a 50+ man, visibly and with the reason, about a dose above the UL', () => {
    const result = run({ ...BASE, age: ['50-plus'], sex: ['man'] }, QUIZ_V1, catalogue);
    const all = result.suggestions.flatMap((s) => [s, ...s.alternatives]);
    const d3k2 = all.find((s) => s.slug === 'd3-k2')!;
    expect(d3k2.cautions.map((c) => c.en)).toContainEqual(
      'Its daily dose of vitamin D (5000 IU) is above the safe upper limit for your age (4000 IU a day). Take it only if your doctor advises it.',
    );
    expect(d3k2.cautions.map((c) => c.ar).join(' ')).toMatch(/أعلى من الحد الأعلى الآمن لعمرك/);
    // A dose within the limit carries none.
    expect(all.find((s) => s.slug === 'd3-1000')!.cautions).toEqual([]);
  });

  it('gives one product a need: three folic-acid products are one card and two alternatives', () => {
    const result = run({ ...BASE, sex: ['woman'], pregnancy: ['trying'], goals: ['sleep'] }, QUIZ_V1, [
      ...CATALOGUE.filter((p) => p.slug !== 'folic-400'),
      ...folics,
    ]);
    const folic = result.suggestions.filter((s) => s.slug.startsWith('folic-'));
    expect(folic.map((s) => s.slug)).toEqual(['folic-a']);
    expect(folic[0]!.alternatives.map((a) => a.slug)).toEqual(['folic-b', 'folic-c']);
  });

  it('shows each card a reason about that product: MSM is for joints, calcium for bones', () => {
    const result = run({ ...BASE, goals: ['bones'], sun: ['lots'] }, QUIZ_V1, catalogue);
    const all = result.suggestions.flatMap((s) => [s, ...s.alternatives]);
    expect(all.find((s) => s.slug === 'msm')!.reason.en).toBe(
      'Glucosamine, chondroitin and MSM are taken for joint comfort.',
    );
    expect(all.find((s) => s.slug === 'msm')!.reason.en).not.toMatch(/calcium|vitamin D/i);
    expect(all.find((s) => s.slug === 'cal-d3')!.reason.en).toMatch(/^Calcium/);
  });
});

describe('exclusions', () => {
  it('never suggests a product whose name or ingredients name an excluded term (children’s formulas)', () => {
    const kids = product(
      'kids-d3',
      ['nutrient:vitamin-d'],
      0,
      ['vitamin-d'],
      "kids' vitamin d3 400 iu cholecalciferol",
    );
    const result = run(BASE, QUIZ_V1, [...CATALOGUE, kids]);
    expect(result.suggestions.map((s) => s.slug)).not.toContain('kids-d3');
    expect(result.removed.map((r) => r.slug)).not.toContain('kids-d3');
  });
});

describe('versions', () => {
  it('scores answers stored under an old version the same after a new version is published', () => {
    const v1 = structuredClone(QUIZ_V1) as QuizContent;
    const stored = JSON.parse(JSON.stringify({ ...BASE, goals: ['sleep', 'heart'] })) as QuizAnswers;
    const before = run(stored, v1);
    // Version 2 drops the sun question and reweighs magnesium: v1's stored answers are invalid for v2…
    const v2 = structuredClone(QUIZ_V1) as QuizContent;
    v2.questions = v2.questions.filter((q) => q.id !== 'sun');
    v2.rules = v2.rules
      .filter((r) => r.question !== 'sun')
      .map((r) => (r.option === 'sleep' ? { ...r, weight: 1 } : r));
    expect(checkAnswers(v2, stored).ok).toBe(false);
    // …and scoring them with their own version gives what it gave before.
    expect(run(stored, v1)).toEqual(before);
    const { sun: _sun, ...noSun } = stored;
    expect(run(noSun, v2)).not.toEqual(before);
  });

  it('reports what changed between two results', () => {
    expect(changesBetween(['a', 'b', 'c'], ['b', 'd'])).toEqual({ added: ['d'], removed: ['a', 'c'] });
  });
});
