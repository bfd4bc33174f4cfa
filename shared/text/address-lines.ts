// An address as lines in the shop's words ("Block 4, Street 21", "قطعة 4، شارع 21"), from a stored
// address (an order's or a booking's JSON): places, then the street's parts, then the building's, in
// the reader's language with its list separator. The packing slip, the staff's order and visit pages,
// the booking page and the visit reminder all read it so; the shopper's own pages use the same words
// (client/accounts/address-lines.ts).
import { accountsAr } from '../i18n/accounts.ar';
import { accountsEn } from '../i18n/accounts.en';
import { ADDRESS } from '../countries/address';
import { isCountryCode, type Lang } from '../locale';
import { labelledPart } from './address-part';

const TEXTS: Record<Lang, Record<string, unknown>> = { en: accountsEn, ar: accountsAr };

/** The lines as their parts (a reader that wraps a long line, the label, breaks it between parts). */
export function storedAddressLineParts(a: Record<string, unknown>, lang: Lang): string[][] {
  const texts = TEXTS[lang];
  const value = (k: string) => (typeof a[k] === 'string' || typeof a[k] === 'number' ? String(a[k]) : '');
  const part = (key: string, k = key) =>
    value(k) ? labelledPart(key, String(texts[`address_${key}_short`] ?? '{{value}}'), value(k)) : '';
  const form = isCountryCode(a.country) ? ADDRESS[a.country].form : 'area-block';
  const lines =
    form === 'national-address'
      ? [
          [value('district'), value('city_name')],
          [part('street'), part('building_number')],
          [part('postal_code'), part('short_address')],
        ]
      : form === 'emirate-area'
        ? [
            [value('district'), value('city_name')],
            [part('street'), part('building'), part('apartment')],
            [part('makani')],
          ]
        : [
            [value('area_name'), value('governorate_name')],
            [part('block'), part('street'), part('avenue')],
            [part('building'), part('floor'), part('apartment')],
          ];
  return lines.map((line) => line.filter(Boolean)).filter((line) => line.length > 0);
}

/** The language's separator between an address's parts ("، " in Arabic). */
export function addressSeparator(lang: Lang): string {
  return String(TEXTS[lang].list_separator ?? ', ');
}

export function storedAddressLines(a: Record<string, unknown>, lang: Lang): string[] {
  return storedAddressLineParts(a, lang).map((line) => line.join(addressSeparator(lang)));
}

/** The same, on one line. */
export function storedAddressLine(a: Record<string, unknown>, lang: Lang): string {
  return storedAddressLines(a, lang).join(addressSeparator(lang));
}
