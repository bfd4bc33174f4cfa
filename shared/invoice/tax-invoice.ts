// The tax invoice of an order in a country with VAT, in the legal form its module names (TAX[c].invoice):
// the Saudi simplified tax invoice (decision 9) with its ZATCA phase-1 QR payload, or the UAE tax
// invoice (Federal Decree-Law 8 of 2017, art. 65; decision 77's amendment "the United Arab Emirates"),
// titled "Tax Invoice", with each line's VAT beside the total's and no QR. Both name the seller's legal
// name and VAT number (its TRN in the Emirates, shared/company.ts), the invoice number (the order number:
// order ids are unique and increase, and a shopper already quotes it), the issue time, the total with
// VAT and the VAT. Built on the server from the stored order, so the page and the mail show the same.
import { companyEntity } from '../company';
import { TAX } from '../countries/rules';
import type { CountryTax } from '../countries/types';
import type { CountryCode } from '../locale';
import { minorToDecimal, vatIncluded } from '../money';
import { zatcaQrPayload } from './zatca-tlv';

/** A line of a UAE tax invoice: what was sold, how many, its price with VAT and the VAT in it (minor units). */
export interface TaxInvoiceLine {
  /** The product and its variant, or null for the delivery. */
  name: string | null;
  count: number;
  total: number;
  vat: number;
}

export interface TaxInvoice {
  /** The invoice's legal form (the country module's): the page and the mail title and lay it out by it. */
  form: Exclude<CountryTax['invoice'], 'receipt'>;
  number: string;
  /** ISO 8601 in UTC, to the second: the TLV's timestamp; the page shows it localised. */
  issued_at: string;
  seller_name: { en: string; ar: string };
  vat_number: string;
  /** Minor units of the order's currency, VAT included. */
  total: number;
  vat: number;
  vat_basis_points: number;
  /**
   * A Saudi invoice's QR: base64 of the TLV fields 1–5 (with e_invoice 'signed', the document's nine).
   * Empty on a UAE tax invoice, which has none.
   */
  qr: string;
  /** A UAE tax invoice's lines, each with its VAT (art. 59 of the Executive Regulation); absent on a Saudi one. */
  lines?: TaxInvoiceLine[];
  /**
   * A Saudi e-invoice (decision 75): 'signed' when the figures, time and QR are the signed document's,
   * 'issuing' while it waits to be signed; absent where the sale has no e-invoice.
   */
  e_invoice?: 'signed' | 'issuing';
}

export function isoSeconds(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Each line's VAT, rounded on its own (half away from zero, in minor units), as the UAE tax invoice shows
 * it; the delivery fee, when charged, is a line too. The invoice's total VAT stays the order's (the VAT of
 * the total paid, after discounts), which may differ from the lines' sum by rounding.
 */
export function invoiceLines(
  items: ReadonlyArray<{ name: string; count: number; total: number }>,
  delivery: number,
  vatBasisPoints: number,
): TaxInvoiceLine[] {
  const lines = items.map((i) => ({
    name: i.name,
    count: i.count,
    total: i.total,
    vat: vatIncluded(i.total, vatBasisPoints),
  }));
  return delivery > 0
    ? [...lines, { name: null, count: 1, total: delivery, vat: vatIncluded(delivery, vatBasisPoints) }]
    : lines;
}

/** The invoice of an order with VAT; null where there is none (Kuwait's receipt, or no VAT registration). */
export function taxInvoiceFor(order: {
  id: number;
  country: CountryCode;
  created_at: number;
  decimals: number;
  vat_basis_points: number;
  totals: { total: number; vat: number; delivery?: number };
  /** The order's lines, for a form that lists them (the UAE's). */
  items?: ReadonlyArray<{ name: string; count: number; total: number }>;
}): TaxInvoice | null {
  const seller = companyEntity(order.country);
  const form = TAX[order.country].invoice;
  if (form === 'receipt' || !seller.vatNumber || order.vat_basis_points <= 0) return null;
  const issued_at = isoSeconds(order.created_at);
  const base = {
    form,
    number: String(order.id),
    issued_at,
    seller_name: seller.legalName,
    vat_number: seller.vatNumber,
    total: order.totals.total,
    vat: order.totals.vat,
    vat_basis_points: order.vat_basis_points,
  };
  if (form === 'uae-tax-invoice')
    return {
      ...base,
      qr: '',
      lines: invoiceLines(order.items ?? [], order.totals.delivery ?? 0, order.vat_basis_points),
    };
  return {
    ...base,
    // ZATCA wants the seller's name as registered; the Arabic legal name is the registered one.
    qr: zatcaQrPayload({
      sellerName: seller.legalName.ar,
      vatNumber: seller.vatNumber,
      timestamp: issued_at,
      total: minorToDecimal(order.totals.total, order.decimals),
      vat: minorToDecimal(order.totals.vat, order.decimals),
    }),
  };
}
