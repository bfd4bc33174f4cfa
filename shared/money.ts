// All prices are integer minor units. Base prices are KWD fils (3 decimals); other currencies are
// derived with an exchange rate held as an integer scaled by RATE_SCALE, so no float touches money.
// A country whose prices are the owner's own (CountryCore.pricing 'own', decision 77's issue-77
// amendment) is sent its SKUs' prices already in its minor units, VAT included: payableMinor returns them as they are.
import type { Country } from './api/schemas';
import { knownCore, knownCurrency } from './countries/known';
import type { PricingKind } from './countries/types';
import { dirOf, intlLocale, type CountryCode, type CurrencyCode, type Lang } from './locale';

export const RATE_SCALE = 10_000;
const BASE_DECIMALS = 3;

export interface CurrencyInfo {
  country: CountryCode;
  currency: CurrencyCode;
  decimals: number;
  /** exchange rate from KWD × RATE_SCALE (KWD itself: 10000). */
  rateScaled: number;
  /** The country's VAT rate in basis points (1500 = 15 %), 0 where there is none (Kuwait). */
  vatBasisPoints: number;
  /**
   * How the country's SKU prices come about: 'converted' (a price is base fils, net: rate and VAT make
   * what she pays) or 'own' (a price is the owner's amount in this currency, VAT included, as she pays it).
   */
  pricing: PricingKind;
}

const BASIS_POINTS = 10_000;

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

export function currencyInfoFor(country: CountryCode, rateScaled: number, vatBasisPoints = 0): CurrencyInfo {
  const facts = knownCore(country);
  return {
    country,
    currency: facts.currency as CurrencyCode,
    decimals: facts.decimals,
    rateScaled,
    vatBasisPoints,
    // Read here, not through pricingOf (shared/countries): the registry is in no page's first JavaScript.
    pricing: facts.pricing ?? 'converted',
  };
}

/** A country row of /country as money facts: its rate and its VAT rate (prices are shown VAT-inclusive). */
export function currencyInfoOf(row: Pick<Country, 'code' | 'exchange_rate' | 'vat_basis_points'>): CurrencyInfo {
  return currencyInfoFor(row.code, parseRate(row.exchange_rate), row.vat_basis_points);
}

type PayableInfo = Pick<CurrencyInfo, 'decimals' | 'rateScaled' | 'vatBasisPoints' | 'pricing'>;

/** Rounds a / b (positive b) to the nearest integer, halves away from zero, for BigInts. */
function divRoundBig(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a - q * b;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= b ? q + (a < 0n ? -1n : 1n) : q;
}

/**
 * What the shopper pays for a SKU's price in her country, in minor units of her currency. A converted
 * country's price is base fils (net KWD): the exchange rate and the country's VAT applied in one integer
 * step, rounded once (half away from zero). An own-priced country's price is already what she pays.
 * Every price shown and every order line uses it, so card price × count equals the cart and order line.
 * BigInt because fils × rate × 10^decimals × (10000 + VAT) can pass 2^53.
 */
export function payableMinor(fils: number, info: PayableInfo): number {
  if (!Number.isInteger(fils)) throw new TypeError('money must be integer minor units');
  if (info.pricing === 'own') return fils;
  const num =
    BigInt(fils) * BigInt(info.rateScaled) * BigInt(pow10(info.decimals)) * BigInt(BASIS_POINTS + info.vatBasisPoints);
  const den = BigInt(RATE_SCALE) * BigInt(pow10(BASE_DECIMALS)) * BigInt(BASIS_POINTS);
  return Number(divRoundBig(num, den));
}

/**
 * The base-fils bound of a price filter typed as a payable amount (minor units): for 'min' the
 * smallest fils whose payable price is ≥ minor, for 'max' the largest whose payable price is ≤ minor.
 * So a product matches exactly when the price the shopper sees lies within the typed range.
 */
export function payableBoundToBase(minor: number, info: PayableInfo, bound: 'min' | 'max'): number {
  if (!Number.isInteger(minor)) throw new TypeError('money must be integer minor units');
  // An own-priced country's listing prices are its payable amounts: the bound is the amount typed.
  if (info.pricing === 'own') return minor;
  const den = BigInt(info.rateScaled) * BigInt(pow10(info.decimals)) * BigInt(BASIS_POINTS + info.vatBasisPoints);
  let fils = Number(
    divRoundBig(BigInt(minor) * BigInt(RATE_SCALE) * BigInt(pow10(BASE_DECIMALS)) * BigInt(BASIS_POINTS), den),
  );
  // The estimate is within a step or two of the answer; walk to the exact edge (payableMinor is monotone).
  if (bound === 'min') {
    while (payableMinor(fils, info) >= minor) fils -= 1;
    while (payableMinor(fils, info) < minor) fils += 1;
  } else {
    while (payableMinor(fils, info) <= minor) fils += 1;
    while (payableMinor(fils, info) > minor) fils -= 1;
  }
  return fils;
}

/** The VAT included in a VAT-inclusive amount: amount × rate / (1 + rate), rounded once, half away from zero. */
export function vatIncluded(amount: number, vatBasisPoints: number): number {
  if (!Number.isInteger(amount)) throw new TypeError('money must be integer minor units');
  return vatBasisPoints ? divRound(amount * vatBasisPoints, BASIS_POINTS + vatBasisPoints) : 0;
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

/** The currency as a price names it: "SAR", "ر.س" (a filter's heading, a chip, a field's label). */
export function currencyLabel(currency: string, lang: Lang): string {
  return knownCurrency(currency)?.currencyLabel[lang] ?? currency;
}

/** The currency inside a sentence: "SAR", «الريال السعودي» ("Prices in …", «الأسعار بعملة …»). */
export function currencyName(currency: string, lang: Lang): string {
  return knownCurrency(currency)?.currencyName[lang] ?? currency;
}

/**
 * Amounts already written out (a range "0–350.75") with the currency's label where a price puts it in
 * the language: "SAR 0–350.75", "0–350.75 ر.س". The place is Intl's, as formatMinor's is.
 */
export function withCurrency(amounts: string, currency: CurrencyCode, lang: Lang, country: CountryCode): string {
  const parts = formatterFor(lang, country, { style: 'currency', currency, currencyDisplay: 'code' }).formatToParts(1);
  const label = currencyLabel(currency, lang);
  return parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer')
    ? `${label} ${amounts}`
    : `${amounts} ${label}`;
}

/**
 * Minor units as a plain decimal with all the currency's digits ("113.40", "12.345"): no grouping, no
 * currency, Latin digits. What the ZATCA QR, payment gateways, schema.org offers and URLs carry; built
 * from the integer's digits, so no float rounding can change it.
 */
export function minorToDecimal(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return decimals ? `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : `${sign}${digits}`;
}

/** A currency of one of the shop's countries (a core row this program knows, shared/countries/known.ts). */
export function isShopCurrency(currency: string): currency is CurrencyCode {
  return knownCurrency(currency) !== undefined;
}

/** Minor-unit digits of a currency the shop uses (its core row): 3 for KWD (fils), 2 for SAR (halalas). */
export function currencyDecimals(currency: string): number {
  return knownCurrency(currency)?.decimals ?? 2;
}

const MINUS = '\u2212';
const LRM = '\u200e';
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * Intl's text of an amount, a negative one with its sign against the digits as a true minus: CLDR's
 * English pattern puts a hyphen before the currency code ("-KWD 19.750"), which reads as a dash or a
 * bullet in a column of amounts. So the minus goes right before the first digit ("KWD −19.750").
 * Arabic's pattern marks the hyphen left-to-right (LRM), which turns number and code into one
 * left-to-right run: the code then reads before the number, the other way round from a positive amount.
 * There the signed number is isolated left-to-right instead (LRI … PDI), so "−19.750" stays whole and
 * the code keeps its place after it, as in "19.750 KWD". A negative zero is plain zero.
 * The currency is named by `label`, as the country's configuration names it in that language
 * ("206.94 ر.س"), not as the engine's data happens to (its symbols differ between ICU versions, so
 * server and browser could); Intl still decides digits, grouping and the currency's place.
 */
function signedText(f: Intl.NumberFormat, value: number, lang: Lang, label: string): string {
  const labelled = f
    .formatToParts(value === 0 ? 0 : value)
    .map((p) => (p.type === 'currency' ? { ...p, value: label } : p));
  if (!(value < 0)) return labelled.map((p) => p.value).join('');
  const rtl = dirOf(lang) === 'rtl';
  const parts = labelled
    .filter((p) => p.type !== 'minusSign')
    .map((p) => (rtl && p.type === 'literal' ? { ...p, value: p.value.replaceAll(LRM, '') } : p));
  const digits = ['integer', 'group', 'decimal', 'fraction'];
  const first = parts.findIndex((p) => p.type === 'integer');
  // The last digit part (no findLastIndex: older browsers the shop supports lack it).
  const last = parts.reduce((at, p, i) => (digits.includes(p.type) ? i : at), -1);
  return parts
    .map((p, i) => {
      const before = i === Math.max(first, 0) ? `${rtl ? LRI : ''}${MINUS}` : '';
      const after = rtl && i === last ? PDI : '';
      return `${before}${p.value}${after}`;
    })
    .join('');
}

/**
 * Formats minor units of the given currency, e.g. 1500 KWD → "KWD 1.500", 1250 SAR → "SAR 12.50",
 * −19750 KWD → "KWD −19.750" (the sign against the digits, signedText); in Arabic the country's Arabic
 * label after the number: "1.500 د.ك", "12.50 ر.س".
 */
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
  return signedText(f, minor / pow10(decimals), lang, currencyLabel(currency, lang));
}

/**
 * A round amount in whole units of the currency (a filter's "under 250"), in the same format as every
 * price (the currency placed and named as formatMinor does: "SAR 250", "250 ر.س" in Arabic), without the zero
 * fraction a round figure would print ("250.00").
 */
export function formatWholeAmount(major: number, currency: CurrencyCode, lang: Lang, country: CountryCode): string {
  const f = formatterFor(lang, country, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: 0,
    maximumFractionDigits: currencyDecimals(currency),
  });
  return signedText(f, major, lang, currencyLabel(currency, lang));
}

/** Formats a base price (fils) as the shopper pays it: their currency, VAT included where there is VAT. */
export function formatPrice(fils: number, info: CurrencyInfo, lang: Lang): string {
  return formatMinor(payableMinor(fils, info), info.currency, lang, info.country);
}

export function formatNumber(
  value: number,
  lang: Lang,
  country: CountryCode,
  options: Intl.NumberFormatOptions = {},
): string {
  return formatterFor(lang, country, options).format(value);
}

export function formatPercent(ratio: number, lang: Lang, country: CountryCode): string {
  return formatterFor(lang, country, { style: 'percent', maximumFractionDigits: 0 }).format(ratio);
}
