// The deploy configuration of the three workers: the API is not publicly routable, secrets are never
// [vars], the deployed environments (production, staging) carry no development value and require their
// secrets, and staging uses resources of its own.
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
  'HEALTH_KEK',
  'BACKUP_KEK',
  'VAPID_PRIVATE_KEY',
  'E_INVOICE_STAMP_KEY',
  'REALTIME_APP_TOKEN',
  'TURN_KEY_TOKEN',
];
const DEPLOYED = ['production', 'staging'] as const;
const WORKERS = ['wrangler.toml', 'api/wrangler.toml', 'staff/wrangler.toml'] as const;
const read = (config: string, env?: string) => unstable_readConfig({ config, env }, {});
/** The resources a resolved configuration names, as the staging test reads them. */
interface Resources {
  name?: string;
  d1_databases: { binding: string; database_name: string; database_id?: string }[];
  kv_namespaces: { binding: string; id?: string }[];
  r2_buckets: { bucket_name?: string }[];
  queues: { producers?: { queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
  routes?: (string | { pattern: string })[];
  services?: { binding: string; service: string }[];
}
const resolved = (config: string, env: string): Resources => read(config, env);
const devVars = (file: string) =>
  Object.fromEntries([...readFileSync(file, 'utf8').matchAll(/^([A-Z_]+)="([^"]*)"$/gm)].map((m) => [m[1], m[2]]));

describe('wrangler configuration', () => {
  it('gives the API no public route: no workers.dev, no preview URL, no routes, in every environment', () => {
    for (const env of [undefined, ...DEPLOYED]) {
      const api = read('api/wrangler.toml', env);
      expect(api.workers_dev, env).toBe(false);
      expect(api.preview_urls, env).toBe(false);
      expect(api.routes ?? [], env).toEqual([]);
      expect(api.route ?? undefined, env).toBeUndefined();
    }
  });

  it("sends the storefront's calls through the API's door, and only the storefront's, in every environment", () => {
    // Decision 78: the storefront's calls go unsigned, so its binding must name the door (else every page
    // is refused); the back office's calls are signed and reach the default entrypoint.
    for (const env of [undefined, ...DEPLOYED]) {
      const api = read('wrangler.toml', env).services?.find(
        (s: { binding: string; entrypoint?: string }) => s.binding === 'API',
      );
      expect(api?.entrypoint, `storefront ${env}`).toBe('StorefrontDoor');
      const staff = read('staff/wrangler.toml', env).services?.find(
        (s: { binding: string; entrypoint?: string }) => s.binding === 'API',
      );
      expect(staff?.entrypoint, `back office ${env}`).toBeUndefined();
    }
  });

  it('keeps Workers Logs on and uploads source maps, for every worker in every environment', () => {
    for (const file of WORKERS) {
      for (const env of [undefined, ...DEPLOYED]) {
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
          'HEALTH_KEK',
          'BACKUP_KEK',
          'VAPID_PRIVATE_KEY',
        ],
      ],
    ] as const) {
      for (const env of [undefined, ...DEPLOYED]) {
        const config = read(file, env);
        for (const name of SECRET_NAMES) expect(Object.keys(config.vars), `${file} ${env} ${name}`).not.toContain(name);
        expect(config.secrets?.required, `${file} ${env}`).toEqual(expect.arrayContaining([...required]));
      }
    }
    expect(read('api/wrangler.toml', 'production').secrets?.required).toEqual(
      expect.arrayContaining(['TAP_SECRET_KEY', 'RESEND_API_KEY', 'REALTIME_APP_TOKEN', 'TURN_KEY_TOKEN']),
    );
    // Staging runs the production checks, so it needs every secret production needs.
    for (const file of WORKERS)
      expect(read(file, 'staging').secrets?.required, file).toEqual(read(file, 'production').secrets?.required);
  });

  it.each(DEPLOYED)('carries no development value into %s', (env) => {
    for (const file of WORKERS) {
      const vars = read(file, env).vars as Record<string, string>;
      // The one switch for the hardening (dev routes 404, no dev-only secrets, real mail, push and texts).
      expect(vars.ENVIRONMENT, file).toBe('production');
      for (const [name, value] of Object.entries(vars)) {
        expect(String(value), `${file} ${name}`).not.toMatch(/dev-only-|localhost|127\.0\.0\.1|\.example\b|^http:/);
      }
    }
    // Passwords are hashed at the full cost: the local mode's lower count stays local.
    expect(read('api/wrangler.toml', env).vars).not.toHaveProperty('PASSWORD_HASH_ITERATIONS');
    expect(read('api/wrangler.toml', env).vars).toMatchObject({
      PAYMENT_PROVIDER: 'tap',
      // Consultation calls through Cloudflare Realtime (local mode's direct connection stays local).
      CALL_MEDIA: 'realtime',
      // Parcels through the real carriers (the local carrier stays local).
      CARRIER_MODE: 'live',
      // E-invoices reported to ZATCA (the local stand-in stays local).
      ZATCA_ENVIRONMENT: expect.stringMatching(/^(simulation|production)$/),
      SITE_ORIGIN: expect.stringMatching(/^https:\/\//),
      STAFF_ORIGIN: expect.stringMatching(/^https:\/\//),
    });
    // The back office is behind Cloudflare Access wherever it is deployed.
    expect(read('staff/wrangler.toml', env).vars).toMatchObject({
      ACCESS_TEAM_DOMAIN: expect.stringMatching(/\.cloudflareaccess\.com$/),
      ACCESS_AUD: expect.stringMatching(/.+/),
    });
  });

  it('gives staging workers, a database, namespaces, buckets and queues of its own', () => {
    const resources = (env: string) =>
      WORKERS.flatMap((file) => {
        const c = resolved(file, env);
        return [
          `worker ${c.name}`,
          ...c.d1_databases.flatMap((d) => [`d1 ${d.database_name}`, `d1 ${d.database_id}`]),
          ...c.kv_namespaces.map((k) => `kv ${k.id}`),
          ...c.r2_buckets.map((b) => `r2 ${b.bucket_name}`),
          ...(c.queues.producers ?? []).map((q) => `queue ${q.queue}`),
          // A consumer without a dead-letter queue (the e-invoice reports: a failed message is only a nudge
          // the cron repeats) names just its queue.
          ...(c.queues.consumers ?? []).flatMap((q) => [
            `queue ${q.queue}`,
            ...(q.dead_letter_queue ? [`queue ${q.dead_letter_queue}`] : []),
          ]),
          ...(c.routes ?? []).map((r) => `route ${typeof r === 'string' ? r : r.pattern}`),
        ];
      });
    const production = new Set(resources('production'));
    const staging = resources('staging');
    expect(staging.length).toBeGreaterThan(15);
    expect(staging.filter((r) => production.has(r))).toEqual([]);
    // The storefront's cache is the namespace the API marks stale, in staging as in production.
    expect(resolved('wrangler.toml', 'staging').kv_namespaces[0]!.id).toBe(
      resolved('api/wrangler.toml', 'staging').kv_namespaces.find((k) => k.binding === 'STOREFRONT_CACHE')!.id,
    );
    // A staging storefront or back office never talks to the production API.
    for (const file of ['wrangler.toml', 'staff/wrangler.toml'])
      expect(read(file, 'staging').services, file).toEqual([
        expect.objectContaining({ binding: 'API', service: read('api/wrangler.toml', 'staging').name }),
      ]);
  });

  it('gives local development its secrets from the committed .dev.vars examples', () => {
    expect(Object.keys(devVars('.dev.vars.example'))).toEqual(['SIGNING_SECRET']);
    const api = devVars('api/.dev.vars.example');
    expect(Object.keys(api).sort()).toEqual([
      'BACKUP_KEK',
      'E_INVOICE_STAMP_KEY',
      'HEALTH_KEK',
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
