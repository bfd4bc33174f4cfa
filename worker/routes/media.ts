// Product, brand, nutritionist and banner images: stored in the API's R2 bucket, served here with
// long-lived caching (keys change when an image changes).
import { Hono } from 'hono';
import { fail } from '../../shared/api/envelope';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';

const KEY = /^\/media\/[a-z0-9][a-z0-9/-]{0,200}\.(svg|png|webp|jpg)$/;

export const media = new Hono<AppEnv>();

media.get('/media/*', async (c) => {
  const path = new URL(c.req.url).pathname;
  if (!KEY.test(path) || path.includes('//')) return c.json(fail('not_found', 404), 404);
  const res = await callUpstream(c.env, c.var.config, { method: 'GET', path, deviceToken: null, userToken: null, lang: 'en', country: 'KW' });
  if (!res.ok) return c.json(fail('not_found', 404), 404);
  return new Response(res.body, {
    status: 200,
    headers: {
      'content-type': res.headers.get('content-type') ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      // SVG from storage is shown as an image only; never as a document that could run script.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
});
