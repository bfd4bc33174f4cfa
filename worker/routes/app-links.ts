// App association files (universal links / app links), built from configuration.
import { Hono, type Context } from 'hono';
import type { AppAssociation } from '#shared/app-links';
import type { AppEnv } from '../app-env';

export const appLinks = new Hono<AppEnv>();

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function appleAssociation(appIds: string, paths: string): AppAssociation {
  const ids = list(appIds);
  return { applinks: { details: ids.length ? [{ appIDs: ids, paths: list(paths) }] : [] } };
}

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' };

function serveApple(c: Context<AppEnv>) {
  const { APPLE_APP_IDS, APP_LINK_PATHS } = c.var.config;
  return c.body(JSON.stringify(appleAssociation(APPLE_APP_IDS, APP_LINK_PATHS)), 200, JSON_HEADERS);
}

appLinks.get('/.well-known/apple-app-site-association', serveApple);
appLinks.get('/apple-app-site-association', serveApple);

appLinks.get('/.well-known/assetlinks.json', (c) => {
  const { ANDROID_PACKAGE, ANDROID_CERT_SHA256 } = c.var.config;
  const fingerprints = list(ANDROID_CERT_SHA256);
  const body =
    ANDROID_PACKAGE && fingerprints.length
      ? [
          {
            relation: ['delegate_permission/common.handle_all_urls'],
            target: { namespace: 'android_app', package_name: ANDROID_PACKAGE, sha256_cert_fingerprints: fingerprints },
          },
        ]
      : [];
  return c.body(JSON.stringify(body), 200, JSON_HEADERS);
});
