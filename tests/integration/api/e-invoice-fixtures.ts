// What the e-invoice tests share (issue 75): a test seller as the documents name it, the texts a sale's
// lines and allowances are named with, a CSR for a fresh EGS unit (each test its own chain at the
// stand-in), and a handle on a stamp unit's chain. Test data only: the shop's own seller comes from the
// owner's E-invoicing page or the country's entity.
import { env } from 'cloudflare:test';
import type { EInvoiceChain } from '#api/src/e-invoice-chain/chain';
import { certificateRequest, type SellerParty, saleFigures } from '#api/src/e-invoices';

export const TEST_SELLER = {
  name: 'شركة المكملات الصحية المحدودة',
  vatNumber: '399999999900003',
  crNumber: '1010010000',
  address: { street: 'King Fahd Road', building: '2322', district: 'Al-Murabba', city: 'Riyadh', postalCode: '23333' },
};

/** The names `saleFigures` gives a sale's lines and allowances; `lineNames` one per line of the totals. */
export const saleTexts = (lineNames: string[]) => ({
  lineNames,
  delivery: 'Delivery',
  promotion: 'Promotion',
  coupon: 'Coupon',
  referral: 'Referral',
  points: 'Points',
});

/** A sale's totals as pricing gives them (lines, delivery, each discount, the total charged). */
type SaleTotals = Parameters<typeof saleFigures>[0];

/** A Saudi invoice request for the chain under `key`, from the sale's totals, its lines named `lineNames`. */
export const saudiSale = (key: string, seller: SellerParty, totals: SaleTotals, lineNames: string[]) => ({
  key,
  kind: 'invoice' as const,
  number: key,
  currency: 'SAR',
  decimals: 2,
  vatBasisPoints: 1500,
  seller,
  paymentMeans: '48',
  ...saleFigures(totals, saleTexts(lineNames)),
});

/** A CSR with ZATCA's fields for the EGS unit `unit` (its common name), signed with `privateKey`. */
export const testCsr = (unit: string, privateKey: Uint8Array) =>
  certificateRequest(
    {
      environment: 'sandbox',
      commonName: unit,
      organization: 'Gulf Supplements LLC',
      organizationUnit: 'Riyadh Branch',
      serialNumber: `1-GulfShop|2-1.0|3-${crypto.randomUUID()}`,
      vatNumber: TEST_SELLER.vatNumber,
      invoiceTypes: '0100',
      registeredAddress: 'RRRD2929',
      businessCategory: 'Health supplements',
    },
    privateKey,
  );

/** A handle on the chain of the stamp unit `unit`, as any isolate of either worker would have. */
export const chainOf = (unit: string) => {
  const ns = env.E_INVOICE_CHAINS as DurableObjectNamespace<EInvoiceChain>;
  return ns.get(ns.idFromName(unit));
};
