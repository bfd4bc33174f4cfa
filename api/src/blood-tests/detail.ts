// GET /bloodTest/{id|slug}: a test's page in one D1 batch (the test with its lab, biomarkers, a panel's
// members, suggested supplements). Each statement finds the test by the same id-or-slug subquery, so
// none waits for another. A test without a price in the shopper's country is not sold there: 404.
import type { BiomarkerInfo, BloodTestDetail } from '#shared/blood-tests/catalogue-types';
import { COUNTRY_CODES, type CountryCode, type Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { cardFrom, cardColumns, toCard, type CardRow } from '../catalogue/cards';
import { col } from '../lib/lang';
import { testCardColumns, testCardFrom, toTestCard, type TestCardRow } from './cards';

interface DetailRow extends TestCardRow {
  purpose: string;
  preparation: string;
  lab_id: number;
  lab_slug: string;
  lab_name: string;
  lab_accreditation: string;
  sold_in: string | null;
}

const TEST_ID = '(SELECT id FROM blood_tests WHERE (id = ?1 OR slug = ?2) AND is_active = 1)';

export async function bloodTestDetail(
  db: D1Database,
  ref: { id: number | null; slug: string },
  lang: Lang,
  country: CountryCode,
): Promise<BloodTestDetail | null> {
  const keys = [ref.id ?? -1, ref.slug, country] as const;
  const [test, biomarkers, members, related] = await db.batch([
    db
      .prepare(
        `SELECT ${testCardColumns(lang)}, t.${col('purpose', lang)} AS purpose, t.${col('preparation', lang)} AS preparation,
           l.id AS lab_id, l.slug AS lab_slug, l.${col('name', lang)} AS lab_name, l.${col('accreditation', lang)} AS lab_accreditation,
           (SELECT group_concat(country) FROM blood_test_prices WHERE sku_id = t.default_sku_id) AS sold_in
         FROM ${testCardFrom('?3')} JOIN labs l ON l.id = t.lab_id WHERE t.id = ${TEST_ID}`,
      )
      .bind(...keys),
    db
      .prepare(
        `SELECT b.id, b.slug, b.${col('name', lang)} AS name, b.${col('explanation', lang)} AS explanation, b.loinc, b.unit, b.body_system
         FROM blood_test_biomarkers bb JOIN biomarkers b ON b.id = bb.biomarker_id
         WHERE bb.blood_test_id = ${TEST_ID} ORDER BY bb.sort_order`,
      )
      .bind(ref.id ?? -1, ref.slug),
    db
      .prepare(
        `SELECT ${testCardColumns(lang)} FROM ${testCardFrom('?3')} JOIN blood_test_panel_members m ON m.test_id = t.id
         WHERE m.panel_id = ${TEST_ID} AND t.is_active = 1 ORDER BY m.sort_order`,
      )
      .bind(...keys),
    db
      .prepare(
        `SELECT ${cardColumns(lang)} FROM ${cardFrom(country)} JOIN blood_test_related_products r ON r.product_id = p.id
         WHERE r.blood_test_id = ${TEST_ID} AND p.is_active = 1 ORDER BY r.sort_order LIMIT 4`,
      )
      .bind(ref.id ?? -1, ref.slug),
  ]);
  const row = (test!.results as unknown as DetailRow[])[0];
  if (!row) return null;
  return {
    ...toTestCard(row),
    currency: COUNTRY_FACTS[country].currency,
    // Where else it is sold (a price there), for the search engines' alternates of its page.
    countries: COUNTRY_CODES.filter((c) => row.sold_in?.split(',').includes(c)),
    purpose: row.purpose,
    preparation: row.preparation ? row.preparation.split('\n') : [],
    lab: { id: row.lab_id, slug: row.lab_slug, name: row.lab_name, accreditation: row.lab_accreditation },
    biomarkers: biomarkers!.results as unknown as BiomarkerInfo[],
    members: (members!.results as unknown as TestCardRow[]).map(toTestCard),
    related_products: (related!.results as unknown as CardRow[]).map(toCard),
  };
}
