// Product, brand, nutritionist and banner images: stored in the API's R2 bucket (WebP renditions and
// Open Graph PNGs, decision 11), served here with long-lived caching (keys change when an image
// changes) and the API's ETag, so a revalidation is a 304 without the bytes.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import { fail } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';

const KEY = /^\/media\/[a-z0-9][a-z0-9/-]{0,200}\.(png|webp)$/;

export const media = new Hono<AppEnv>();

media.get('/media/*', async (c) => {
  const path = new URL(c.req.url).pathname;
  if (!KEY.test(path) || path.includes('//')) return c.json(fail('not_found', 404), 404);
  const ifNoneMatch = c.req.header('if-none-match');
  const res = await callUpstream(c.env, c.var.config, {
    method: 'GET',
    path,
    deviceToken: null,
    userToken: null,
    lang: 'en',
    country: HOME_COUNTRY,
    ...(ifNoneMatch ? { passHeaders: { 'if-none-match': ifNoneMatch } } : {}),
  });
  if (res.status !== 304 && !res.ok) return c.json(fail('not_found', 404), 404);
  const headers: Record<string, string> = {
    'content-type': res.headers.get('content-type') ?? 'application/octet-stream',
    'cache-control': 'public, max-age=31536000, immutable',
    // An image from storage is shown as an image only; never as a document that could run script.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  };
  const etag = res.headers.get('etag');
  if (etag) headers.etag = etag;
  return new Response(res.status === 304 ? null : res.body, { status: res.status === 304 ? 304 : 200, headers });
});
