// Values of an uploaded result, as migration 0034 keeps them: decimal text as confirmed, in
// one of the biomarker's units (a UCUM code), typed or found in the PDF, one per marker per result.
// Units and their labels come from the shared reference data (no D1 needed); names from `biomarkers`.
import type { BiomarkerOption, UploadValue, ValueFinding, ValueOrigin } from '#shared/api/blood-test-upload-schemas';
import { BIOMARKER_REFERENCE } from '#shared/blood-tests/biomarker-reference-data';
import { findUnit, preferredUnit, unitLabel } from '#shared/blood-tests/biomarker-units';
import type { ReportFinding } from '#shared/blood-tests/report-text';
import type { Lang } from '#shared/locale';
import { col } from '../lib/lang';

const REFERENCE = new Map(BIOMARKER_REFERENCE.map((r) => [r.slug, r]));

/** A unit's label in a language (its code when the reference does not know it). */
function labelOf(slug: string, unit: string, lang: Lang): string {
  const ref = REFERENCE.get(slug);
  const found = ref && findUnit(ref, unit);
  return found ? unitLabel(found, lang) : unit;
}

/** The result's values as one JSON column (catalogue order), for the detail's single query. */
export function valuesColumn(lang: Lang): string {
  return `coalesce((SELECT json_group_array(json_object('slug', v.slug, 'name', v.name, 'value', v.value, 'unit', v.unit, 'origin', v.origin))
   FROM (SELECT b.slug, b.${col('name', lang)} AS name, x.value, x.unit, x.origin FROM blood_test_upload_values x
         JOIN biomarkers b ON b.id = x.biomarker_id WHERE x.upload_id = r.id ORDER BY b.id) v), '[]') AS value_list`;
}

interface ValueRow {
  slug: string;
  name: string;
  value: string;
  unit: string;
  origin: ValueOrigin;
}

export function publicValues(json: string, lang: Lang): UploadValue[] {
  return (JSON.parse(json) as ValueRow[]).map((v) => publicValue(v, lang));
}

export function publicValue(v: ValueRow, lang: Lang): UploadValue {
  return {
    biomarker: { slug: v.slug, name: v.name },
    value: v.value,
    unit: v.unit,
    unit_label: labelOf(v.slug, v.unit, lang),
    origin: v.origin,
  };
}

export function publicFinding(f: ReportFinding, name: string, lang: Lang): ValueFinding {
  return {
    biomarker: { slug: f.biomarker, name },
    value: f.value,
    unit: f.unit,
    unit_label: labelOf(f.biomarker, f.unit, lang),
    unit_guessed: f.unit_guessed,
    line: f.line,
  };
}

export interface BiomarkerNameRow {
  id: number;
  slug: string;
  loinc: string;
  body_system: string;
  name_en: string;
  name_ar: string;
}

/** What the marker picker offers: the catalogue's markers that have reference units, in its order. */
export function biomarkerOptions(rows: BiomarkerNameRow[], lang: Lang): BiomarkerOption[] {
  return rows.flatMap((row) => {
    const ref = REFERENCE.get(row.slug);
    if (!ref) return [];
    return [
      {
        slug: row.slug,
        name: lang === 'ar' ? row.name_ar : row.name_en,
        system: row.body_system,
        units: ref.units.map((u) => ({ code: u.ucum, label: unitLabel(u, lang) })),
        default_unit: preferredUnit(ref, 'conventional').ucum,
      },
    ];
  });
}
