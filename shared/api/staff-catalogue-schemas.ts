// The back office's catalogue inputs, shared by the staff app's forms and the API's contract.
// Form fields arrive as strings (digits in either script); the API gets the same strings and parses them
// with the same schema, so a form and the API can never disagree about what is valid.
import { z } from '../zod';
import { CORE, COUNTRY_CODES } from '../countries';
import { normalizeDigits } from '../text/digits';

/** Upload limit for one catalogue image (the original, before any rendition). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Base64 of IMAGE_MAX_BYTES, rounded up: the JSON body the staff app sends the API. */
const IMAGE_MAX_BASE64 = Math.ceil(IMAGE_MAX_BYTES / 3) * 4;

const text = (max: number) => z.string().trim().max(max, { error: 'catalogue_text_too_long' });
const required = (max: number) =>
  z
    .string({ error: 'catalogue_field_required' })
    .trim()
    .min(1, { error: 'catalogue_field_required' })
    .max(max, { error: 'catalogue_text_too_long' });

const digits = (v: unknown) => (typeof v === 'string' ? normalizeDigits(v).trim().replace('٫', '.') : v);

/** A whole number typed in a form (or sent as a number). */
const int = (min: number, max: number, error: string) =>
  z.preprocess(
    (v) => {
      const d = digits(v);
      return typeof d === 'string' && /^-?\d+$/.test(d) ? Number(d) : d;
    },
    z.number({ error }).int({ error }).min(min, { error }).max(max, { error }),
  );

/** As int, but an empty field is null (no limit, no old price). */
const optionalInt = (min: number, max: number, error: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.union([z.null(), int(min, max, error)]));

/** Kuwaiti dinars typed with up to three decimals ("3.5", "3.500", "٣٫٥"), as integer fils. */
export function filsFromKwd(value: string): number | null {
  const m = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(value);
  return m ? Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0')) : null;
}

const money = z.preprocess(
  (v) => {
    const d = digits(v);
    if (typeof d === 'number') return d;
    return typeof d === 'string' ? (filsFromKwd(d) ?? Number.NaN) : d;
  },
  z.number({ error: 'price_invalid' }).int({ error: 'price_invalid' }).min(0, { error: 'price_invalid' }),
);
const optionalMoney = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.union([z.null(), money]));

const flag = z.preprocess((v) => v === true || v === 'on' || v === '1' || v === 'true', z.boolean());
const id = int(1, 2 ** 31, 'item_validation_error');

export const catalogueListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  category_id: z.coerce.number().int().positive().optional(),
  brand_id: z.coerce.number().int().positive().optional(),
  stock: z.enum(['in', 'out', 'low']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

export const productEditSchema = z.object({
  name_en: required(200),
  name_ar: required(200),
  description_en: text(5000).default(''),
  description_ar: text(5000).default(''),
  category_id: id,
  brand_id: id,
  is_active: flag,
});

export const skuEditSchema = z
  .object({
    price: money,
    old_price: optionalMoney,
    buy_limit: optionalInt(1, 999, 'buy_limit_invalid'),
    /** Set the stock to this many units (absent or empty: unchanged). */
    stock: z.preprocess((v) => (v === '' ? undefined : v), int(0, 1_000_000, 'stock_invalid').optional()),
    /**
     * The stock the form showed, required with `stock`: the stock is set only while it still equals
     * this (else 409 stock_changed), so an order placed meanwhile is never overwritten. Equal to
     * `stock`: the clerk left the stock alone.
     */
    stock_seen: z.preprocess((v) => (v === '' ? undefined : v), int(0, 1_000_000, 'stock_invalid').optional()),
    reason: text(200).optional(),
  })
  .refine((s) => s.old_price === null || s.old_price > s.price, {
    path: ['old_price'],
    error: 'old_price_not_above_price',
  })
  .refine((s) => s.stock === undefined || s.stock_seen !== undefined, {
    path: ['stock_seen'],
    error: 'stock_invalid',
  });

/**
 * An own-priced country's price of a SKU (decision 77, "a country's own prices"): typed in the country's
 * currency with at most its decimals, VAT included as the shopper pays it; an empty price means the size
 * is not sold there. Stored in the country's minor units.
 */
const countryAmount = z.preprocess(
  (v) => (v === undefined || v === null ? '' : digits(v)),
  z.string().regex(/^(\d{1,7}(\.\d+)?)?$/, { error: 'price_invalid' }),
);
export const skuCountryPriceSchema = z
  .object({
    country: z.enum(COUNTRY_CODES, { error: 'item_validation_error' }),
    price: countryAmount,
    old_price: countryAmount,
  })
  .superRefine((input, ctx) => {
    const decimals = CORE[input.country].decimals;
    for (const field of ['price', 'old_price'] as const)
      if ((input[field].split('.')[1] ?? '').length > decimals)
        ctx.addIssue({ code: 'custom', path: [field], message: 'price_invalid' });
    if (input.price === '' && input.old_price !== '')
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'catalogue_field_required' });
  })
  .transform((input) => {
    const decimals = CORE[input.country].decimals;
    const minor = (text: string) =>
      text === ''
        ? null
        : Number(text.split('.')[0]) * 10 ** decimals + Number((text.split('.')[1] ?? '').padEnd(decimals, '0') || 0);
    return { country: input.country, price: minor(input.price), old_price: minor(input.old_price) };
  })
  .refine((s) => s.price === null || s.old_price === null || s.old_price > s.price, {
    path: ['old_price'],
    error: 'old_price_not_above_price',
  });

export const stockAdjustSchema = z.object({
  /** Units added (or taken away, when negative). */
  adjust: int(-1_000_000, 1_000_000, 'stock_invalid').refine((n) => n !== 0, { error: 'stock_invalid' }),
  reason: z
    .string({ error: 'reason_required' })
    .trim()
    .min(1, { error: 'reason_required' })
    .max(200, { error: 'catalogue_text_too_long' }),
});

/** An image file's bytes, base64. Its type is judged by its content, never by its name (api/src/media/upload.ts). */
const imageBase64 = z
  .string({ error: 'image_missing' })
  .min(1, { error: 'image_missing' })
  .max(IMAGE_MAX_BASE64 + 4, { error: 'image_too_large' });

export const imageUploadSchema = z.object({
  /** The file's bytes, base64. Its type is judged by its content, never by its name. */
  data: imageBase64,
  alt_en: text(200).default(''),
  alt_ar: text(200).default(''),
});

export const categoryEditSchema = z.object({
  name_en: required(100),
  name_ar: required(100),
  sort_order: int(0, 10_000, 'item_validation_error'),
});

export const brandEditSchema = z.object({
  name_en: required(100),
  name_ar: required(100),
  description_en: text(2000).default(''),
  description_ar: text(2000).default(''),
  is_featured: flag,
  sort_order: int(0, 10_000, 'item_validation_error'),
});

export const nutritionistEditSchema = z.object({
  name_en: required(100),
  name_ar: required(100),
  title_en: required(100),
  title_ar: required(100),
  bio_en: text(2000).default(''),
  bio_ar: text(2000).default(''),
  years_experience: int(0, 80, 'item_validation_error'),
  sort_order: int(0, 10_000, 'item_validation_error'),
});

/** The staff account that practises as a nutritionist (its consultations, its own profile and lists), or none. */
export const nutritionistAccountSchema = z.object({
  staff_id: optionalInt(1, Number.MAX_SAFE_INTEGER, 'item_validation_error'),
});

export const nutritionistListEditSchema = z.object({
  name_en: required(100),
  name_ar: required(100),
  sort_order: int(0, 10_000, 'item_validation_error'),
});

export const nutritionistListItemSchema = z
  .object({
    add_product_id: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
    remove_product_id: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
  })
  .refine((s) => s.add_product_id !== undefined || s.remove_product_id !== undefined, {
    path: ['add_product_id'],
    error: 'catalogue_field_required',
  });

export const homeSectionEditSchema = z.object({
  title_en: text(200).default(''),
  title_ar: text(200).default(''),
  sort_order: int(0, 10_000, 'item_validation_error'),
  is_active: flag,
});

// Creating and deleting: a new product starts hidden, with its first SKU; a SKU, category or
// brand is added on its own page; a delete is confirmed with a checkbox, so an empty post never deletes.

/** A URL slug made from an English name: "Vitamin D3 1000 IU" → "vitamin-d3-1000-iu" ("" when nothing is left). */
export function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

const skuFields = {
  sku_name_en: required(100),
  sku_name_ar: required(100),
  price: money,
  old_price: optionalMoney,
  buy_limit: optionalInt(1, 999, 'buy_limit_invalid'),
  stock: int(0, 1_000_000, 'stock_invalid'),
};
const oldPriceAbove = (s: { old_price: number | null; price: number }) => s.old_price === null || s.old_price > s.price;

/** A new product with its first SKU; it is hidden from shoppers until a manager shows it. */
export const productCreateSchema = z
  .object({
    name_en: required(200),
    name_ar: required(200),
    description_en: text(5000).default(''),
    description_ar: text(5000).default(''),
    category_id: id,
    brand_id: id,
    ...skuFields,
  })
  .refine(oldPriceAbove, { path: ['old_price'], error: 'old_price_not_above_price' });

/** Another size of a product. */
export const skuCreateSchema = z
  .object(skuFields)
  .refine(oldPriceAbove, { path: ['old_price'], error: 'old_price_not_above_price' });

const hexColour = z
  .string({ error: 'colour_invalid' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'colour_invalid' })
  .transform((c) => c.toLowerCase());

export const categoryCreateSchema = z.object({
  name_en: required(100),
  name_ar: required(100),
  /** Empty: a top-level category; otherwise the top-level category it sits under. */
  parent_id: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.union([z.null(), id])),
  color: hexColour,
  sort_order: int(0, 10_000, 'item_validation_error'),
});

/** A new brand with its logo (JPEG, PNG or WebP; judged by content like every upload). */
export const brandCreateSchema = brandEditSchema.extend({
  color: hexColour,
  logo: imageBase64,
});

/** A delete goes through only with its confirmation ticked. */
export const deleteSchema = z.object({
  confirm: z.preprocess((v) => v === true || v === 'on', z.literal(true, { error: 'delete_not_confirmed' })),
});

/**
 * Where a banner leads: a path on this shop without its language prefix (the shop adds /ar for Arabic),
 * e.g. /products?category=3. Never another site: no scheme, no "//", no backslash, no spaces.
 */
const bannerLink = z
  .string({ error: 'banner_link_invalid' })
  .trim()
  .max(300, { error: 'banner_link_invalid' })
  .regex(/^\/(?![/\\])[^\s\\]*$/, { error: 'banner_link_invalid' })
  .refine((l) => !/^\/ar(?:[/?#]|$)/.test(l), { error: 'banner_link_invalid' });

/** A banner for a home banner row: one picture per language (its text is drawn in the picture). */
export const bannerAddSchema = z.object({
  image_en: imageBase64,
  image_ar: imageBase64,
  link: bannerLink,
  alt_en: required(200),
  alt_ar: required(200),
});

/** Move a banner one place earlier, or take it off the row. */
export const bannerEditSchema = z.object({
  image_key: z.string().trim().min(1).max(200),
  action: z.enum(['up', 'remove'], { error: 'item_validation_error' }),
});

/** A new nutritionist with their portrait (cropped square, like the seed's). */
export const nutritionistCreateSchema = nutritionistEditSchema.extend({ photo: imageBase64 });

/** A product picture shown first, or taken off the product. */
export const productImageEditSchema = z.object({
  action: z.enum(['first', 'remove'], { error: 'item_validation_error' }),
});
