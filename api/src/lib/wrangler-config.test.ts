// The deploy configuration of both workers: the API is not publicly routable, secrets are
// never [vars], and the production environment carries no development value and requires its secrets.
import { readFileSync } from 'node:fs';
import { unstable_readConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';

const SECRET_NAMES = [
  'SIGNING_SECRET',
  'TOKEN_SECRET',
  'PASSWORD_PEPPER',
  'PAYMENT_WEBHOOK_SECRET',
  'TAP_SECRET_KEY',
  'RESEND_API_KEY',
  'UPLOAD_KEK',
  'BACKUP_KEK',
  'VAPID_PRIVATE_KEY',
];
const read = (config: string, env?: string) => unstable_readConfig({ config, env }, {});
const devVars = (file: string) =>
  Object.fromEntries([...readFileSync(file, 'utf8').matchAll(/^([A-Z_]+)="([^"]*)"$/gm)].map((m) => [m[1], m[2]]));

describe('wrangler configuration', () => {
  it('gives the API no public route: no workers.dev, no preview URL, no routes, in every environment', () => {
    for (const env of [undefined, 'production']) {
      const api = read('api/wrangler.toml', env);
      expect(api.workers_dev, env).toBe(false);
      expect(api.preview_urls, env).toBe(false);
      expect(api.routes ?? [], env).toEqual([]);
      expect(api.route ?? undefined, env).toBeUndefined();
    }
  });

  it('keeps Workers Logs on and uploads source maps, for both workers in every environment', () => {
    for (const file of ['wrangler.toml', 'api/wrangler.toml']) {
      for (const env of [undefined, 'production']) {
        const config = read(file, env);
        expect(config.observability?.enabled, `${file} ${env}`).toBe(true);
        expect(config.upload_source_maps, `${file} ${env}`).toBe(true);
        expect(Object.keys(config.vars), `${file} ${env}`).toContain('SENTRY_DSN');
      }
    }
  });

  it('keeps secrets out of [vars] and lists them as required', () => {
    for (const [file, required] of [
      ['wrangler.toml', ['SIGNING_SECRET']],
      [
        'api/wrangler.toml',
        [
          'SIGNING_SECRET',
          'TOKEN_SECRET',
          'PASSWORD_PEPPER',
          'PAYMENT_WEBHOOK_SECRET',
          'UPLOAD_KEK',
          'BACKUP_KEK',
          'VAPID_PRIVATE_KEY',
        ],
      ],
    ] as const) {
      for (const env of [undefined, 'production']) {
        const config = read(file, env);
        for (const name of SECRET_NAMES) expect(Object.keys(config.vars), `${file} ${env} ${name}`).not.toContain(name);
        expect(config.secrets?.required, `${file} ${env}`).toEqual(expect.arrayContaining([...required]));
      }
    }
    expect(read('api/wrangler.toml', 'production').secrets?.required).toEqual(
      expect.arrayContaining(['TAP_SECRET_KEY', 'RESEND_API_KEY']),
    );
  });

  it('carries no development value into production', () => {
    for (const file of ['wrangler.toml', 'api/wrangler.toml']) {
      const vars = read(file, 'production').vars as Record<string, string>;
      expect(vars.ENVIRONMENT).toBe('production');
      for (const [name, value] of Object.entries(vars)) {
        expect(String(value), `${file} ${name}`).not.toMatch(/dev-only-|localhost|127\.0\.0\.1|\.example\b|^http:/);
      }
    }
    // Passwords are hashed at the full cost: the local mode's lower count stays local.
    expect(read('api/wrangler.toml', 'production').vars).not.toHaveProperty('PASSWORD_HASH_ITERATIONS');
    expect(read('api/wrangler.toml', 'production').vars).toMatchObject({
      PAYMENT_PROVIDER: 'tap',
      SITE_ORIGIN: expect.stringMatching(/^https:\/\//),
    });
  });

  it('gives local development its secrets from the committed .dev.vars examples', () => {
    expect(Object.keys(devVars('.dev.vars.example'))).toEqual(['SIGNING_SECRET']);
    const api = devVars('api/.dev.vars.example');
    expect(Object.keys(api).sort()).toEqual([
      'BACKUP_KEK',
      'PASSWORD_PEPPER',
      'PAYMENT_WEBHOOK_SECRET',
      'SIGNING_SECRET',
      'TOKEN_SECRET',
      'UPLOAD_KEK',
      'VAPID_PRIVATE_KEY',
    ]);
    expect(api.SIGNING_SECRET).toBe(devVars('.dev.vars.example').SIGNING_SECRET);
    for (const value of Object.values(api)) expect(value).toMatch(/^dev-only-.{26,}$/);
    expect(readFileSync('.gitignore', 'utf8')).toMatch(/^\.dev\.vars$/m);
  });
});
