import { COUNTRY_CODES } from '#shared/countries';
import { describe, expect, it } from 'vitest';
import { publicConfig, storefrontConfig } from './config';

const base = {
  ENVIRONMENT: 'production',
  SIGNING_SECRET: 'a-real-secret-from-the-vault-0123456789',
  SENTRY_DSN: 'https://k@o1.ingest.sentry.io/5',
};

describe('storefront configuration', () => {
  it('refuses the development signing secret in production', () => {
    expect(() =>
      storefrontConfig({
        ...base,
        SIGNING_SECRET: 'dev-only-signing-secret-0123456789abcdef',
      } as unknown as StorefrontEnv),
    ).toThrow(/production/);
  });

  it('sends the browser only whitelisted values', () => {
    const config = storefrontConfig(base as unknown as StorefrontEnv);
    expect(publicConfig(config)).toEqual({
      environment: 'production',
      sentryDsn: base.SENTRY_DSN,
      analytics: { mode: 'off', consentCountries: [...COUNTRY_CODES] },
    });
  });

  it('turns GA4 on with a measurement id and its API secret only, and never tells the browser either', () => {
    const ga4 = storefrontConfig({
      ...base,
      GA4_MEASUREMENT_ID: 'G-ABC123XYZ',
      GA4_API_SECRET: 'mp-secret-value',
      ANALYTICS_CONSENT_COUNTRIES: 'sa',
    } as unknown as StorefrontEnv);
    expect(publicConfig(ga4).analytics).toEqual({ mode: 'ga4', consentCountries: ['SA'] });
    expect(JSON.stringify(publicConfig(ga4))).not.toMatch(/G-ABC123XYZ|mp-secret-value/);
    const idOnly = storefrontConfig({ ...base, GA4_MEASUREMENT_ID: 'G-ABC123XYZ' } as unknown as StorefrontEnv);
    expect(publicConfig(idOnly).analytics.mode).toBe('off');
    expect(() =>
      storefrontConfig({
        ...base,
        ANALYTICS_MODE: 'ga4',
        GA4_MEASUREMENT_ID: 'G-ABC123XYZ',
      } as unknown as StorefrontEnv),
    ).toThrow(/GA4_API_SECRET/);
  });

  it('turns GA4 off for a page served on a local host, but not the local outbox', () => {
    const ga4 = storefrontConfig({
      ...base,
      GA4_MEASUREMENT_ID: 'G-ABC123XYZ',
      GA4_API_SECRET: 'mp-secret-value',
    } as unknown as StorefrontEnv);
    for (const host of ['localhost', '127.0.0.1', '[::1]', 'shop.localhost', 'my-mac.local'])
      expect(publicConfig(ga4, host).analytics.mode, host).toBe('off');
    expect(publicConfig(ga4, 'gulfvitamins.com').analytics.mode).toBe('ga4');
    const local = storefrontConfig({
      ...base,
      ENVIRONMENT: 'development',
      ANALYTICS_MODE: 'outbox',
    } as unknown as StorefrontEnv);
    expect(publicConfig(local, 'localhost').analytics.mode).toBe('outbox');
  });

  it('keeps analytics in the local outbox outside production only', () => {
    const prod = storefrontConfig({ ...base, ANALYTICS_MODE: 'outbox' } as unknown as StorefrontEnv);
    expect(publicConfig(prod).analytics.mode).toBe('off');
    const local = storefrontConfig({
      ...base,
      ENVIRONMENT: 'development',
      ANALYTICS_MODE: 'outbox',
    } as unknown as StorefrontEnv);
    expect(publicConfig(local).analytics.mode).toBe('outbox');
    expect(() =>
      storefrontConfig({ ...base, ANALYTICS_CONSENT_COUNTRIES: 'KW,FR' } as unknown as StorefrontEnv),
    ).toThrow();
  });

  it('calls an external API in production over HTTPS only', () => {
    expect(() =>
      storefrontConfig({ ...base, API_ORIGIN: 'http://api.gulfvitamins.com' } as unknown as StorefrontEnv),
    ).toThrow(/HTTPS/);
    expect(
      storefrontConfig({ ...base, API_ORIGIN: 'https://api.gulfvitamins.com' } as unknown as StorefrontEnv).API_ORIGIN,
    ).toBe('https://api.gulfvitamins.com');
  });

  it('reads the app-link settings as the association files want them, refusing malformed ones', () => {
    const hex = 'ab'.repeat(32);
    const config = storefrontConfig({
      ...base,
      APPLE_APP_IDS: 'ABCDE12345.com.gulfvitamins.app, ABCDE12345.com.gulfvitamins.clip',
      ANDROID_PACKAGE: 'com.gulfvitamins.app',
      ANDROID_CERT_SHA256: `${hex}, ${'CD:'.repeat(31)}CD`,
      APP_LINK_PATHS: '/products/*, /nutritionist?id=*,NOT /quiz',
    } as unknown as StorefrontEnv);
    expect(config.APPLE_APP_IDS).toEqual(['ABCDE12345.com.gulfvitamins.app', 'ABCDE12345.com.gulfvitamins.clip']);
    expect(config.ANDROID_CERT_SHA256).toEqual([`${'AB:'.repeat(31)}AB`, `${'CD:'.repeat(31)}CD`]);
    expect(config.APP_LINK_PATHS).toEqual(['/products/*', '/nutritionist?id=*', 'NOT /quiz']);
    expect(storefrontConfig(base as unknown as StorefrontEnv)).toMatchObject({
      APPLE_APP_IDS: [],
      ANDROID_CERT_SHA256: [],
      APP_LINK_PATHS: [],
    });
    for (const bad of [
      { APPLE_APP_IDS: 'com.gulfvitamins.app' }, // no team id
      { ANDROID_CERT_SHA256: 'AA:BB' },
      { ANDROID_PACKAGE: 'gulfvitamins' },
      { APP_LINK_PATHS: 'products/*' },
    ])
      expect(() => storefrontConfig({ ...base, ...bad } as unknown as StorefrontEnv), JSON.stringify(bad)).toThrow(
        /invalid storefront configuration/,
      );
  });
});
