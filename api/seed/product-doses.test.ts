// The upper-limit guard: no suggestion rule may ever offer a product whose daily dose is above
// its nutrient's tolerable upper intake level. Every rule is run against every seeded SKU with a dose
// (the demo catalogue's, and every strength any catalogue size is made of), and whatever the rule's own
// dose window lets through must pass the same check the API applies. A deliberately bad rule shows the
// check catches what it must.
import { describe, expect, it } from 'vitest';
import { SUGGESTION_RULES, type SuggestionRule } from '#shared/blood-tests/suggestion-rules-data';
import { inDoseWindow, offerable } from '#shared/blood-tests/suggestions';
import { checkUpperLimit, type Dose } from '#shared/blood-tests/upper-limits';
import { catalogueStatements } from './catalogue';
import { PRODUCT_TYPES } from './data/product-types';
import { planProducts } from './plan';
import { PRODUCT_COUNTS } from './settings';

interface SeededSku {
  sku: number;
  product: string;
  dose: Dose;
}

const demo = planProducts(PRODUCT_COUNTS.demo);
const demoSkus: SeededSku[] = demo.flatMap((p) =>
  p.skus.flatMap((s) => (p.variant.doses ?? []).map((dose) => ({ sku: s.id, product: p.slug, dose }))),
);
/** Every strength any catalogue size is made of (the large ones repeat these combos). */
const everyStrength = PRODUCT_TYPES.flatMap((t) =>
  t.variants.flatMap((v) => (v.doses ?? []).map((dose) => ({ product: `${t.key} ${v.en}`, dose }))),
);

/** The guard itself: what a rule's window lets through, checked against the UL for its ages. */
function violations(rule: SuggestionRule, skus: Array<{ product: string; dose: Dose }>): string[] {
  return skus
    .filter((s) => inDoseWindow(rule, s.dose))
    .filter((s) => !checkUpperLimit(s.dose, rule.ageMin, rule.ageMax).ok)
    .map((s) => `${rule.id} → ${s.product} (${s.dose.amount} ${s.dose.unit})`);
}

describe('the upper-limit guard', () => {
  it('the seed records doses for the strengths the rules offer', () => {
    for (const rule of SUGGESTION_RULES.filter((r) => r.products)) {
      expect(
        demoSkus.some((s) => offerable(rule, s.dose)),
        `${rule.id} has a seeded product`,
      ).toBe(true);
    }
    // They reach D1 with the SKUs.
    const statements = [...catalogueStatements('demo')].filter((s) => s.startsWith('INSERT INTO sku_nutrients '));
    expect(statements.length).toBeGreaterThan(0);
    const rows = statements.join('\n').match(/\(\d+,'[a-z0-9-]+','[0-9.]+','(IU|mcg|mg)'\)/g) ?? [];
    expect(rows).toHaveLength(demoSkus.length);
  });

  it('no rule resolves to a seeded SKU above its nutrient’s UL', () => {
    for (const rule of SUGGESTION_RULES) {
      expect(violations(rule, demoSkus)).toEqual([]);
      expect(violations(rule, everyStrength)).toEqual([]);
      // The rule's own ceiling is within the UL too, so a future product at the ceiling is safe.
      if (rule.products) {
        expect(
          checkUpperLimit({ nutrient: rule.products.nutrient, ...rule.products.max }, rule.ageMin, rule.ageMax),
          rule.id,
        ).toEqual({ ok: true });
      }
    }
  });

  it('catches a rule whose window reaches past the UL, and a product above it', () => {
    const vitaminD = SUGGESTION_RULES.find((r) => r.id === 'vitamin-d-low')!;
    const bad: SuggestionRule = {
      ...vitaminD,
      id: 'bad-high-dose',
      products: { nutrient: 'vitamin-d', max: { amount: '10000', unit: 'IU' } },
    };
    expect(violations(bad, everyStrength)).toEqual([
      'bad-high-dose → vitamin-d3 5000 IU (5000 IU)',
      'bad-high-dose → vitamin-d3-k2 5000 IU / 100 mcg (5000 IU)',
    ]);
    expect(demoSkus.filter((s) => inDoseWindow(bad, s.dose) && !offerable(bad, s.dose)).length).toBeGreaterThan(0);
    // Zinc: 50 mg SKUs exist; a window up to 50 mg would pass them, the UL (40 mg; 34 mg at 18) does not.
    const zinc = SUGGESTION_RULES.find((r) => r.id === 'zinc-low')!;
    const wideZinc: SuggestionRule = { ...zinc, products: { nutrient: 'zinc', max: { amount: '50', unit: 'mg' } } };
    expect(violations(wideZinc, everyStrength)).toEqual(['zinc-low → zinc-picolinate 50 mg (50 mg)']);
    // The same checks in other units: 125 µg of vitamin D is 5000 IU; 0.05 g-equivalent of zinc as mg.
    expect(checkUpperLimit({ nutrient: 'vitamin-d', amount: '125', unit: 'mcg' }, 18, null)).toEqual({
      ok: false,
      reason: 'above_upper_limit',
    });
    expect(checkUpperLimit({ nutrient: 'vitamin-d', amount: '100', unit: 'mcg' }, 18, null)).toEqual({ ok: true });
    expect(checkUpperLimit({ nutrient: 'zinc', amount: '36', unit: 'mg' }, 18, null)).toEqual({
      ok: false,
      reason: 'above_upper_limit',
    });
    expect(checkUpperLimit({ nutrient: 'zinc', amount: '36', unit: 'mg' }, 19, null)).toEqual({ ok: true });
    // A dose in a unit that cannot be converted is refused, not guessed.
    expect(checkUpperLimit({ nutrient: 'iron', amount: '18', unit: 'IU' }, 18, null)).toEqual({
      ok: false,
      reason: 'unknown_unit',
    });
    // Calcium's limit falls at 51: a 2200 mg dose is fine at 40, not for a rule serving everyone.
    expect(checkUpperLimit({ nutrient: 'calcium', amount: '2200', unit: 'mg' }, 19, 50)).toEqual({ ok: true });
    expect(checkUpperLimit({ nutrient: 'calcium', amount: '2200', unit: 'mg' }, 19, null).ok).toBe(false);
  });

  it('the vitamin D rule never offers a 5000 IU SKU, only 1000 IU ones', () => {
    const rule = SUGGESTION_RULES.find((r) => r.id === 'vitamin-d-low')!;
    const offered = demoSkus.filter((s) => offerable(rule, s.dose));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((s) => s.dose.amount === '1000' && s.dose.unit === 'IU')).toBe(true);
    expect(offered.some((s) => /5000/.test(s.product))).toBe(false);
    const fiveThousand = demoSkus.filter((s) => s.dose.nutrient === 'vitamin-d' && s.dose.amount === '5000');
    expect(fiveThousand.length).toBeGreaterThan(0);
    expect(fiveThousand.some((s) => offerable(rule, s.dose))).toBe(false);
  });
});
