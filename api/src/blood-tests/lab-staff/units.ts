// The units a result may be entered in: the biomarker reference's, else only the unit it is listed with.
import { BIOMARKER_REFERENCE_BY_SLUG } from '#shared/blood-tests/biomarker-reference-data';
import { findUnit, unitLabel } from '#shared/blood-tests/biomarker-units';

/**
 * The units a result of this biomarker may be entered in: its reference's units (UCUM code and
 * labels), else only the unit it is listed with. Staff choose one; nothing else is stored.
 */
export function biomarkerUnits(slug: string, listed: string): { ucum: string; en: string; ar: string }[] {
  const ref = BIOMARKER_REFERENCE_BY_SLUG.get(slug);
  if (!ref) return [{ ucum: listed, en: listed, ar: listed }];
  return ref.units.map((u) => ({ ucum: u.ucum, en: unitLabel(u, 'en'), ar: unitLabel(u, 'ar') }));
}

/** The stored spelling of a unit staff chose (its UCUM code), or null when it is not one of the biomarker's. */
export function knownUnit(slug: string, listed: string, text: string): string | null {
  const ref = BIOMARKER_REFERENCE_BY_SLUG.get(slug);
  if (!ref) return text.trim() === listed ? listed : null;
  return findUnit(ref, text)?.ucum ?? null;
}
