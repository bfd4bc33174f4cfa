import type { StorefrontConfig } from './config';
import type { Session } from './lib/session';

export type AppEnv = {
  Bindings: StorefrontEnv;
  Variables: {
    config: StorefrontConfig;
    nonce: string;
    session: Session;
  };
};
