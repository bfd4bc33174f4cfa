// Which adapter serves a carrier: the local carrier in local mode; in live mode each carrier's own
// adapter with its keys, and a clear "not configured" (a retryable unavailability) for one without keys.
import { describe, expect, it } from 'vitest';
import { carrierFor, type CarrierConfig, liveCarrierConfigured } from './index';
import { recordingFetch } from './test-fetch';
import { CarrierNotConfigured, CarrierUnavailable } from './types';

const none: CarrierConfig = {
  CARRIER_MODE: 'live',
  CARRIER_ENDPOINTS: 'production',
  ARAMEX_KW_ACCOUNT_ENTITY: 'KWI',
  ARAMEX_SA_ACCOUNT_ENTITY: 'RUH',
};
const all: CarrierConfig = {
  ...none,
  ARAMEX_USERNAME: 'api@gulfvitamins.example',
  ARAMEX_PASSWORD: 'secret',
  ARAMEX_SA_ACCOUNT_NUMBER: '71800456',
  ARAMEX_SA_ACCOUNT_PIN: '554433',
  SMSA_API_KEY: 'b60dbb7bc50a4331a3411c820c08dffc',
  DHL_API_KEY: 'key',
  DHL_API_SECRET: 'secret',
  DHL_ACCOUNT_NUMBER: '451012345',
};
const env = {} as ApiEnv;

describe('carrierFor', () => {
  it('answers every code with the local carrier in local mode', () => {
    for (const code of ['aramex', 'smsa', 'dhl', 'own', 'local'] as const)
      expect(carrierFor(env, { ...none, CARRIER_MODE: 'local' }, code).code).toBe(code);
  });

  it("uses each carrier's own adapter in live mode, with the countries its keys cover", () => {
    expect(carrierFor(env, all, 'aramex')).toMatchObject({ code: 'aramex', countries: ['SA'], collectsCash: true });
    expect(carrierFor(env, all, 'smsa')).toMatchObject({ code: 'smsa', countries: ['SA'] });
    expect(carrierFor(env, all, 'dhl')).toMatchObject({ code: 'dhl', collectsCash: false, pushesEvents: false });
    // The shop's own drivers need no keys: the same adapter in both modes.
    expect(carrierFor(env, all, 'own')).toMatchObject({ code: 'own', countries: ['KW'], pushesEvents: false });
  });

  it('says which keys to set for a carrier without them, as a wait rather than a refusal', () => {
    for (const code of ['aramex', 'smsa', 'dhl'] as const) {
      expect(liveCarrierConfigured(none, code)).toBe(false);
      expect(liveCarrierConfigured(all, code)).toBe(true);
      let error: unknown;
      try {
        carrierFor(env, none, code);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CarrierNotConfigured);
      expect(error).toBeInstanceOf(CarrierUnavailable);
    }
    expect(() => carrierFor(env, none, 'dhl')).toThrow(/DHL_API_KEY, DHL_API_SECRET and DHL_ACCOUNT_NUMBER/);
    expect(() => carrierFor(env, { ...all, ARAMEX_SA_ACCOUNT_PIN: undefined }, 'aramex')).toThrow(/ARAMEX_USERNAME/);
  });

  it("calls the carriers' production APIs, or their test environments with CARRIER_ENDPOINTS=test", async () => {
    const urls = async (config: CarrierConfig) => {
      const { fetcher, sent } = recordingFetch([
        Response.json({ HasErrors: false, TrackingResults: [] }),
        Response.json([]),
        Response.json({ shipments: [] }),
      ]);
      for (const code of ['aramex', 'smsa', 'dhl'] as const)
        await carrierFor(env, config, code, { fetcher }).track(['1']);
      return sent.map((r) => new URL(r.url).origin + new URL(r.url).pathname.split('/').slice(0, 3).join('/'));
    };
    expect(await urls(all)).toEqual([
      'https://ws.aramex.net/ShippingAPI.V2/Tracking',
      'https://ecomapis.smsaexpress.com/api/track',
      'https://express.api.dhl.com/mydhlapi/tracking',
    ]);
    expect(await urls({ ...all, CARRIER_ENDPOINTS: 'test' })).toEqual([
      'https://ws.sbx.aramex.net/ShippingAPI.V2/Tracking',
      'https://ecomapis-sandbox.azurewebsites.net/api/track',
      'https://express.api.dhl.com/mydhlapi/test',
    ]);
  });
});
