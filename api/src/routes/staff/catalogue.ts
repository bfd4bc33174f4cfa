// The back office's catalogue: products and SKUs, stock, images, categories, brands, home sections,
// nutritionists and their lists. Every change is one D1 batch with its audit row and what it must keep
// in step (listing columns, search index, back-in-stock events; api/src/catalogue/maintain.ts), then a
// new catalogue version, so shoppers see it on their next request.
import { Hono } from 'hono';
import type { AppEnv } from '#api/src/app-env';
import { staffProductRoutes } from './catalogue-products';
import { staffTaxonomyRoutes } from './catalogue-taxonomy';
import { staffNutritionistRoutes } from './catalogue-nutritionists';
import { staffImportRoutes } from './catalogue-import';
import { staffCountryPriceRoutes } from './catalogue-country-prices';

export { audit, commit, fieldError, notFound } from '#api/src/staff/catalogue-common';

export const staffCatalogueRoutes = new Hono<AppEnv>()
  .route('/', staffProductRoutes)
  .route('/', staffTaxonomyRoutes)
  .route('/', staffNutritionistRoutes)
  .route('/', staffImportRoutes)
  .route('/', staffCountryPriceRoutes);
