import { describe, expect, it } from 'vitest';
import { apiConfig } from './config';

const strong = 'a-real-secret-from-the-vault-0123456789';
const base = { SIGNING_SECRET: strong, TOKEN_SECRET: strong, PASSWORD_PEPPER: strong, PAYMENT_WEBHOOK_SECRET: strong };
const production = {
  ...base,
  ENVIRONMENT: 'production',
  PAYMENT_PROVIDER: 'tap',
  TAP_SECRET_KEY: 'sk_live_example',
  SITE_ORIGIN: 'https://gulfvitamins.com',
  STAFF_ORIGIN: 'https://staff.gulfvitamins.com',
  UPLOAD_KEK: 'a-real-upload-kek-from-the-vault-0123456789',
  HEALTH_KEK: 'a-real-health-kek-from-the-vault-0123456789',
  BACKUP_KEK: 'a-real-backup-kek-from-the-vault-0123456789',
  VAPID_PUBLIC_KEY: 'BIV0VZjf_ll4iGp9ckpjd0lnS6lWMxOQl9aM0c1H2qcc68AamJ4gcl6rqguHLeAeNvpYsYpDUThETx6uDmsE1W8',
  VAPID_PRIVATE_KEY: '4luAJhLgdOBkBOYX_wq8wKBXv3RYjHmZiKV43BojYKk-a-real-one',
  VAPID_SUBJECT: 'mailto:push@gulfvitamins.com',
  MESSAGES_MODE: 'send',
  UNIFONIC_APP_SID: 'unifonic-app-sid-0123',
  UNIFONIC_SENDER_ID: 'GulfVitamin',
  CALL_MEDIA: 'realtime',
  REALTIME_APP_ID: '0123456789abcdef0123456789abcdef',
  REALTIME_APP_TOKEN: 'realtime-app-token-from-the-vault',
  TURN_KEY_ID: 'fedcba9876543210fedcba9876543210',
  TURN_KEY_TOKEN: 'turn-key-token-from-the-vault-0123',
  CARRIER_MODE: 'live',
  ZATCA_ENVIRONMENT: 'production',
};

describe('API configuration', () => {
  it('ships through the real carriers in production, and through the local carrier by default', () => {
    expect(() => apiConfig({ ...production, CARRIER_MODE: 'local' } as unknown as ApiEnv)).toThrow(/CARRIER_MODE=live/);
    expect(
      apiConfig({ ...base, ENVIRONMENT: 'development', CARRIER_MODE: undefined } as unknown as ApiEnv).CARRIER_MODE,
    ).toBe('local');
  });

  it("reports e-invoices to one of ZATCA's environments in production, to the local stand-in by default", () => {
    expect(() => apiConfig({ ...production, ZATCA_ENVIRONMENT: 'local' } as unknown as ApiEnv)).toThrow(
      /ZATCA_ENVIRONMENT/,
    );
    expect(apiConfig({ ...production, ZATCA_ENVIRONMENT: 'simulation' } as unknown as ApiEnv).ZATCA_ENVIRONMENT).toBe(
      'simulation',
    );
    expect(
      apiConfig({ ...base, ENVIRONMENT: 'development', ZATCA_ENVIRONMENT: undefined } as unknown as ApiEnv)
        .ZATCA_ENVIRONMENT,
    ).toBe('local');
  });

  it("takes each carrier's keys whole or not at all: without them the carrier is simply not offered", () => {
    const keys = {
      ARAMEX_USERNAME: 'api@gulfvitamins.example',
      ARAMEX_PASSWORD: 'aramex-password',
      ARAMEX_KW_ACCOUNT_NUMBER: '60500123',
      ARAMEX_KW_ACCOUNT_PIN: '331421',
      SMSA_API_KEY: 'b60dbb7bc50a4331a3411c820c08dffc',
      DHL_API_KEY: 'dhl-key',
      DHL_API_SECRET: 'dhl-secret',
      DHL_ACCOUNT_NUMBER: '451012345',
    };
    const config = apiConfig({ ...production, ...keys } as unknown as ApiEnv);
    expect(config).toMatchObject({ ARAMEX_KW_ACCOUNT_ENTITY: 'KWI', ARAMEX_SA_ACCOUNT_ENTITY: 'RUH' });
    expect(apiConfig(production as unknown as ApiEnv).SMSA_API_KEY).toBeUndefined();
    expect(() => apiConfig({ ...production, ...keys, ARAMEX_PASSWORD: undefined } as unknown as ApiEnv)).toThrow(
      /ARAMEX_USERNAME and ARAMEX_PASSWORD/,
    );
    expect(() => apiConfig({ ...production, ...keys, ARAMEX_KW_ACCOUNT_PIN: undefined } as unknown as ApiEnv)).toThrow(
      /ACCOUNT_PIN/,
    );
    expect(() =>
      apiConfig({
        ...production,
        ARAMEX_SA_ACCOUNT_NUMBER: '71800456',
        ARAMEX_SA_ACCOUNT_PIN: '1234',
      } as unknown as ApiEnv),
    ).toThrow(/needs ARAMEX_USERNAME/);
    expect(() => apiConfig({ ...production, ...keys, DHL_ACCOUNT_NUMBER: undefined } as unknown as ApiEnv)).toThrow(
      /DHL_API_KEY, DHL_API_SECRET and DHL_ACCOUNT_NUMBER/,
    );
  });

  it('refuses the development secrets in production', () => {
    expect(() =>
      apiConfig({ ...production, SIGNING_SECRET: 'dev-only-signing-secret-0123456789abcdef' } as unknown as ApiEnv),
    ).toThrow(/production/);
    expect(apiConfig(production as unknown as ApiEnv).ENVIRONMENT).toBe('production');
  });

  it('hashes passwords at the full PBKDF2 cost in production, whatever PASSWORD_HASH_ITERATIONS says', () => {
    expect(apiConfig(production as unknown as ApiEnv).PASSWORD_HASH_ITERATIONS).toBe(100_000);
    expect(() => apiConfig({ ...production, PASSWORD_HASH_ITERATIONS: '1000' } as unknown as ApiEnv)).toThrow(
      /PASSWORD_HASH_ITERATIONS/,
    );
    // Local and test modes may hash faster; never below 1,000 rounds nor above the Workers limit.
    const local = (n: string) =>
      apiConfig({ ...base, ENVIRONMENT: 'development', PASSWORD_HASH_ITERATIONS: n } as unknown as ApiEnv);
    expect(local('2000').PASSWORD_HASH_ITERATIONS).toBe(2000);
    expect(() => local('10')).toThrow(/PASSWORD_HASH_ITERATIONS/);
    expect(() => local('200000')).toThrow(/PASSWORD_HASH_ITERATIONS/);
  });

  it('runs consultation calls in production through Cloudflare Realtime with TURN; local mode needs no keys', () => {
    expect(() => apiConfig({ ...production, CALL_MEDIA: 'direct' } as unknown as ApiEnv)).toThrow(
      /CALL_MEDIA=realtime/,
    );
    expect(() => apiConfig({ ...production, TURN_KEY_TOKEN: undefined } as unknown as ApiEnv)).toThrow(/TURN/);
    expect(() => apiConfig({ ...production, REALTIME_APP_TOKEN: undefined } as unknown as ApiEnv)).toThrow(
      /REALTIME_APP_TOKEN/,
    );
    const local = apiConfig({ ...base, ENVIRONMENT: 'development' } as unknown as ApiEnv);
    expect(local.CALL_MEDIA).toBe('direct');
    expect(() =>
      apiConfig({ ...base, ENVIRONMENT: 'development', CALL_MEDIA: 'realtime' } as unknown as ApiEnv),
    ).toThrow(/REALTIME_APP_ID/);
  });

  it('refuses secrets shorter than 32 characters', () => {
    expect(() =>
      apiConfig({ ...base, ENVIRONMENT: 'development', SIGNING_SECRET: 'short' } as unknown as ApiEnv),
    ).toThrow(/SIGNING_SECRET/);
  });

  it('takes card payments in production only through the real gateway, with its key', () => {
    expect(() => apiConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' } as unknown as ApiEnv)).toThrow(/Tap/);
    expect(() => apiConfig({ ...production, TAP_SECRET_KEY: undefined } as unknown as ApiEnv)).toThrow(
      /TAP_SECRET_KEY/,
    );
    expect(apiConfig({ ...base, ENVIRONMENT: 'development' } as unknown as ApiEnv).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('sends sign-in codes in production through a real SMS provider; WhatsApp needs both its keys', () => {
    expect(() => apiConfig({ ...production, MESSAGES_MODE: 'outbox' } as unknown as ApiEnv)).toThrow(/MESSAGES_MODE/);
    expect(() => apiConfig({ ...production, UNIFONIC_APP_SID: undefined } as unknown as ApiEnv)).toThrow(
      /UNIFONIC_APP_SID/,
    );
    expect(() =>
      apiConfig({ ...production, WHATSAPP_TOKEN: 'whatsapp-token-0123456789abcdef' } as unknown as ApiEnv),
    ).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(
      apiConfig({
        ...production,
        WHATSAPP_TOKEN: 'whatsapp-token-0123456789abcdef',
        WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      } as unknown as ApiEnv).WHATSAPP_CODE_TEMPLATE,
    ).toBe('sign_in_code');
    expect(
      apiConfig({ ...base, ENVIRONMENT: 'development', MESSAGES_MODE: 'outbox' } as unknown as ApiEnv).MESSAGES_MODE,
    ).toBe('outbox');
  });

  it("refuses the local back office's origin in production", () => {
    for (const STAFF_ORIGIN of [
      undefined,
      'http://staff.localhost:8787',
      'https://staff.localhost',
      'http://staff.gulfvitamins.com',
    ])
      expect(() => apiConfig({ ...production, STAFF_ORIGIN } as unknown as ApiEnv), String(STAFF_ORIGIN)).toThrow(
        /STAFF_ORIGIN/,
      );
  });

  it('refuses the local SITE_ORIGIN in production', () => {
    for (const SITE_ORIGIN of [undefined, 'http://localhost:8787', 'http://gulfvitamins.com', 'https://localhost']) {
      expect(() => apiConfig({ ...production, SITE_ORIGIN } as unknown as ApiEnv), String(SITE_ORIGIN)).toThrow(
        /SITE_ORIGIN/,
      );
    }
  });

  it('needs a real key-encryption secret for uploaded health data in production, and none locally', () => {
    for (const UPLOAD_KEK of [undefined, 'dev-only-upload-kek-0123456789abcdef0123', 'short'])
      expect(() => apiConfig({ ...production, UPLOAD_KEK } as unknown as ApiEnv), String(UPLOAD_KEK)).toThrow(
        /UPLOAD_KEK/,
      );
    const local = apiConfig({ ...base, ENVIRONMENT: 'development' } as unknown as ApiEnv);
    expect([local.UPLOAD_KEK, local.UPLOAD_KEK_VERSION]).toEqual([undefined, 1]);
    expect(apiConfig({ ...production, UPLOAD_KEK_VERSION: '3' } as unknown as ApiEnv).UPLOAD_KEK_VERSION).toBe(3);
  });

  it("needs a real key-encryption secret for consultations' health text in production, and none locally", () => {
    for (const HEALTH_KEK of [undefined, 'dev-only-health-kek-0123456789abcdef0123', 'short'])
      expect(() => apiConfig({ ...production, HEALTH_KEK } as unknown as ApiEnv), String(HEALTH_KEK)).toThrow(
        /HEALTH_KEK/,
      );
    const local = apiConfig({ ...base, ENVIRONMENT: 'development' } as unknown as ApiEnv);
    expect([local.HEALTH_KEK, local.HEALTH_KEK_VERSION]).toEqual([undefined, 1]);
    expect(apiConfig({ ...production, HEALTH_KEK_VERSION: '2' } as unknown as ApiEnv).HEALTH_KEK_VERSION).toBe(2);
  });

  it('needs a real backup key-encryption secret in production, and keeps backups 30 days unless told', () => {
    for (const BACKUP_KEK of [undefined, 'dev-only-backup-kek-0123456789abcdef0123', 'short'])
      expect(() => apiConfig({ ...production, BACKUP_KEK } as unknown as ApiEnv), String(BACKUP_KEK)).toThrow(
        /BACKUP_KEK/,
      );
    expect(apiConfig(production as unknown as ApiEnv).BACKUP_RETENTION_DAYS).toBe(30);
    expect(apiConfig({ ...production, BACKUP_RETENTION_DAYS: '90' } as unknown as ApiEnv).BACKUP_RETENTION_DAYS).toBe(
      90,
    );
    expect(() => apiConfig({ ...production, BACKUP_RETENTION_DAYS: '0' } as unknown as ApiEnv)).toThrow();
  });

  it('sends web push in production only with a real VAPID key pair and contact', () => {
    for (const change of [
      { VAPID_PRIVATE_KEY: undefined },
      { VAPID_PUBLIC_KEY: undefined },
      { VAPID_PRIVATE_KEY: 'dev-only-JFHln8MOFI_jDRzTLz3w7n_uIEFUK3PFNWpVFzcIdTs' },
      { VAPID_SUBJECT: undefined },
      { PUSH_MODE: 'outbox' },
    ])
      expect(() => apiConfig({ ...production, ...change } as unknown as ApiEnv), JSON.stringify(change)).toThrow(
        /VAPID/,
      );
    expect(() => apiConfig({ ...production, VAPID_SUBJECT: 'https://gulfvitamins.com' } as unknown as ApiEnv)).toThrow(
      /VAPID_SUBJECT/,
    );
    expect(apiConfig({ ...base, ENVIRONMENT: 'development' } as unknown as ApiEnv).PUSH_MODE).toBe('send');
  });

  it('refuses the local test stamp for Saudi e-invoices in production, and a key that is not 64 hex digits', () => {
    const key = '23932993f782d9eb96b04c687d93abe1e12b37a9034a9f830824039b238dd854';
    expect(() => apiConfig({ ...production, E_INVOICE_STAMP_KEY: `dev-only-${key}` } as unknown as ApiEnv)).toThrow(
      /E_INVOICE_STAMP_KEY/,
    );
    expect(() => apiConfig({ ...base, E_INVOICE_STAMP_KEY: key.slice(2) } as unknown as ApiEnv)).toThrow(
      /E_INVOICE_STAMP_KEY/,
    );
    expect(apiConfig({ ...production, E_INVOICE_STAMP_KEY: key } as unknown as ApiEnv).E_INVOICE_STAMP_KEY).toBe(key);
  });
});
