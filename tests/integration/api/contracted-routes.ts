// The API's routes and the contracts they carry beside their handlers (decision 68), for the tests
// that walk every route (contract.test.ts, staff-auth.test.ts) and the check of every answer
// (helpers.ts: a 2xx answer's data against its route's response schema).
import { app } from '#api/src/index';
import { contractedRoutes } from '#api/src/contract/routes';
import type { RouteContract } from '#api/src/contract/route-contract';
import { contractOf } from '#api/src/contract/validate';
import type { z } from '#shared/zod';

/** Every routed "METHOD path" with its contract, in the order the app registers them. */
export const ROUTES: ReturnType<typeof contractedRoutes> = contractedRoutes(app);

/** The routes that carry a contract, each with it. */
export const CONTRACTED = ROUTES.flatMap((r) => (r.contract ? [{ ...r, contract: r.contract }] : []));

/** A route's "METHOD path", as the tests name it in their messages. */
export const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

/**
 * A concrete path for a route pattern: each parameter becomes the first sample that both its router
 * constraint (which may hold braces of its own: `{[0-9a-f]{32}}`) and the route's params schema take.
 */
const SAMPLES = ['1', '0'.repeat(32), '0'.repeat(64), 'a', `pay_${'0'.repeat(24)}`, 'A'.repeat(22)];
export function concrete(pattern: string, params?: z.ZodType): string {
  const values: Record<string, string> = {};
  return pattern.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, (_, name: string, braces?: string) => {
    const rule = braces ? new RegExp(`^(?:${braces.slice(1, -1)})$`) : undefined;
    const fits = (v: string) =>
      (!rule || rule.test(v)) &&
      !params?.safeParse({ ...values, [name]: v }).error?.issues.some((i) => i.path[0] === name);
    // An enum's own values first (`:scope` is one of a few words).
    const own =
      (params as { shape?: Record<string, { options?: unknown[] }> } | undefined)?.shape?.[name]?.options ?? [];
    values[name] = [...own.map(String), ...SAMPLES].find(fits) ?? '1';
    return values[name];
  });
}

type Matched = [[unknown, unknown], unknown][];

/** The contract of the route the API's own router picks for a request (the first handler carrying one). */
export function contractFor(method: string, path: string): RouteContract | undefined {
  const [handlers] = app.router.match(method, path) as unknown as [Matched];
  for (const [[handler]] of handlers) {
    const found = contractOf(handler);
    if (found) return found;
  }
  return undefined;
}
