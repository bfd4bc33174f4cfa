import type { RequestIdVariables } from 'hono/request-id';
import type { ApiConfig } from './lib/config';
import type { CountryCode, Lang } from '#shared/locale';

/** What the device middleware sets: the device the request's token names, if valid (middleware/device). */
export type DeviceVariables = { deviceId: string | null };

/** What the locale middleware sets from the storefront's headers (middleware/locale). */
export type LocaleVariables = { lang: Lang; country: CountryCode };

export type AppEnv = {
  Bindings: ApiEnv;
  Variables: DeviceVariables & LocaleVariables & RequestIdVariables & { config: ApiConfig };
};
