// The analytics allow-list (decision 35): every event the shop may send, the parameters each
// may carry and the shape of each value. The builders (events.ts) keep only what this list allows, and
// the storefront's /collect refuses anything else (collect-schema.ts reads the same list), so no health
// data (quiz answers, medications, pregnancy, blood-test names or results) and no personal data (names,
// e-mails, phones, addresses, user ids, order links or tokens, free text) can reach a tracker.
// Plain data and small predicates: no zod here, so the browser's builders stay small.
import { countryOfCurrency } from '../countries';

export const ECOMMERCE_EVENTS = [
  'view_item_list',
  'select_item',
  'view_item',
  'add_to_cart',
  'remove_from_cart',
  'begin_checkout',
  'add_payment_info',
  'purchase',
] as const;

export const EVENT_NAMES = [
  ...ECOMMERCE_EVENTS,
  'search',
  'blood_test_begin_checkout',
  'blood_test_purchase',
  'quiz_start',
  'quiz_complete',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/** The most items one event carries (a listing page shows 24; GA4 takes 200). */
const MAX_ITEMS = 50;
/** GA4's Measurement Protocol takes at most 25 events per request. */
export const MAX_EVENTS_PER_REQUEST = 25;
/** A search term longer than this is dropped: long text is more likely to be a message than a query. */
const MAX_SEARCH_TERM = 64;
const MAX_TEXT = 100;

type Scalar = string | number;
export interface Item {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  price: number;
  quantity: number;
  index?: number;
  /** The shop's suggestion the item was picked from (issue 64): kept on her later add and purchase. */
  item_list_id?: string;
  item_list_name?: string;
}
export type ParamValue = Scalar | Item[];

const EMAIL = /[^\s@]+@[^\s@]+/;
/** Seven or more digits, possibly split by spaces, dots, dashes or brackets: a phone, an id card, a card number. */
const LONG_NUMBER = /(?:[+(]?\d[\s.()/-]*){7,}/;
const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/g;
const URL_LIKE = /(?:https?:|www\.|\/\/|[?&]\w+=)/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused, not matched as text
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Latin digits for Arabic-Indic ones, so "٩٦٥١٢٣٤٥٦٧" counts as a number too. */
function latinDigits(text: string): string {
  return text.replace(ARABIC_INDIC, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** Text that cannot carry an e-mail, a phone or other long number, a link or a control character. */
function isSafeText(value: unknown, max = MAX_TEXT): value is string {
  if (typeof value !== 'string') return false;
  const text = latinDigits(value);
  return (
    text.trim().length > 0 &&
    text.length <= max &&
    !EMAIL.test(text) &&
    !LONG_NUMBER.test(text) &&
    !URL_LIKE.test(text) &&
    !CONTROL.test(text)
  );
}

/**
 * Words that make a search term health data (pregnancy, medications, conditions, blood tests and their
 * results), in English and Arabic. A term containing one is not sent. Defence in depth: the term is also
 * sent only when the search found something (events.ts), and never when it looks like contact details.
 */
const SENSITIVE_TERMS =
  /(pregnan|breast ?feed|lactat|fertil|ivf|warfarin|coumadin|levothyrox|thyrox|eltroxin|metformin|insulin|statin|antidepress|ssri|st\.? john|contracept|diabet|cancer|chemo|hiv|hepatitis|std|depress|anxiety|blood ?test|lab ?test|panel|result|biomarker|hba1c|ferritin level|\btest\b|حامل|حمل|رضاع|خصوب|وارفارين|ثيروكسين|ميتفورمين|إنسولين|انسولين|سكري|سرطان|اكتئاب|تحليل|تحاليل|فحص|نتيج|مختبر)/i;

/** Lower case, NFKC, Arabic without its short vowels (tashkeel) and tatweel, single spaces. */
function foldText(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The words of a search term that the catalogue's own words (the names, brands and categories the
 * search found) contain, in the term's order: what a shopper typed beyond the shop's vocabulary (a
 * name, an address, a code) is left out. A word counts when one of the catalogue's words starts with it
 * or it starts with one (a prefix search, a plural).
 */
export function termInVocabulary(term: string, vocabulary: readonly string[]): string {
  const known = new Set(vocabulary.flatMap((v) => foldText(v).split(/[\s,()/&+.-]+/)).filter(Boolean));
  const words = foldText(term)
    .split(' ')
    .filter((w) => w.length > 0 && [...known].some((k) => k.startsWith(w) || (w.length > 2 && w.startsWith(k))));
  return words.join(' ');
}

/** A search term as it may be sent, or null when it must not be (see SENSITIVE_TERMS). */
export function safeSearchTerm(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const term = foldText(value);
  if (!term || term.length > MAX_SEARCH_TERM) return null;
  if (!isSafeText(term, MAX_SEARCH_TERM) || SENSITIVE_TERMS.test(term)) return null;
  return term;
}

type Check = (value: unknown) => boolean;

const isMoney: Check = (v) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 10_000_000 && Math.round(v * 1000) === v * 1000;
const isCount =
  (max: number): Check =>
  (v) =>
    Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;
const matches =
  (re: RegExp): Check =>
  (v) =>
    typeof v === 'string' && re.test(v);

/** Each item parameter and its shape. */
const ITEM_PARAMS: Record<keyof Item, Check> = {
  item_id: matches(/^\d{1,12}$/),
  item_name: (v) => isSafeText(v),
  item_brand: (v) => isSafeText(v),
  item_category: matches(/^[a-z0-9][a-z0-9-]{0,59}$/),
  item_variant: (v) => isSafeText(v),
  price: isMoney,
  quantity: (v) => isCount(999)(v) && (v as number) >= 1,
  index: isCount(1000),
  item_list_id: (v) => isListId(v),
  item_list_name: (v) => typeof v === 'string' && (LIST_NAMES as readonly string[]).includes(v),
};
const REQUIRED_ITEM_PARAMS = ['item_id', 'item_name', 'price', 'quantity'] as const;

/** The names a list may have (item_list_name): fixed words, never a page's text. */
const LIST_NAMES = ['products', 'category', 'brand', 'search results', 'quiz results', 'recommendations'] as const;
export type ListName = (typeof LIST_NAMES)[number];

/**
 * The shop's suggestions (issue 64), each its own list so the owner sees which brings clicks and
 * orders: below a product, in the cart, and a signed-in shopper's home page sections.
 */
const RECOMMENDATION_LISTS = [
  'bought-together',
  'also-bought',
  'cart-together',
  'recently-viewed',
  'refills-due',
  'buy-again',
  'suggested',
] as const;
export type RecommendationList = (typeof RECOMMENDATION_LISTS)[number];

/** The shop's own lists: a listing, a category's or brand's (by slug), search results, the quiz's, a suggestion's. */
const isListId = (v: unknown) =>
  typeof v === 'string' &&
  (/^(products|search|quiz|(category|brand)-[a-z0-9]+(-[a-z0-9]+)*)$/.test(v) ||
    (RECOMMENDATION_LISTS as readonly string[]).includes(v));

/** Each scalar parameter and its shape. */
export const SCALAR_PARAMS = {
  // A served country's currency (countryOfCurrency, which every page already carries; not a new list).
  currency: (v) => typeof v === 'string' && countryOfCurrency(v) !== undefined,
  value: isMoney,
  tax: isMoney,
  shipping: isMoney,
  /** The order's number, which alone opens nothing (a guest's lookup also needs the e-mail). */
  transaction_id: matches(/^\d{1,12}$/),
  coupon: matches(/^[A-Z0-9_-]{1,32}$/),
  payment_type: matches(/^[a-z][a-z_]{1,19}$/),
  item_list_id: isListId,
  item_list_name: (v) => typeof v === 'string' && (LIST_NAMES as readonly string[]).includes(v),
  search_term: (v) => safeSearchTerm(v) === v,
  /** A quiz version: its number, or vN / vN.N. */
  quiz_version: matches(/^v?\d{1,6}(\.\d{1,3})?$/),
  suggestion_count: isCount(50),
  /** Added by the tracker, not the builders: GA4 needs them to place an event in a session. */
  session_id: matches(/^\d{1,20}$/),
  engagement_time_msec: isCount(3_600_000),
} satisfies Record<string, Check>;
export type ScalarParam = keyof typeof SCALAR_PARAMS;

/** The tracker's own parameters, allowed on every event. */
const TRACKER_PARAMS = ['session_id', 'engagement_time_msec'] as const satisfies readonly ScalarParam[];

/** Which parameters each event may carry: everything else is dropped by the builders and refused by /collect. */
export const EVENT_PARAMS: Record<
  EventName,
  { scalars: readonly ScalarParam[]; items: boolean; required: readonly ScalarParam[] }
> = {
  view_item_list: { scalars: ['item_list_id', 'item_list_name'], items: true, required: ['item_list_id'] },
  // A card picked from one of the shop's suggestions (issue 64).
  select_item: { scalars: ['item_list_id', 'item_list_name'], items: true, required: ['item_list_id'] },
  view_item: { scalars: ['currency', 'value'], items: true, required: ['currency', 'value'] },
  add_to_cart: { scalars: ['currency', 'value'], items: true, required: ['currency', 'value'] },
  remove_from_cart: { scalars: ['currency', 'value'], items: true, required: ['currency', 'value'] },
  begin_checkout: { scalars: ['currency', 'value', 'coupon'], items: true, required: ['currency', 'value'] },
  add_payment_info: {
    scalars: ['currency', 'value', 'coupon', 'payment_type'],
    items: true,
    required: ['currency', 'value', 'payment_type'],
  },
  purchase: {
    scalars: ['currency', 'value', 'tax', 'shipping', 'coupon', 'transaction_id'],
    items: true,
    required: ['currency', 'value', 'transaction_id'],
  },
  search: { scalars: ['search_term'], items: false, required: [] },
  // Blood tests are health data: their events say how much, never which test.
  blood_test_begin_checkout: { scalars: ['currency', 'value'], items: false, required: ['currency', 'value'] },
  blood_test_purchase: { scalars: ['currency', 'value'], items: false, required: ['currency', 'value'] },
  // The quiz's answers are health data: its events carry the quiz's version and how many suggestions.
  quiz_start: { scalars: ['quiz_version'], items: false, required: ['quiz_version'] },
  quiz_complete: {
    scalars: ['quiz_version', 'suggestion_count'],
    items: false,
    required: ['quiz_version', 'suggestion_count'],
  },
};

/** An item with only its allowed, well-shaped parameters, or null without a required one. */
function cleanItem(raw: unknown): Item | null {
  if (!raw || typeof raw !== 'object') return null;
  const out: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(ITEM_PARAMS)) {
    const value = (raw as Record<string, unknown>)[key];
    if (value !== undefined && check(value)) out[key] = value;
  }
  return REQUIRED_ITEM_PARAMS.every((k) => k in out) ? (out as unknown as Item) : null;
}

/**
 * An event's parameters reduced to what the allow-list lets it carry, or null when a required one is
 * missing or malformed. `strict` (the server) answers null for any parameter or item it would drop.
 */
export function cleanParams(
  name: EventName,
  raw: Record<string, unknown>,
  strict = false,
): Record<string, ParamValue> | null {
  const spec = EVENT_PARAMS[name];
  const allowed = new Set<string>([...spec.scalars, ...TRACKER_PARAMS, ...(spec.items ? ['items'] : [])]);
  const out: Record<string, ParamValue> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (!allowed.has(key)) {
      if (strict) return null;
      continue;
    }
    if (key === 'items') {
      if (!Array.isArray(value) || value.length > MAX_ITEMS) {
        if (strict) return null;
        continue;
      }
      const items = value.map(cleanItem);
      if (strict && items.some((item, i) => !item || Object.keys(item).length !== Object.keys(value[i]).length))
        return null;
      out.items = items.filter((i): i is Item => i !== null);
      continue;
    }
    if (SCALAR_PARAMS[key as ScalarParam](value)) out[key] = value as Scalar;
    else if (strict) return null;
  }
  if (!spec.required.every((k) => k in out)) return null;
  if (spec.items && !(out.items as Item[] | undefined)?.length) return null;
  return out;
}
