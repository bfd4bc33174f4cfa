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
    expect(publicConfig(config)).toEqual({ environment: 'production', sentryDsn: base.SENTRY_DSN });
  });

  it('calls an external API in production over HTTPS only', () => {
    expect(() =>
      storefrontConfig({ ...base, API_ORIGIN: 'http://api.gulfvitamins.com' } as unknown as StorefrontEnv),
    ).toThrow(/HTTPS/);
    expect(
      storefrontConfig({ ...base, API_ORIGIN: 'https://api.gulfvitamins.com' } as unknown as StorefrontEnv).API_ORIGIN,
    ).toBe('https://api.gulfvitamins.com');
  });
});
