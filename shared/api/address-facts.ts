// Address and phone facts without their schemas: length limits, the Saudi codes' exact lengths, each
// country's dial code and the national part of a number as people type it. No zod here: the
// address form's fields read these as they render; the schemas load when the form validates.
import { mapCountries } from '../countries/map';
import type { CountryCode } from '../locale';
import { COUNTRY_FACTS } from '../countries';
import { normalizeDigits } from '../text/digits';

/**
 * Each country's dial code. Whether a number is a mobile one is `isMobileNumber` (shared/phone/mobile.ts,
 * the numbering plans through libphonenumber-js), read by the schemas: not here, where the address form's
 * fields read as they render, so the plans load only with the schemas.
 */
export const PHONE_RULES: Record<CountryCode, { dial: string }> = mapCountries((c) => ({
  dial: COUNTRY_FACTS[c].dialCode,
}));

/** A leading country code of the shop's countries, as +965 or 00965. */
const DIAL_PREFIX = new RegExp(
  `^(${Object.values(COUNTRY_FACTS)
    .flatMap((f) => [`\\${f.dialCode}`, `00${f.dialCode.slice(1)}`])
    .join('|')})`,
);

/** The national part of a number typed with or without its country code, spaces or a leading 0. */
export function nationalNumber(phone: string): string {
  return normalizeDigits(phone)
    .replace(/[\s-]/g, '')
    .replace(DIAL_PREFIX, '')
    .replace(/^0(?=5)/, '');
}

/** Length limits of the address fields, for the {{length}} of their messages. */
export const ADDRESS_LENGTHS = {
  label: { min: 0, max: 40 },
  recipient: { min: 1, max: 80 },
  phone: { min: 1, max: 20 },
  block: { min: 1, max: 10 },
  street: { min: 1, max: 80 },
  avenue: { min: 0, max: 40 },
  building: { min: 1, max: 20 },
  floor: { min: 0, max: 10 },
  apartment: { min: 0, max: 10 },
  district: { min: 1, max: 80 },
} as const;

/** A Makani number (the Emirates' building entrance code) is 10 digits. */
export const MAKANI_LENGTH = 10;

/** Saudi national-address codes have exact lengths: the schema checks them, the form caps typing at them. */
export const SAUDI_CODE_LENGTHS = { building_number: 4, postal_code: 5, short_address: 8 } as const;
