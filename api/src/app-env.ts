import type { RequestIdVariables } from 'hono/request-id';
import type { ApiConfig } from './lib/config';
import type { DeviceVariables } from './middleware/device';
import type { LocaleVariables } from './middleware/locale';

export type AppEnv = {
  Bindings: ApiEnv;
  Variables: DeviceVariables & LocaleVariables & RequestIdVariables & { config: ApiConfig };
};
