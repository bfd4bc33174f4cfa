// docs/operating/local-shop.md is where a tester finds the local-only routes: every /dev route the API
// registers must be named there, so a new local tool cannot hide (the retention run once did).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const doc = readFileSync(new URL('../../docs/operating/local-shop.md', import.meta.url), 'utf8');

/** What a Hono app says it routes. */
type Routed = { routes: Array<{ method: string; path: string }> };

// Loaded by path, not a static import: the routes belong to the API's TypeScript project, not this one.
const load = async (file: string, name: string) => ((await import(file)) as Record<string, Routed>)[name]!;

/** The API's dev apps as api/src/index.ts mounts them. */
const mounted: Array<[string, Routed]> = [
  ['/dev', await load('../../api/src/routes/dev.ts', 'devRoutes')],
  ['/dev/consultations', await load('../../api/src/routes/dev-consultation-call.ts', 'devConsultationCallRoutes')],
  ['/dev/parcels', await load('../../api/src/routes/dev-parcels.ts', 'devParcelRoutes')],
  ['/dev/bloodTestOrder', await load('../../api/src/routes/blood-test-booking.ts', 'devBloodTestRoutes')],
  ['/dev/payments', await load('../../api/src/routes/payments.ts', 'sandboxPaymentRoutes')],
];

/** A Hono path as the doc writes it: `:id{[0-9]+}` → `{id}`, no trailing slash. */
function asDocPath(path: string): string {
  return path.replace(/:([A-Za-z]+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}').replace(/\/$/, '');
}

const registered = [
  ...new Set(
    mounted.flatMap(([base, app]) =>
      app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${asDocPath(`${base}${r.path}`)}`),
    ),
  ),
];

describe('the local shop doc', () => {
  it('finds the dev routes', () => {
    expect(registered).toContain('POST /dev/retention/run');
  });

  it.each(registered)('names %s', (route) => {
    const [method, path] = route.split(' ');
    // As the storefront forwards it (`POST http://localhost:8787/dev/…`) or on the API itself.
    const named = doc.includes(`\`${method} http://localhost:8787${path}\``) || doc.includes(`\`${method} ${path}\``);
    expect(named, `docs/operating/local-shop.md names ${route}`).toBe(true);
  });
});
