// The back office's catalogue, continued: adding products (with their first SKU), SKUs, categories,
// brands and nutritionists, and deleting them. A delete never rewrites history: what was ever ordered,
// or still has products or subcategories, stays; each refusal is a 409 with its message key. Every
// change is one D1 batch with its audit row, then a new catalogue version (see catalogue.ts).
import { Hono } from 'hono';
import type { AppEnv } from '#api/src/app-env';
import { staffCreateProductRoutes } from './catalogue-create-products';
import { staffCreateTaxonomyRoutes } from './catalogue-create-taxonomy';
import { staffCreateNutritionistRoutes } from './catalogue-create-nutritionists';
import { staffNutritionistAccountRoutes } from './nutritionist-account';

export const staffCatalogueCreateRoutes = new Hono<AppEnv>()
  .route('/', staffCreateProductRoutes)
  .route('/', staffCreateTaxonomyRoutes)
  .route('/', staffCreateNutritionistRoutes)
  .route('/', staffNutritionistAccountRoutes);
