// The back office's catalogue (issue 14): products and SKUs (prices, stock, buy limits), images,
// categories, brands, home sections (catalogue:*), and nutritionists with their lists (nutritionists:*).
import { idParams } from '#shared/api/route-schemas';
import {
  brandEditSchema,
  catalogueListQuery,
  categoryEditSchema,
  homeSectionEditSchema,
  imageUploadSchema,
  nutritionistEditSchema,
  nutritionistListEditSchema,
  nutritionistListItemSchema,
  productEditSchema,
  skuEditSchema,
  stockAdjustSchema,
} from '#shared/api/staff-catalogue-schemas';
import type { RouteContract } from '../registry';

const staff = { tag: 'staff', noDevice: true } as const;
const byId = { params: idParams } as const;

export const STAFF_CATALOGUE_CONTRACTS = {
  'GET /staff/catalogue/products': {
    ...staff,
    summary: 'Products, 50 a page: search (`q`, a name or an id), category, brand and stock state',
    query: catalogueListQuery,
    staff: 'catalogue:read',
  },
  'GET /staff/catalogue/products/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: 'A product with its SKUs (prices in base fils and as each country pays), images, categories and brands',
    staff: 'catalogue:read',
  },
  'POST /staff/catalogue/products/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: "Edit a product's names, descriptions, category, brand and active flag",
    body: productEditSchema,
    staff: 'catalogue:write',
  },
  'POST /staff/catalogue/products/:id{[0-9]+}/images': {
    ...staff,
    ...byId,
    summary: 'Upload a JPEG, PNG or WebP (≤ 5 MB, judged by content) as the product’s first picture',
    body: imageUploadSchema,
    staff: 'catalogue:write',
  },
  'POST /staff/catalogue/skus/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: "Edit a SKU's price, old price, buy limit and (with a reason) stock",
    body: skuEditSchema,
    staff: 'catalogue:write',
  },
  'POST /staff/catalogue/skus/:id{[0-9]+}/stock': {
    ...staff,
    ...byId,
    summary: "Add or take away units of a SKU's stock, with a reason",
    body: stockAdjustSchema,
    staff: 'catalogue:write',
  },
  'GET /staff/catalogue/categories': { ...staff, summary: 'Every category', staff: 'catalogue:read' },
  'POST /staff/catalogue/categories/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: "Edit a category's names and sort order",
    body: categoryEditSchema,
    staff: 'catalogue:write',
  },
  'GET /staff/catalogue/brands': { ...staff, summary: 'Every brand', staff: 'catalogue:read' },
  'POST /staff/catalogue/brands/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: "Edit a brand's names, descriptions, featured flag and sort order",
    body: brandEditSchema,
    staff: 'catalogue:write',
  },
  'GET /staff/catalogue/home-sections': {
    ...staff,
    summary: 'The home page sections and banners',
    staff: 'catalogue:read',
  },
  'POST /staff/catalogue/home-sections/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: "Edit a home section's titles, sort order and active flag",
    body: homeSectionEditSchema,
    staff: 'catalogue:write',
  },
  'GET /staff/catalogue/nutritionists': { ...staff, summary: 'Every nutritionist', staff: 'nutritionists:read' },
  'GET /staff/catalogue/nutritionists/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: 'A nutritionist with their lists and the products on them',
    staff: 'nutritionists:read',
  },
  'POST /staff/catalogue/nutritionists/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: "Edit a nutritionist's names, titles, biography, experience and sort order",
    body: nutritionistEditSchema,
    staff: 'nutritionists:write',
  },
  'POST /staff/catalogue/nutritionist-lists/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: "Edit a nutritionist list's names and sort order",
    body: nutritionistListEditSchema,
    staff: 'nutritionists:write',
  },
  'POST /staff/catalogue/nutritionist-lists/:id{[0-9]+}/items': {
    ...staff,
    ...byId,
    summary: 'Add a product to a nutritionist list, or take one off',
    body: nutritionistListItemSchema,
    staff: 'nutritionists:write',
  },
} as const satisfies Record<string, RouteContract>;
