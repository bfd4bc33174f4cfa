// Path and query parameters of the commerce API, and the small request bodies that had no shared home.
// The API validates with them (api/src/lib/validate.ts) and docs/openapi.json is generated from them.
import { PAYMENT_ID } from './payment-id';
import { z } from '../zod';
import { WEBHOOK_SIGNATURE_HEADERS, type WebhookProvider } from './payment-webhooks';

/**
 * Plain ASCII digits only: 1.5, -1, 1e3, 0x10, " 3", Arabic-Indic digits and the empty string are
 * refused, never turned into a number SQL chokes on (a lenient Number() would accept some of them).
 */
const digits = (max: number) => z.string().regex(new RegExp(`^[0-9]{1,${max}}$`));

/** A whole number sent as text (path or query), within [min, max]. */
const wholeNumber = (min: number, max: number) =>
  digits(String(max).length).transform(Number).pipe(z.number().int().min(min).max(max));

/** A 1-based page number in the path. */
export const pageParams = z.object({ page: wholeNumber(1, 100_000) });

/** A numeric row id in the path (orders, addresses, products). */
export const idParams = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

/** An order and one of its refunds in the path (the back office). */
export const orderRefundParams = z.object({
  id: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  refund: wholeNumber(1, Number.MAX_SAFE_INTEGER),
});

/** A catalogue reference in the path: a numeric id or a slug. */
export const refParams = z.object({ ref: z.string().regex(/^[a-z0-9-]{1,160}$/) });

/** A payment id in the path, as newPaymentId makes them. */
export const paymentIdParams = z.object({ id: z.string().regex(PAYMENT_ID) });

/** A guest's order link token. */
export const orderLinkParams = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/) });

/** The two parts of an instruction text's address (/info/instructions/{a}/{b}). */
export const instructionParams = z.object({
  a: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
  b: z.string().regex(/^[A-Za-z0-9-]{1,40}$/),
});

/** The payment gateway a webhook comes from. */
export const webhookParams = z.object({
  provider: z.enum(Object.keys(WEBHOOK_SIGNATURE_HEADERS) as [WebhookProvider, ...WebhookProvider[]]),
});

/** As-you-type suggestions: the typed text and how many products (clamped to 1–12, default 6). */
export const suggestQuery = z.object({
  q: z.string().optional(),
  limit: digits(9)
    .transform((v) => Math.min(Math.max(Number(v), 1), 12))
    .optional(),
});

/** The listing's filter model as JSON in the query (GET /product/filter-sort?q=…). */
export const filterSortQuery = z.object({ q: z.string().optional() });

/** Which parts of the category tree: `children` (default) or the top level only. */
export const categoryListQuery = z.object({ includes: z.string().max(200).optional() });

/** Courier countries matching a text. */
export const dhlCountryQuery = z.object({ countrySearch: z.string().optional() });

/** Courier cities of one country matching a text; no country gives no cities. */
export const dhlCityQuery = z.object({
  dhl_country_id: digits(9).transform(Number).optional(),
  citySearch: z.string().optional(),
});

const sortOf = <K extends readonly [string, ...string[]]>(keys: K) =>
  z.object({ sort: z.object({ key: z.enum(keys), value: z.enum(['asc', 'desc']) }).optional() });

/** The brand list's order. */
export const brandListSchema = sortOf(['name', 'popularity', 'products']);
export type BrandListInput = z.output<typeof brandListSchema>;

/** Cart sync: the cart's SKUs refreshed (price, stock, limits), with giveaways and related cards. */
export const skuSyncSchema = z.object({
  ids: z.array(z.number().int().positive()).max(100),
  exclude_purchase_together: z.boolean().optional(),
  /** The cart's count of each SKU of ids (same order), so giveaways say whether the cart qualifies. */
  counts: z.array(z.number().int().min(1).max(99)).max(100).optional(),
});

/** Notify-me on (true) or off (false) for a product. */
export const notifyMeSchema = z.object({ value: z.boolean({ error: 'mandatory-field' }) });

/** One search term kept in the device's history. */
export const searchTermSchema = z.object({ term: z.string().trim().min(1).max(100) });
