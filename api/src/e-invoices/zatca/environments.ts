// ZATCA's Fatoora environments and where each one answers (issue 75, decision 75): the developer
// portal (ZATCA's sandbox: any OTP such as 123345, test certificates, nothing is a tax record), the
// simulation (the taxpayer's real VAT number and an OTP from the simulation portal) and the core
// (production: real reporting). `local` is the shop's own stand-in (../stand-in/), answered in process,
// so development, tests and testers never leave the machine. ZATCA_ENVIRONMENT picks one.
// The same four names as ZATCA_ENVIRONMENT's schema in lib/config.ts (a lower layer cannot import this).
export type ZatcaEnvironment = 'local' | 'sandbox' | 'simulation' | 'production';

/** The base addresses the Fatoora API's paths (/compliance, /invoices/reporting/single, …) hang from. */
export const ZATCA_BASE_URLS: Record<ZatcaEnvironment, string> = {
  // The stand-in answers any host: the adapter hands the request to it, never to the network.
  local: 'https://zatca.local/e-invoicing/stand-in',
  sandbox: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal',
  simulation: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  production: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
};
