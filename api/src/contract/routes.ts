// The route table's contracts (decision 68): each route carries its contract as its `contract({ … })`
// middleware, so the OpenAPI document and the contract tests walk the app's routes rather than a list
// kept beside them.
import { contractOf } from './validate';
import type { RouteContract } from './route-contract';

/** A routed "METHOD path" (the mount prefix included, as Hono registers it) and its contract. */
interface ContractedRoute {
  method: string;
  path: string;
  contract: RouteContract | undefined;
}

/** What a Hono app exposes of its routes (Hono's `app.routes`). */
export interface RouteTable {
  routes: ReadonlyArray<{ method: string; path: string; handler: unknown }>;
}

/**
 * Every routed method and path in registration order, with the contract its handlers carry (none for
 * the few routes without one). App-wide middleware (method ALL) is no route.
 */
export function contractedRoutes(app: RouteTable): ContractedRoute[] {
  const byKey = new Map<string, ContractedRoute>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const found = byKey.get(key) ?? { method: route.method, path: route.path, contract: undefined };
    found.contract ??= contractOf(route.handler);
    byKey.set(key, found);
  }
  return [...byKey.values()];
}
