// App association files (universal links / app links), built from configuration (worker/config.ts):
// Apple's with `components` for iOS 13 and later and `paths` for earlier ones (and the spec), both in
// English and Arabic; Google's Digital Asset Links statement list. shared/app-links.ts builds and reads them.
import { Hono, type Context } from 'hono';
import { appleAssociation, assetLinks } from '#shared/app-links';
import type { AppEnv } from '../app-env';

export const appLinks = new Hono<AppEnv>();

// Served as JSON at the exact address, without a redirect, as both platforms require.
const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' };

function serveApple(c: Context<AppEnv>) {
  const { APPLE_APP_IDS, APP_LINK_PATHS } = c.var.config;
  return c.body(JSON.stringify(appleAssociation(APPLE_APP_IDS, APP_LINK_PATHS)), 200, JSON_HEADERS);
}

appLinks.get('/.well-known/apple-app-site-association', serveApple);
appLinks.get('/apple-app-site-association', serveApple);

appLinks.get('/.well-known/assetlinks.json', (c) => {
  const { ANDROID_PACKAGE, ANDROID_CERT_SHA256 } = c.var.config;
  return c.body(JSON.stringify(assetLinks(ANDROID_PACKAGE, ANDROID_CERT_SHA256)), 200, JSON_HEADERS);
});
