// Is this a mobile number of one of the shop's countries? Google's numbering plans through libphonenumber-js
// (pinned in package.json), sliced to the shop's countries (mobile-metadata.ts, scripts/phone-metadata.mjs)
// so the check weighs little. The one rule of the forms, the API and the back office: every schema with
// a phone reads it, and the forms load those schemas only when they validate (never on catalogue pages).
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import type { CountryCode } from '../locale';
import { COUNTRY_FACTS } from '../countries';
import { MOBILE_METADATA } from './mobile-metadata';

/** True when `national` (digits only, as nationalNumber() gives it) is a mobile number in `country`. */
export function isMobileNumber(country: CountryCode, national: string): boolean {
  if (!/^\d{6,12}$/.test(national)) return false;
  const parsed = parsePhoneNumberFromString(`${COUNTRY_FACTS[country].dialCode}${national}`, MOBILE_METADATA);
  // The mobile metadata holds only mobile ranges: a valid number is a mobile one, and its country must be
  // the one chosen (a Saudi number under Kuwait's code would not parse as Kuwaiti anyway).
  return !!parsed && parsed.country === country && parsed.isValid() && parsed.getType() === 'MOBILE';
}
