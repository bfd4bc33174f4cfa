import type { ApiConfig } from './lib/config';
import type { DeviceVariables } from './middleware/device';

export type AppEnv = {
  Bindings: ApiEnv;
  Variables: DeviceVariables & { config: ApiConfig };
};
