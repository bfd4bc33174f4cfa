import { describe, expect, it } from 'vitest';
import { associationPaths } from '../../../shared/app-links';
import { storefront } from './helpers';

describe('app association', () => {
  for (const path of ['/.well-known/apple-app-site-association', '/apple-app-site-association']) {
    it(`serves ${path} as JSON from configuration`, async () => {
      const res = await storefront(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      const file = await res.json<any>();
      expect(file.applinks.details[0].appIDs).toEqual(['ABCDE12345.com.gulfvitamins.app']);
      expect(associationPaths(file)).toContain('/products/*');
    });
  }

  it('serves assetlinks.json, empty until a certificate fingerprint is configured', async () => {
    const empty = await storefront('/.well-known/assetlinks.json');
    expect(await empty.json()).toEqual([]);
    const configured = await storefront('/.well-known/assetlinks.json', {}, { ANDROID_CERT_SHA256: 'AA:BB' });
    const [statement] = await configured.json<any[]>();
    expect(statement.target).toEqual({ namespace: 'android_app', package_name: 'com.gulfvitamins.app', sha256_cert_fingerprints: ['AA:BB'] });
  });
});

describe('/monitoring tunnel', () => {
  it('is off without a DSN', async () => {
    const res = await storefront('/monitoring', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });

  it("refuses envelopes addressed to another project than the configured DSN's", async () => {
    const dsn = 'https://public@o1.ingest.sentry.io/123';
    const envelope = `${JSON.stringify({ dsn: 'https://public@o1.ingest.sentry.io/999' })}\n{"type":"event"}\n{}`;
    const res = await storefront('/monitoring', { method: 'POST', body: envelope }, { SENTRY_DSN: dsn });
    expect(res.status).toBe(400);
    const bogus = await storefront('/monitoring', { method: 'POST', body: 'not json\n' }, { SENTRY_DSN: dsn });
    expect(bogus.status).toBe(400);
  });
});
