import type { RequestIdVariables } from 'hono/request-id';
import type { StaffConfig } from './config';
import type { StaffTranslator } from './lib/i18n';
import type { StaffSelf } from '#shared/api/staff-auth-responses';
import type { Lang } from '#shared/locale';

export type StaffAppEnv = {
  Bindings: StaffEnv;
  Variables: RequestIdVariables & {
    config: StaffConfig;
    nonce: string;
    lang: Lang;
    t: StaffTranslator;
    /** The staff session token from the cookie, if any. */
    token: string | null;
    /** The signed-in staff member (pages behind requireStaffPage). */
    me: StaffSelf;
    /** The consultation call's page: its CSP allows its one script and the room's WebSocket. */
    callPage?: boolean;
    /**
     * Outside production: this request's calls to the API and the D1 work behind them (the API's
     * x-d1-* answers), reported in the response's x-api-calls / x-d1-queries / x-d1-roundtrips as the
     * storefront does, and the statements themselves when the request asked (x-d1-sql: 1).
     */
    measured?: { apiCalls: number; statements: number; roundTrips: number; sql?: Set<string> };
  };
};
