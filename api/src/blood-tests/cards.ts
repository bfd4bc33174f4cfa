// The blood-test card: one SELECT list shared by the list, a panel's members and search. A test is
// sold in a country when it has a price there (the JOIN on blood_test_prices).
import type { BloodTestCard } from '#shared/blood-tests/catalogue-types';
import type { Lang } from '#shared/locale';
import { col } from '../lib/lang';
import type { CategoryColumns } from '../catalogue/rows';

export function testCardColumns(lang: Lang): string {
  return `t.id, t.slug, t.kind, t.${col('name', lang)} AS name, t.${col('summary', lang)} AS summary,
    c.id AS category_id, c.slug AS category_slug, c.${col('name', lang)} AS category_name, c.color AS category_color,
    t.sample_type, t.fasting_hours, t.morning_draw, t.stop_biotin_hours, t.turnaround_hours, t.min_age, t.sex,
    (SELECT count(*) FROM blood_test_biomarkers bb WHERE bb.blood_test_id = t.id) AS biomarker_count,
    pr.price, pr.old_price, t.default_sku_id`;
}

/** Bind the country (KW or SA) once, as ?1 … the caller's numbering, see `countryParam`. */
export function testCardFrom(countryParam: string): string {
  return `blood_tests t
    JOIN blood_test_categories c ON c.id = t.category_id
    JOIN blood_test_prices pr ON pr.sku_id = t.default_sku_id AND pr.country = ${countryParam}`;
}

export interface TestCardRow extends CategoryColumns {
  id: number;
  slug: string;
  kind: BloodTestCard['kind'];
  name: string;
  summary: string;
  sample_type: BloodTestCard['sample_type'];
  fasting_hours: number;
  morning_draw: number;
  stop_biotin_hours: number;
  turnaround_hours: number;
  min_age: number;
  sex: BloodTestCard['sex'];
  biomarker_count: number;
  price: number;
  old_price: number | null;
  default_sku_id: number;
}

export function toTestCard(r: TestCardRow): BloodTestCard {
  return {
    id: r.id,
    slug: r.slug,
    kind: r.kind,
    name: r.name,
    summary: r.summary,
    category: { id: r.category_id, slug: r.category_slug, name: r.category_name, color: r.category_color },
    sample_type: r.sample_type,
    fasting_hours: r.fasting_hours,
    morning_draw: r.morning_draw === 1,
    stop_biotin_hours: r.stop_biotin_hours,
    turnaround_hours: r.turnaround_hours,
    min_age: r.min_age,
    sex: r.sex,
    biomarker_count: r.biomarker_count,
    price: { price: r.price, old_price: r.old_price },
    default_sku: { id: r.default_sku_id },
  };
}
