import type { RequestIdVariables } from 'hono/request-id';
import type { StorefrontConfig } from './config';
import type { Session } from './lib/session-state';

export type AppEnv = {
  Bindings: StorefrontEnv;
  Variables: RequestIdVariables & {
    config: StorefrontConfig;
    nonce: string;
    session: Session;
    /** D1 work the API reported for this request's upstream calls (x-d1-* headers). */
    d1: { statements: number; roundTrips: number };
    /** The catalogue version of this request, read once (worker/cache: catalogueVersion). */
    catalogueVersion: Promise<string>;
  };
};
