// Which payment gateway this deployment uses: Tap Payments when configured, else the local sandbox.
import type { ApiConfig } from '../lib/config';
import type { Gateway } from './gateway';
import { sandboxGateway } from './sandbox';
import { tapGateway } from './tap';

export function gatewayFor(config: ApiConfig, fetcher: typeof fetch = fetch): Gateway {
  return config.PAYMENT_PROVIDER === 'tap'
    ? tapGateway(config.TAP_SECRET_KEY!, fetcher)
    : sandboxGateway(config.PAYMENT_WEBHOOK_SECRET);
}
