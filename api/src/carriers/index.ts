// Which adapter serves a carrier code (decision 66). CARRIER_MODE=local (development, tests, testers)
// answers every code with the local carrier under that code, so rules, labels and tracking work end to
// end with nothing leaving the machine; CARRIER_MODE=live uses each carrier's real adapter and its keys.
import type { ApiConfig } from '#api/src/lib/config';
import { localCarrier } from './local';
import type { Carrier, CarrierCode } from './types';

export function carrierFor(env: ApiEnv, config: Pick<ApiConfig, 'CARRIER_MODE'>, code: CarrierCode): Carrier {
  if (config.CARRIER_MODE === 'local' || code === 'local') return localCarrier(env.DB, code);
  // The live adapters are added beside this file (aramex.ts, smsa.ts, dhl.ts, own-drivers.ts).
  throw new Error(`no live adapter for ${code}`);
}
