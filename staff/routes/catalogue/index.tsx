// The back office's Catalogue and Nutritionists sections: pages read through the API's
// /staff/catalogue routes, forms post here and are handed on as they were typed (the API parses them
// with the same shared schemas), then Post/Redirect/Get; a refused form is shown again with what was
// typed and each field's message (forms.tsx). One file per part of the section: products and their
// SKUs (products.tsx), the lists of categories, brands and home sections (lists.tsx), nutritionists
// (nutritionists.tsx).
import { Hono } from 'hono';
import type { StaffAppEnv } from '../../app-env';
import { listSectionRoutes } from './lists';
import { nutritionistRoutes } from './nutritionists';
import { productRoutes } from './products';

export const catalogueRoutes = new Hono<StaffAppEnv>()
  .route('/', productRoutes)
  .route('/', listSectionRoutes)
  .route('/', nutritionistRoutes);
