// What the back office's catalogue routes answer (api/src/routes/staff/catalogue-*.ts): products and
// their SKUs, categories, brands, home sections and nutritionists, read and changed. The routes'
// response schemas (decision 68) and the types the catalogue pages read, one declaration.
import { imageRefSchema } from '../catalogue/schemas';
import { COUNTRY_CODES } from '../locale';
import { z } from '../zod';

/** A yes/no column as D1 stores it. */
const bit = z.union([z.literal(0), z.literal(1)]);
const names = { name_en: z.string(), name_ar: z.string() };

/** What a change answers: the row it changed (or added, or deleted). */
export const changedRowSchema = z.object({ id: z.int() });
/** An added row that has a slug of its own (a nutritionist, category or brand). */
export const addedWithSlugSchema = z.object({ id: z.int(), slug: z.string() });
/** A product added with its first SKU. */
export const addedProductSchema = z.object({ id: z.int(), slug: z.string(), sku_id: z.int() });
/** A change to a product's part (a SKU, a picture): the part and its product. */
export const productPartSchema = z.object({ id: z.int(), product_id: z.int() });
/** A SKU's stock set or adjusted: the units it holds now. */
export const skuStockSchema = z.object({ id: z.int(), product_id: z.int(), stock: z.int() });
/** A change to a nutritionist's list: the list and its nutritionist. */
export const nutritionistListPartSchema = z.object({ id: z.int(), nutritionist_id: z.int() });

/** A banner added to a banner row: the row and the new banner's picture stem (`<image_key>-en`, `-ar`). */
export const bannerAddedSchema = z.object({ id: z.int(), image_key: z.string() });

/** A picture uploaded: its stored key and type, the size sent and the size stored (the largest rendition). */
export const productImageUploadSchema = z.object({
  id: z.int(),
  r2_key: z.string(),
  type: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  original: z.object({ width: z.int(), height: z.int() }),
  width: z.int(),
  height: z.int(),
});

/** The products list: 50 a page, with each product's brand, category, units in stock and SKU count. */
export const productListSchema = z.object({
  products: z.array(
    z.object({
      id: z.int(),
      slug: z.string(),
      ...names,
      is_active: bit,
      in_stock: bit,
      min_price: z.int(),
      brand_en: z.string(),
      brand_ar: z.string(),
      category_en: z.string(),
      category_ar: z.string(),
      /** Units over its SKUs (null: a product without SKUs, which the back office never leaves). */
      stock: z.int().nullable(),
      skus: z.int(),
    }),
  ),
  total: z.int(),
  page: z.int(),
  pages: z.int(),
});
export type ProductList = z.infer<typeof productListSchema>;
export type ProductListRow = ProductList['products'][number];

/** One product's row as stored, with its SKUs, pictures, and the categories and brands to choose from. */
export const productDetailSchema = z.object({
  product: z.object({
    id: z.int(),
    slug: z.string(),
    brand_id: z.int(),
    category_id: z.int(),
    ...names,
    description_en: z.string(),
    description_ar: z.string(),
    suggested_use_en: z.string(),
    suggested_use_ar: z.string(),
    tags_en: z.string(),
    tags_ar: z.string(),
    ingredients_en: z.string(),
    ingredients_ar: z.string(),
    warnings_en: z.string(),
    warnings_ar: z.string(),
    default_sku_id: z.int().nullable(),
    free_delivery: bit,
    popularity: z.int(),
    is_active: bit,
    created_at: z.int(),
    min_price: z.int(),
    max_discount: z.int(),
    in_stock: bit,
    rating_count: z.int(),
    rating_sum: z.int(),
    rating_score: z.int(),
    /** Its own subscribe-and-save percent; null takes the shop's (decision 45). */
    subscription_discount: z.int().nullable(),
  }),
  skus: z.array(
    z.object({
      id: z.int(),
      product_id: z.int(),
      ...names,
      /** Base fils, before VAT. */
      price: z.int(),
      old_price: z.int().nullable(),
      stock: z.int(),
      buy_limit: z.int().nullable(),
      sort_order: z.int(),
      pack_units: z.int().nullable(),
      daily_units: z.int().nullable(),
      weight_grams: z.int(),
      /**
       * What a shopper of each country pays (VAT included where it applies; decision 9), in its minor
       * units: converted from the KWD price, or the owner's own (decision 77); null: not sold there.
       */
      prices: z.array(
        z.object({
          country: z.enum(COUNTRY_CODES),
          currency: z.string(),
          pricing: z.enum(['converted', 'own']),
          price: z.int().nullable(),
          old_price: z.int().nullable(),
        }),
      ),
    }),
  ),
  images: z.array(
    z.object({
      id: z.int(),
      r2_key: z.string(),
      alt_en: z.string(),
      alt_ar: z.string(),
      width: z.int(),
      height: z.int(),
      sort_order: z.int(),
      ref: imageRefSchema,
    }),
  ),
  /** The categories and brands a product may be put in, as its form's selects list them. */
  categories: z.array(z.object({ id: z.int(), parent_id: z.int().nullable(), ...names })),
  brands: z.array(z.object({ id: z.int(), ...names })),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** Every category, each with its count of products (subcategories right after their parent). */
export const categoryListSchema = z.object({
  categories: z.array(
    z.object({
      id: z.int(),
      parent_id: z.int().nullable(),
      slug: z.string(),
      ...names,
      color: z.string(),
      sort_order: z.int(),
      products: z.int(),
    }),
  ),
});
export type CategoryList = z.infer<typeof categoryListSchema>;

/** Every brand, each with its count of products. */
export const brandListSchema = z.object({
  brands: z.array(
    z.object({
      id: z.int(),
      slug: z.string(),
      ...names,
      color: z.string(),
      description_en: z.string(),
      description_ar: z.string(),
      is_featured: bit,
      sort_order: z.int(),
      products: z.int(),
    }),
  ),
});
export type BrandList = z.infer<typeof brandListSchema>;

/** The home page's sections as stored; `payload` is the section's JSON text (a banner row's banners…). */
export const homeSectionListSchema = z.object({
  sections: z.array(
    z.object({
      id: z.int(),
      type: z.enum(['banner', 'categories', 'popular', 'brands', 'nutritionist_banner', 'quiz', 'collection']),
      title_en: z.string(),
      title_ar: z.string(),
      payload: z.string(),
      sort_order: z.int(),
      is_active: bit,
    }),
  ),
});

const nutritionistRowSchema = z.object({
  id: z.int(),
  slug: z.string(),
  ...names,
  title_en: z.string(),
  title_ar: z.string(),
  sort_order: z.int(),
});

/** Every nutritionist, each with the count of their lists. */
export const nutritionistListSchema = z.object({
  nutritionists: z.array(nutritionistRowSchema.extend({ lists: z.int() })),
});
export type NutritionistList = z.infer<typeof nutritionistListSchema>;
export type NutritionistRow = NutritionistList['nutritionists'][number];

/** A nutritionist's row as stored, with their lists and the products on each. */
export const nutritionistDetailSchema = z.object({
  nutritionist: nutritionistRowSchema.extend({
    bio_en: z.string(),
    bio_ar: z.string(),
    photo_key: z.string(),
    years_experience: z.int(),
    gender: z.enum(['female', 'male']),
    /** The languages she consults in, comma-separated ("ar,en"). */
    languages: z.string(),
    qualifications_en: z.string(),
    qualifications_ar: z.string(),
    /** The back-office account that practises as her; null: she takes no bookings. */
    staff_id: z.int().nullable(),
    /** The shop's share of a consultation's price, in basis points. */
    shop_share_bp: z.int(),
  }),
  lists: z.array(
    z.object({
      id: z.int(),
      nutritionist_id: z.int(),
      ...names,
      sort_order: z.int(),
      items: z.array(z.object({ list_id: z.int(), product_id: z.int(), sort_order: z.int(), ...names })),
    }),
  ),
  /** For the owner (staff:write): the active members holding the nutritionist role, who may practise as her. */
  accounts: z.array(z.object({ id: z.int(), name: z.string(), email: z.string() })).nullable(),
});
export type NutritionistDetail = z.infer<typeof nutritionistDetailSchema>;
