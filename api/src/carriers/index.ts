// Which adapter serves a carrier code (decision 66). CARRIER_MODE=local (development, tests, testers)
// answers every code with the local carrier under that code, so rules, labels and tracking work end to
// end with nothing leaving the machine; CARRIER_MODE=live uses each carrier's real adapter and its keys.
// In live mode a carrier whose keys are not set is not offered: carrierFor throws CarrierNotConfigured
// (a CarrierUnavailable, so a parcel sent its way waits in the queue) naming the keys to set, and
// liveCarrierConfigured lets the carrier-choice rules skip it. Production's deploy requires every
// carrier's secrets (api/wrangler.toml), so there this only guards a half-finished setup.
// The shop's own drivers need no outside service: 'own' is the same adapter in both modes.
import type { ApiConfig } from '#api/src/lib/config';
import { aramexCarrier } from './aramex';
import { dhlCarrier } from './dhl';
import type { CarrierHttpOptions } from './http';
import { localCarrier } from './local';
import { ownCarrier } from './own';
import { smsaCarrier } from './smsa';
import { type Carrier, type CarrierCode, CarrierNotConfigured } from './types';
import { COUNTRY_CODES, type CountryCode } from '#shared/countries';
import { mapCountries } from '#shared/countries/map';

// Only the mode is needed (local mode, tests): the live carriers' keys and endpoints are read when present.
export type CarrierConfig = Pick<ApiConfig, 'CARRIER_MODE'> &
  Partial<
    Pick<
      ApiConfig,
      | 'CARRIER_ENDPOINTS'
      | 'ARAMEX_USERNAME'
      | 'ARAMEX_PASSWORD'
      | `ARAMEX_${CountryCode}_ACCOUNT_${'NUMBER' | 'PIN' | 'ENTITY'}`
      | 'SMSA_API_KEY'
      | 'DHL_API_KEY'
      | 'DHL_API_SECRET'
      | 'DHL_ACCOUNT_NUMBER'
      // The local carrier's webhook is signed with the shop's signing secret (tests and tools push with it).
      | 'SIGNING_SECRET'
    >
  >;

/** Each carrier's test environment, for CARRIER_ENDPOINTS=test (the carriers' own sandboxes). */
const TEST_URLS = {
  aramex: 'https://ws.sbx.aramex.net/ShippingAPI.V2',
  smsa: 'https://ecomapis-sandbox.azurewebsites.net',
  dhl: 'https://express.api.dhl.com/mydhlapi/test',
} as const;

/** The keys each live carrier needs, as the configuration table names them. */
const KEYS: Record<'aramex' | 'smsa' | 'dhl', string> = {
  aramex:
    'ARAMEX_USERNAME, ARAMEX_PASSWORD and a country account (ARAMEX_<country>_ACCOUNT_NUMBER and ARAMEX_<country>_ACCOUNT_PIN)',
  smsa: 'SMSA_API_KEY',
  dhl: 'DHL_API_KEY, DHL_API_SECRET and DHL_ACCOUNT_NUMBER',
};

/** Whether a carrier can ship in live mode with the keys this deployment has. */
export function liveCarrierConfigured(config: CarrierConfig, code: CarrierCode): boolean {
  switch (code) {
    case 'aramex':
      return (
        !!config.ARAMEX_USERNAME &&
        !!config.ARAMEX_PASSWORD &&
        COUNTRY_CODES.some((c) => !!config[`ARAMEX_${c}_ACCOUNT_NUMBER`] && !!config[`ARAMEX_${c}_ACCOUNT_PIN`])
      );
    case 'smsa':
      return !!config.SMSA_API_KEY;
    case 'dhl':
      return !!config.DHL_API_KEY && !!config.DHL_API_SECRET && !!config.DHL_ACCOUNT_NUMBER;
    default:
      return code === 'local' || code === 'own';
  }
}

export function carrierFor(
  env: ApiEnv,
  config: CarrierConfig,
  code: CarrierCode,
  options: CarrierHttpOptions = {},
): Carrier {
  if (code === 'own') return ownCarrier(env.DB);
  if (config.CARRIER_MODE === 'local' || code === 'local')
    return localCarrier(env.DB, code, { webhookSecret: config.SIGNING_SECRET });
  if (!liveCarrierConfigured(config, code))
    throw new CarrierNotConfigured(code, `not configured for live mode: set ${KEYS[code]}`);
  const baseUrl = config.CARRIER_ENDPOINTS === 'test' ? { baseUrl: TEST_URLS[code] } : {};
  switch (code) {
    case 'aramex': {
      const account = (number?: string, pin?: string, entity?: string) =>
        number && pin && entity ? { number, pin, entity } : undefined;
      return aramexCarrier(
        {
          username: config.ARAMEX_USERNAME!,
          password: config.ARAMEX_PASSWORD!,
          ...baseUrl,
          // One Aramex account per country, ARAMEX_<country>_ACCOUNT_NUMBER, _PIN and _ENTITY.
          accounts: mapCountries((c) =>
            account(
              config[`ARAMEX_${c}_ACCOUNT_NUMBER`],
              config[`ARAMEX_${c}_ACCOUNT_PIN`],
              config[`ARAMEX_${c}_ACCOUNT_ENTITY`],
            ),
          ),
        },
        options,
      );
    }
    case 'smsa':
      return smsaCarrier({ apiKey: config.SMSA_API_KEY!, ...baseUrl }, options);
    case 'dhl':
      return dhlCarrier(
        {
          apiKey: config.DHL_API_KEY!,
          apiSecret: config.DHL_API_SECRET!,
          accountNumber: config.DHL_ACCOUNT_NUMBER!,
          ...baseUrl,
        },
        options,
      );
  }
}
