// Catalogue pictures on staff pages (the product's photographs, a banner row's banners) and the photos on
// shoppers' reviews in the moderation queue: read from the commerce API's media route for signed-in staff,
// so the staff origin's CSP can stay at img-src 'self'.
import { Hono } from 'hono';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { forbiddenPage, staffPage } from '../middleware/guards';

/** The keys the shop stores (api/src/media/renditions.ts), as the storefront's media route allows them. */
const KEY = /^\/media\/[a-z0-9][a-z0-9/-]{0,200}\.(png|webp)$/;

// A review's photos are what a moderator judges, and support moderates without reading the catalogue.
const REVIEW_PHOTO = /^\/media\/reviews\//;

export const mediaRoutes = new Hono<StaffAppEnv>().get('/media/*', staffPage(), async (c) => {
  const path = new URL(c.req.url).pathname;
  if (!KEY.test(path) || path.includes('//')) return c.notFound();
  const needs = REVIEW_PHOTO.test(path) ? 'reviews:read' : 'catalogue:read';
  if (!c.var.me.permissions.includes(needs)) return forbiddenPage(c, c.var.me);
  const answer = await staffApi(c, 'GET', path);
  const res = answer.raw;
  if (!res?.ok) return c.notFound();
  return new Response(res.body, {
    headers: {
      'content-type': res.headers.get('content-type') ?? 'application/octet-stream',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
