// Which stamp signs and reports Saudi e-invoices now (issue 75, decision 75): the EGS unit (the chain
// object's name), the key and certificate the chain signs with, the CSID that reports to ZATCA, and the
// seller the documents name. The owner's active stamp onboarded in the back office (the E-invoicing
// page, ./onboarding.ts) for the configured ZATCA_ENVIRONMENT takes precedence. Without one, the
// configuration's stamp (E_INVOICE_STAMP_KEY and E_INVOICE_STAMP_CERTIFICATE) signs under the unit
// CONFIG_UNIT in 'local' and 'sandbox' only, and nothing can be reported (no CSID); in 'simulation' and
// 'production' nothing signs until the owner has onboarded (the chain answers 'no-stamp' and documents
// wait): a certificate ZATCA did not issue would only make documents ZATCA refuses. Callers ask this
// module; none reads the settings or the store themselves.
import type { StampConfig } from '../e-invoice-chain/stamp';
import type { SellerParty } from '../e-invoices';
import type { Credentials } from '../e-invoices/zatca';
import { apiConfig } from '../lib/config';
import { log } from '../lib/log';
import {
  activeStatement,
  openSecret,
  type SellerRow,
  sellerOf,
  sellerParty,
  sellerStatement,
  type StampRow,
} from './store';

export const CONFIG_UNIT = 'configured-stamp';

export interface StampInUse {
  /** The EGS unit the stamp was issued to: the chain's name, so the chain goes on across renewals. */
  unit: string;
  /** The key and certificate the chain signs with (it checks them at the moment of signing). */
  material: StampConfig;
  /** The production CSID to report with, or null before onboarding (documents wait). */
  reporting: Credentials | null;
  /** The seller the documents name (the chain request's `seller`), or null until the owner has entered it. */
  seller: SellerParty | null;
}

/** One D1 round trip: the seller and the environment's active stamp in one batch. */
export async function stampInUse(env: ApiEnv): Promise<StampInUse> {
  const config = apiConfig(env);
  const environment = config.ZATCA_ENVIRONMENT;
  const [sellerRes, activeRes] = await env.DB.batch([sellerStatement(env.DB), activeStatement(env.DB, environment)]);
  const sellerRow = (sellerRes?.results[0] as SellerRow | undefined) ?? null;
  const seller = sellerOf(sellerRow);
  const active = (activeRes?.results[0] as StampRow | undefined) ?? null;
  if (active?.certificate && active.production_token && active.sealed_production_secret) {
    const opened = await Promise.all([
      openSecret(active.sealed_private_key, config.TOKEN_SECRET),
      openSecret(active.sealed_production_secret, config.TOKEN_SECRET),
    ]).catch(() => null);
    // TOKEN_SECRET changed since onboarding: nothing signs (documents wait) until the owner onboards again.
    if (!opened) {
      log.error('e-invoice stamp does not open with TOKEN_SECRET: the owner must onboard again', { unit: active.unit });
      return { unit: active.unit, material: {}, reporting: null, seller: seller && sellerParty(seller) };
    }
    const [key, secret] = opened;
    return {
      unit: active.unit,
      material: { E_INVOICE_STAMP_KEY: key, E_INVOICE_STAMP_CERTIFICATE: active.certificate },
      reporting: { binarySecurityToken: active.production_token, secret },
      seller: seller && sellerParty(seller),
    };
  }
  const configured = environment === 'local' || environment === 'sandbox';
  return {
    unit: CONFIG_UNIT,
    material: configured
      ? {
          E_INVOICE_STAMP_KEY: config.E_INVOICE_STAMP_KEY,
          E_INVOICE_STAMP_CERTIFICATE: config.E_INVOICE_STAMP_CERTIFICATE,
        }
      : { E_INVOICE_STAMP_KEY: undefined, E_INVOICE_STAMP_CERTIFICATE: undefined },
    reporting: null,
    seller: seller && sellerParty(seller),
  };
}
