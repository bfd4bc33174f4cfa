// Which stamp signs and reports Saudi e-invoices now (issue 75, decision 75): the EGS unit (the chain
// object's name), the key and certificate the chain signs with, and the CSID that reports to ZATCA.
// Until the owner onboards (the back office's E-invoicing page), the configuration's stamp
// (E_INVOICE_STAMP_KEY and E_INVOICE_STAMP_CERTIFICATE) signs under the unit CONFIG_UNIT and nothing can
// be reported (no CSID): documents are signed and wait. Onboarding's store takes precedence once a
// stamp is active there. Callers ask this module; none reads the settings themselves.
import type { StampConfig } from '../e-invoice-chain/stamp';
import type { Credentials } from '../e-invoices/zatca';
import { apiConfig } from '../lib/config';

export const CONFIG_UNIT = 'configured-stamp';

export interface StampInUse {
  /** The EGS unit the stamp was issued to: the chain's name, so the chain goes on across renewals. */
  unit: string;
  /** The key and certificate the chain signs with (it checks them at the moment of signing). */
  material: StampConfig;
  /** The production CSID to report with, or null before onboarding (documents wait). */
  reporting: Credentials | null;
}

export async function stampInUse(env: ApiEnv): Promise<StampInUse> {
  const config = apiConfig(env);
  return {
    unit: CONFIG_UNIT,
    material: { E_INVOICE_STAMP_KEY: config.E_INVOICE_STAMP_KEY, E_INVOICE_STAMP_CERTIFICATE: config.E_INVOICE_STAMP_CERTIFICATE },
    reporting: null,
  };
}
