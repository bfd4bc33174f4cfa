import { describe, expect, it } from 'vitest';
import { BIOMARKERS } from './data/blood-test-biomarkers';
import { BLOOD_TESTS } from './data/blood-tests';
import { bloodTestRelatedStatements, resolvedTest } from './blood-tests';
import { planProducts } from './plan';
import { PRODUCT_COUNTS } from './settings';

describe('blood-test catalogue data', () => {
  it('has at least 30 tests and 8 panels, each with biomarkers, texts in both languages and a Kuwait price', () => {
    expect(BLOOD_TESTS.filter((t) => !t.members).length).toBeGreaterThanOrEqual(30);
    expect(BLOOD_TESTS.filter((t) => t.members).length).toBeGreaterThanOrEqual(8);
    for (const t of BLOOD_TESTS) {
      for (const text of [t.name, t.summary, t.purpose]) {
        expect(text.en, t.slug).toMatch(/[a-z]/i);
        expect(text.ar, t.slug).toMatch(/[\u0600-\u06FF]/);
      }
      expect(resolvedTest(t).biomarkers.length, t.slug).toBeGreaterThan(0);
      expect(t.kw[1] === null || t.kw[1] > t.kw[0], t.slug).toBe(true);
      expect(t.sa === null || t.sa[1] === null || t.sa[1] > t.sa[0], t.slug).toBe(true);
    }
  });

  it('gives every biomarker a LOINC code with its check digit, a unit and an explanation in both languages', () => {
    for (const b of BIOMARKERS) {
      const [digits, check] = b.loinc.split('-');
      // LOINC's mod-10 check digit (Luhn over the code's digits).
      const sum = [...digits!]
        .reverse()
        .map(Number)
        .reduce((acc, d, i) => acc + (i % 2 === 0 ? ((d * 2) % 10) + Math.floor((d * 2) / 10) : d), 0);
      expect((10 - (sum % 10)) % 10, b.slug).toBe(Number(check));
      expect(b.unit, b.slug).not.toBe('');
      expect(b.explanation.ar, b.slug).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('derives a panel’s preparation from its members: fasting, morning draw and stopping biotin', () => {
    const diabetes = resolvedTest(BLOOD_TESTS.find((t) => t.slug === 'diabetes-check-panel')!);
    expect(diabetes.fastingHours).toBe(10);
    expect(diabetes.morningDraw).toBe(true);
    expect(diabetes.stopBiotinHours).toBe(72); // insulin is an immunoassay
    expect(diabetes.preparation.en).toContain('first urine');
    const vitaminD = resolvedTest(BLOOD_TESTS.find((t) => t.slug === 'vitamin-d-test')!);
    expect([vitaminD.fastingHours, vitaminD.morningDraw, vitaminD.stopBiotinHours]).toEqual([0, false, 72]);
  });

  it('links the vitamin D test to the demo catalogue’s vitamin D3 products', () => {
    const plans = planProducts(PRODUCT_COUNTS.demo);
    const sql = [...bloodTestRelatedStatements(plans)].join('\n');
    const vitaminDTest = BLOOD_TESTS.findIndex((t) => t.slug === 'vitamin-d-test') + 1;
    const linked = [...sql.matchAll(new RegExp(`\\(${vitaminDTest},(\\d+),\\d+\\)`, 'g'))].map((m) => Number(m[1]));
    expect(linked.length).toBeGreaterThan(0);
    for (const id of linked) expect(plans[id - 1]!.type.key).toMatch(/^vitamin-d3/);
  });
});
