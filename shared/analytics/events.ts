// GA4-shaped event builders (decision 35): the one way the shop makes an analytics event. Each
// takes the shop's own values (minor units, ids, names), converts money to GA4's decimal numbers with
// the shared money module, and keeps only what the allow-list (params.ts) lets that event carry: an
// event the list would refuse comes back null and is not sent. The browser loads this module on demand
// (client/analytics/track.ts), never with a page's first JavaScript.
import type { CurrencyCode } from '../locale';
import { currencyDecimals, minorToDecimal } from '../money';
import {
  cleanParams,
  ECOMMERCE_EVENTS,
  type EventName,
  type Item,
  type ListName,
  type ParamValue,
  type RecommendationList,
  safeSearchTerm,
  termInVocabulary,
} from './params';

declare const built: unique symbol;

/** An event a builder made: the only thing track() takes. */
export interface AnalyticsEvent {
  readonly name: EventName;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly [built]: true;
}

/** A product line as the shop knows it; price in minor units of the event's currency (what the shopper pays). */
export interface ItemInput {
  /** The SKU's id (the size bought). */
  id: number;
  name: string;
  brand?: string | null;
  /** The category's slug: the same in both languages. */
  category?: string | null;
  /** The size's name. */
  variant?: string | null;
  priceMinor: number;
  quantity?: number;
  /** Position in a list, from 0. */
  index?: number;
  /** The suggestion it was picked from, when it was (issue 64). */
  list?: RecommendationList;
}

/** Minor units of a currency as GA4's decimal number (12.345 for KWD 12.345), via the integer's digits. */
export function toDecimal(minor: number, currency: CurrencyCode): number {
  return Number(minorToDecimal(minor, currencyDecimals(currency)));
}

function toItems(list: readonly ItemInput[], currency: CurrencyCode): Item[] {
  return list.map((i) => {
    const item: Item = {
      item_id: String(i.id),
      item_name: i.name,
      price: toDecimal(i.priceMinor, currency),
      quantity: i.quantity ?? 1,
    };
    if (i.brand) item.item_brand = i.brand;
    if (i.category) item.item_category = i.category;
    if (i.variant) item.item_variant = i.variant;
    if (i.index !== undefined) item.index = i.index;
    if (i.list) {
      item.item_list_id = i.list;
      item.item_list_name = 'recommendations';
    }
    return item;
  });
}

function linesMinor(list: readonly ItemInput[]): number {
  return list.reduce((sum, i) => sum + i.priceMinor * (i.quantity ?? 1), 0);
}

function make(name: EventName, params: Record<string, unknown>): AnalyticsEvent | null {
  const clean = cleanParams(name, params);
  return clean ? ({ name, params: clean } as unknown as AnalyticsEvent) : null;
}

function lines(
  name: EventName,
  currency: CurrencyCode,
  list: readonly ItemInput[],
  extra: Record<string, unknown> = {},
) {
  return make(name, {
    currency,
    value: toDecimal(linesMinor(list), currency),
    items: toItems(list, currency),
    ...extra,
  });
}

/** A listing, category, brand or search result page. listId: e.g. `category-12`, `brand-3`, `search`. */
export function viewItemList(input: {
  listId: string;
  listName?: ListName;
  currency: CurrencyCode;
  items: readonly ItemInput[];
}): AnalyticsEvent | null {
  return make('view_item_list', {
    item_list_id: input.listId,
    item_list_name: input.listName,
    items: toItems(input.items, input.currency),
  });
}

/** A card picked from one of the shop's suggestions (issue 64): the list, and the item with its place in it. */
export function selectItem(input: {
  list: RecommendationList;
  currency: CurrencyCode;
  item: ItemInput;
}): AnalyticsEvent | null {
  return make('select_item', {
    item_list_id: input.list,
    item_list_name: 'recommendations',
    items: toItems([{ ...input.item, list: input.list }], input.currency),
  });
}

export function viewItem(input: { currency: CurrencyCode; item: ItemInput }): AnalyticsEvent | null {
  return lines('view_item', input.currency, [input.item]);
}

/**
 * A search. Its term is free text a shopper typed, so it is reduced to the words the catalogue's own
 * words contain (`vocabulary`: the names, brands and categories of the products found; never a blood
 * test's), then must pass safeSearchTerm (no contact details, no health words, at most 64 characters).
 * A search that found nothing sends no term: the back office's zero-result report has those.
 */
export function search(input: {
  term: string;
  resultsCount: number;
  vocabulary: readonly string[];
}): AnalyticsEvent | null {
  const reduced = input.resultsCount > 0 ? termInVocabulary(input.term, input.vocabulary) : '';
  const term = reduced ? safeSearchTerm(reduced) : null;
  return make('search', term ? { search_term: term } : {});
}

export function addToCart(input: { currency: CurrencyCode; item: ItemInput }): AnalyticsEvent | null {
  return lines('add_to_cart', input.currency, [input.item]);
}

export function removeFromCart(input: { currency: CurrencyCode; item: ItemInput }): AnalyticsEvent | null {
  return lines('remove_from_cart', input.currency, [input.item]);
}

export function beginCheckout(input: {
  currency: CurrencyCode;
  items: readonly ItemInput[];
  coupon?: string | null;
}): AnalyticsEvent | null {
  return lines('begin_checkout', input.currency, input.items, { coupon: input.coupon ?? undefined });
}

export function addPaymentInfo(input: {
  currency: CurrencyCode;
  items: readonly ItemInput[];
  paymentType: string;
  coupon?: string | null;
}): AnalyticsEvent | null {
  return lines('add_payment_info', input.currency, input.items, {
    payment_type: input.paymentType,
    coupon: input.coupon ?? undefined,
  });
}

/** An order placed: its number, what it came to (total, VAT included, delivery) and its lines. */
export function purchase(input: {
  orderId: number;
  currency: CurrencyCode;
  totalMinor: number;
  taxMinor: number;
  shippingMinor: number;
  coupon?: string | null;
  items: readonly ItemInput[];
}): AnalyticsEvent | null {
  const c = input.currency;
  return make('purchase', {
    transaction_id: String(input.orderId),
    currency: c,
    value: toDecimal(input.totalMinor, c),
    tax: toDecimal(input.taxMinor, c),
    shipping: toDecimal(input.shippingMinor, c),
    coupon: input.coupon ?? undefined,
    items: toItems(input.items, c),
  });
}

/** The blood-test booking started: how much, never which tests. */
export function bloodTestBeginCheckout(input: { currency: CurrencyCode; valueMinor: number }): AnalyticsEvent | null {
  return make('blood_test_begin_checkout', {
    currency: input.currency,
    value: toDecimal(input.valueMinor, input.currency),
  });
}

/** A blood-test booking placed: how much, never which tests, nor the booking's number. */
export function bloodTestPurchase(input: { currency: CurrencyCode; valueMinor: number }): AnalyticsEvent | null {
  return make('blood_test_purchase', { currency: input.currency, value: toDecimal(input.valueMinor, input.currency) });
}

/** The quiz started: its version only, never an answer. */
export function quizStart(input: { version: string | number }): AnalyticsEvent | null {
  return make('quiz_start', { quiz_version: String(input.version) });
}

/** The quiz finished: its version and how many products it suggested, never the answers or the products' reasons. */
export function quizComplete(input: { version: string | number; suggestionCount: number }): AnalyticsEvent | null {
  return make('quiz_complete', { quiz_version: String(input.version), suggestion_count: input.suggestionCount });
}

const ECOMMERCE = new Set<string>(ECOMMERCE_EVENTS);

/**
 * The data layer's pushes for an event, as Google's ecommerce guide has them: an ecommerce event first
 * clears the previous `ecommerce` object, then pushes `{ event, ecommerce }`; any other event pushes
 * its parameters beside its name.
 */
export function toDataLayer(event: AnalyticsEvent): Record<string, unknown>[] {
  return ECOMMERCE.has(event.name)
    ? [{ ecommerce: null }, { event: event.name, ecommerce: { ...event.params } }]
    : [{ event: event.name, ...event.params }];
}
