// National identity numbers of the patient a blood test is drawn from: the lab's requisition form needs
// one. Kuwait's civil ID (12 digits), Saudi Arabia's national ID / iqama (10 digits) and the Emirates ID
// (15 digits) each carry a check digit, so a typo is caught on the form before it reaches a lab. Typed on an Arabic keyboard the
// digits arrive as Arabic-Indic; they are read as 0–9 first.
import { normalizeDigits } from '../text/digits';
import { ADDRESS } from '../countries/address';
import type { CountryAddress } from '../countries/types';
import type { CountryCode } from '../locale';

export type IdCountry = CountryCode;

/** Why a number was refused; each is a message key in the blood-test dictionaries. */
type NationalIdError =
  | 'national_id_format'
  | 'national_id_checksum'
  | 'national_id_birth_date'
  | 'national_id_birth_mismatch';

export type NationalIdResult =
  | { ok: true; id: string; kind: 'civil_id' | 'national_id' | 'iqama' | 'emirates_id'; birthDate?: string }
  | { ok: false; error: NationalIdError };

/** Digits only: spaces and dashes people type between groups are dropped, Arabic digits become 0–9. */
export function cleanNationalId(text: string): string {
  return normalizeDigits(text).replace(/[\s\u00A0\u202F-]/g, '');
}

const CIVIL_ID_WEIGHTS = [2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;

/**
 * A Kuwait civil ID: C YYMMDD SSSS K. C is the century of birth (2 → 1900s, 3 → 2000s), YYMMDD the
 * date of birth, K = 11 − (Σ digitᵢ × weightᵢ mod 11) over the first 11 digits (10 and 11 are never
 * issued, so they fail). The birth date must be a real date; when the patient's date of birth is
 * given (YYYY-MM-DD) it must be the same day.
 */
export function validateKuwaitCivilId(text: string, dateOfBirth?: string): NationalIdResult {
  const id = cleanNationalId(text);
  if (!/^[23]\d{11}$/.test(id)) return { ok: false, error: 'national_id_format' };
  const year = (id[0] === '2' ? 1900 : 2000) + Number(id.slice(1, 3));
  const month = Number(id.slice(3, 5));
  const day = Number(id.slice(5, 7));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) {
    return { ok: false, error: 'national_id_birth_date' };
  }
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(id[i]) * CIVIL_ID_WEIGHTS[i]!;
  const check = 11 - (sum % 11);
  if (check !== Number(id[11])) return { ok: false, error: 'national_id_checksum' };
  const birthDate = `${year}-${id.slice(3, 5)}-${id.slice(5, 7)}`;
  if (dateOfBirth !== undefined && dateOfBirth !== birthDate) return { ok: false, error: 'national_id_birth_mismatch' };
  return { ok: true, id, kind: 'civil_id', birthDate };
}

/**
 * A Saudi national ID (first digit 1, citizens) or iqama (2, residents): 10 digits whose Luhn sum
 * (digits in odd positions doubled, the digits of each product added) is a multiple of 10.
 */
export function validateSaudiId(text: string): NationalIdResult {
  const id = cleanNationalId(text);
  if (!/^[12]\d{9}$/.test(id)) return { ok: false, error: 'national_id_format' };
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(id[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else sum += d;
  }
  if (sum % 10 !== 0) return { ok: false, error: 'national_id_checksum' };
  return { ok: true, id, kind: id[0] === '1' ? 'national_id' : 'iqama' };
}

/**
 * An Emirates ID: 784 (the UAE's ISO 3166 numeric code), the year of birth, a serial and a check digit,
 * 15 digits whose Luhn sum (every second digit from the right doubled) is a multiple of 10.
 */
export function validateEmiratesId(text: string): NationalIdResult {
  const id = cleanNationalId(text);
  if (!/^784\d{12}$/.test(id)) return { ok: false, error: 'national_id_format' };
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const d = Number(id[14 - i]);
    const v = i % 2 === 1 ? d * 2 : d;
    sum += v > 9 ? v - 9 : v;
  }
  if (sum % 10 !== 0) return { ok: false, error: 'national_id_checksum' };
  return { ok: true, id, kind: 'emirates_id' };
}

/** The digits of the country's identity number (its module names which one), for "still typing". */
const ID_LENGTHS: Record<CountryAddress['nationalId'], number> = {
  'kuwait-civil-id': 12,
  'saudi-id': 10,
  'emirates-id': 15,
};

const VALIDATORS: Record<CountryAddress['nationalId'], (text: string, dateOfBirth?: string) => NationalIdResult> = {
  'kuwait-civil-id': validateKuwaitCivilId,
  'saudi-id': (text) => validateSaudiId(text),
  'emirates-id': (text) => validateEmiratesId(text),
};

export function nationalIdLength(country: IdCountry): number {
  return ID_LENGTHS[ADDRESS[country].nationalId];
}

/** The check for the country the sample is collected in. */
export function validateNationalId(country: IdCountry, text: string, dateOfBirth?: string): NationalIdResult {
  return VALIDATORS[ADDRESS[country].nationalId](text, dateOfBirth);
}

/** Shown on order pages: only the last four digits, the rest masked (the id is health-adjacent data). */
export function maskNationalId(id: string): string {
  return `${'•'.repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`;
}
