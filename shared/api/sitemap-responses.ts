// What the sitemap's routes answer (decision 68: the routes' `response`); the storefront's sitemap
// files (worker/routes/seo-files.ts) read the inferred types.
import { COUNTRY_CODES } from '../countries';
import { z } from '../zod';

/** GET /sitemap: what the pages sitemap lists, and how many product sitemaps there are. */
export const sitemapIndexSchema = z.object({
  product_pages: z.int(),
  categories: z.array(z.int()),
  brands: z.array(z.int()),
  nutritionists: z.array(z.string()),
  /** Each active test and the countries it is sold in (a price there), in the registry's order. */
  blood_tests: z.array(z.object({ slug: z.string(), countries: z.array(z.enum(COUNTRY_CODES)) })),
});
export type SitemapIndex = z.infer<typeof sitemapIndexSchema>;

/** GET /sitemap/products/:page: one page of product slugs, each with its date (YYYY-MM-DD). */
export const sitemapProductsSchema = z.object({
  items: z.array(z.object({ slug: z.string(), updated: z.string() })),
});
export type SitemapProducts = z.infer<typeof sitemapProductsSchema>;
