// All prices are integer minor units. Base prices are KWD fils (3 decimals); other currencies are
// derived with an exchange rate held as an integer scaled by RATE_SCALE, so no float touches money.
import { COUNTRY_FACTS, intlLocale, type CountryCode, type CurrencyCode, type Lang } from './locale';

export const RATE_SCALE = 10_000;
export const BASE_DECIMALS = 3;

export interface CurrencyInfo {
  country: CountryCode;
  currency: CurrencyCode;
  decimals: number;
  /** exchange rate from KWD × RATE_SCALE (KWD itself: 10000). */
  rateScaled: number;
}

function pow10(n: number): number {
  return 10 ** n;
}

/** Rounds a / b to the nearest integer, halves away from zero, using integers only. */
export function divRound(a: number, b: number): number {
  const q = Math.trunc(a / b);
  const r = a - q * b;
  if (Math.abs(r) * 2 >= Math.abs(b)) return q + Math.sign(a) * Math.sign(b);
  return q;
}

/** Converts base minor units (fils) into the minor units of the target currency. */
export function convertFromBase(fils: number, info: Pick<CurrencyInfo, 'decimals' | 'rateScaled'>): number {
  if (!Number.isInteger(fils)) throw new TypeError('money must be integer minor units');
  return divRound(fils * info.rateScaled * pow10(info.decimals), RATE_SCALE * pow10(BASE_DECIMALS));
}

/** Converts minor units of a currency back into base fils (for filters typed in local currency). */
export function convertToBase(minor: number, info: Pick<CurrencyInfo, 'decimals' | 'rateScaled'>): number {
  if (!Number.isInteger(minor)) throw new TypeError('money must be integer minor units');
  return divRound(minor * RATE_SCALE * pow10(BASE_DECIMALS), info.rateScaled * pow10(info.decimals));
}

/** Parses a decimal rate ("12.2150") into the scaled integer form without float error. */
export function parseRate(rate: string | number): number {
  const text = typeof rate === 'number' ? rate.toFixed(4) : rate.trim();
  const m = /^(\d+)(?:\.(\d{1,4})\d*)?$/.exec(text);
  if (!m) throw new RangeError(`invalid exchange rate: ${rate}`);
  return Number(m[1]) * RATE_SCALE + Number((m[2] ?? '').padEnd(4, '0'));
}

export function currencyInfoFor(country: CountryCode, rateScaled: number): CurrencyInfo {
  const facts = COUNTRY_FACTS[country];
  return { country, currency: facts.currency, decimals: facts.decimals, rateScaled };
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(lang: Lang, country: CountryCode, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${country}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(lang, country), options);
    formatters.set(key, f);
  }
  return f;
}

/** Minor-unit digits of a currency the shop uses: 3 for KWD (fils), 2 for SAR (halalas). */
export function currencyDecimals(currency: string): number {
  return currency === 'KWD' ? 3 : 2;
}

/** Formats minor units of the given currency, e.g. 1500 KWD → "KWD 1.500", 1250 SAR → "SAR 12.50". */
export function formatMinor(minor: number, currency: CurrencyCode, lang: Lang, country: CountryCode): string {
  const decimals = currencyDecimals(currency);
  const f = formatterFor(lang, country, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  // Intl wants a number; dividing an integer by a power of ten is exact enough for display.
  return f.format(minor / pow10(decimals));
}

/** Formats a base price (fils) in the shopper's country currency. */
export function formatPrice(fils: number, info: CurrencyInfo, lang: Lang): string {
  return formatMinor(convertFromBase(fils, info), info.currency, lang, info.country);
}

export function formatNumber(value: number, lang: Lang, country: CountryCode, options: Intl.NumberFormatOptions = {}): string {
  return formatterFor(lang, country, options).format(value);
}

export function formatPercent(ratio: number, lang: Lang, country: CountryCode): string {
  return formatterFor(lang, country, { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
}

// Dates moved to shared/text/dates.ts (calendar pinned, Hijri in Arabic); kept here for old imports.
export { formatDate } from './text/dates';
