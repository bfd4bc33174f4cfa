// The biomarker reference (migration 0032) in D1: it applies on top of the catalogue, every
// seeded biomarker has exactly one SI unit, its catalogue unit among its units, a range for any sex or
// for both sexes (or, for a one-sex test, that sex), each naming its source; and the rows are the
// shared module's data, so the API and the pages read the same reference.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BIOMARKER_REFERENCE_BY_SLUG } from '#shared/blood-tests/biomarker-reference-data';

interface Row {
  [key: string]: string | number | null;
}
const all = async (sql: string) => (await env.DB.prepare(sql).all<Row>()).results;

describe('biomarker reference (migration 0032)', () => {
  it('gives every seeded biomarker one SI unit and knows the unit the catalogue reports it in', async () => {
    const rows = await all(`
      SELECT b.slug, b.unit,
        (SELECT COUNT(*) FROM biomarker_units u WHERE u.biomarker_id = b.id AND u.is_si = 1) AS si_units,
        (SELECT COUNT(*) FROM biomarker_units u WHERE u.biomarker_id = b.id
           AND b.unit IN (u.ucum, u.label_en, u.label_ar)) AS reported_unit
      FROM biomarkers b ORDER BY b.id`);
    expect(rows.length).toBeGreaterThanOrEqual(57);
    for (const r of rows) {
      expect(r.si_units, String(r.slug)).toBe(1);
      expect(r.reported_unit, `${r.slug} ${r.unit}`).toBe(1);
    }
  });

  it('gives every seeded biomarker an adult range for any sex or both sexes (one-sex tests: that sex), with a source', async () => {
    const rows = await all(`
      SELECT b.slug,
        (SELECT GROUP_CONCAT(DISTINCT r.sex) FROM biomarker_ranges r WHERE r.biomarker_id = b.id) AS sexes,
        (SELECT COUNT(*) FROM biomarker_ranges r WHERE r.biomarker_id = b.id
           AND (r.source = '' OR r.source_url NOT LIKE 'https://%')) AS unsourced,
        (SELECT GROUP_CONCAT(DISTINCT t.sex) FROM blood_test_biomarkers tb JOIN blood_tests t ON t.id = tb.blood_test_id
           WHERE tb.biomarker_id = b.id) AS sold_to
      FROM biomarkers b ORDER BY b.id`);
    for (const r of rows) {
      const sexes = String(r.sexes ?? '').split(',');
      const soldTo = String(r.sold_to ?? 'any').split(',');
      const needed = soldTo.includes('any') ? ['male', 'female'] : soldTo;
      for (const sex of needed) expect(sexes.includes('any') || sexes.includes(sex), `${r.slug} ${sex}`).toBe(true);
      expect(r.unsourced, String(r.slug)).toBe(0);
    }
  });

  it('holds the same rows as the shared reference data', async () => {
    const units = await all(`
      SELECT b.slug, u.ucum, u.si_factor, u.si_divisor, u.si_offset, u.decimals, u.is_si
      FROM biomarker_units u JOIN biomarkers b ON b.id = u.biomarker_id ORDER BY b.id, u.sort_order`);
    const ranges = await all(`
      SELECT b.slug, r.sex, r.age_min, r.age_max, r.unit, r.low, r.high, r.critical_low, r.critical_high
      FROM biomarker_ranges r JOIN biomarkers b ON b.id = r.biomarker_id ORDER BY r.id`);
    const expectedUnits = [...BIOMARKER_REFERENCE_BY_SLUG.values()].flatMap((ref) =>
      ref.units.map((u) => ({
        slug: ref.slug,
        ucum: u.ucum,
        si_factor: u.factor,
        si_divisor: u.divisor ?? '1',
        si_offset: u.offset ?? '0',
        decimals: u.decimals,
        is_si: u.si ? 1 : 0,
      })),
    );
    const expectedRanges = [...BIOMARKER_REFERENCE_BY_SLUG.values()].flatMap((ref) =>
      ref.ranges.map((r) => ({
        slug: ref.slug,
        sex: r.sex,
        age_min: r.ageMin,
        age_max: r.ageMax,
        unit: r.unit,
        low: r.low,
        high: r.high,
        critical_low: r.criticalLow ?? null,
        critical_high: r.criticalHigh ?? null,
      })),
    );
    expect(units).toEqual(expectedUnits);
    expect(ranges).toEqual(expectedRanges);
  });

  it('keeps vitamin D at 2.496 nmol/L per ng/mL and HbA1c on the IFCC master equation', async () => {
    const rows = await all(`
      SELECT b.slug, u.ucum, u.si_factor, u.si_divisor, u.si_offset FROM biomarker_units u
      JOIN biomarkers b ON b.id = u.biomarker_id WHERE b.slug IN ('vitamin-d-25-oh', 'hba1c') AND u.is_si = 0
      ORDER BY b.slug`);
    expect(rows).toEqual([
      { slug: 'hba1c', ucum: '%', si_factor: '1', si_divisor: '0.09148', si_offset: '2.152' },
      { slug: 'vitamin-d-25-oh', ucum: 'ng/mL', si_factor: '2.496', si_divisor: '1', si_offset: '0' },
    ]);
  });

  it('refuses a second SI unit and a range in a unit the biomarker does not have', async () => {
    await expect(
      env.DB.prepare(
        "INSERT INTO biomarker_units (biomarker_id, ucum, si_factor, decimals, is_si) VALUES (1, 'ug/L', '2.496', 0, 1)",
      ).run(),
    ).rejects.toThrow(/UNIQUE/);
    await expect(
      env.DB.prepare(
        "INSERT INTO biomarker_ranges (biomarker_id, unit, low, high, source, source_url) VALUES (1, 'mg/dL', '1', '2', 'x', 'https://example.org')",
      ).run(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});
