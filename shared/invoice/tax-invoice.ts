// The simplified tax invoice of a Saudi order (decision 9): the seller's legal name and VAT number
// (shared/company.ts), the invoice number (the order number: order ids are unique and increase, and
// a shopper already quotes it), the issue time, the total with VAT, the VAT, and the ZATCA phase-1
// QR payload. Built on the server from the stored order, so the page and the mail show the same.
import { companyEntity } from '../company';
import type { CountryCode } from '../locale';
import { minorToDecimal } from '../money';
import { zatcaQrPayload } from './zatca-tlv';

export interface TaxInvoice {
  number: string;
  /** ISO 8601 in UTC, to the second: the TLV's timestamp; the page shows it localised. */
  issued_at: string;
  seller_name: { en: string; ar: string };
  vat_number: string;
  /** Minor units of the order's currency, VAT included. */
  total: number;
  vat: number;
  vat_basis_points: number;
  /** Base64 of the TLV fields 1–5: what the QR code encodes (with e_invoice 'signed', the document's nine). */
  qr: string;
  /**
   * A Saudi e-invoice (decision 75): 'signed' when the figures, time and QR are the signed document's,
   * 'issuing' while it waits to be signed; absent where the sale has no e-invoice.
   */
  e_invoice?: 'signed' | 'issuing';
}

export function isoSeconds(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The invoice of an order with VAT; null where there is none (Kuwait, or no VAT registration). */
export function taxInvoiceFor(order: {
  id: number;
  country: CountryCode;
  created_at: number;
  decimals: number;
  vat_basis_points: number;
  totals: { total: number; vat: number };
}): TaxInvoice | null {
  const seller = companyEntity(order.country);
  if (!seller.vatNumber || order.vat_basis_points <= 0) return null;
  const issued_at = isoSeconds(order.created_at);
  return {
    number: String(order.id),
    issued_at,
    seller_name: seller.legalName,
    vat_number: seller.vatNumber,
    total: order.totals.total,
    vat: order.totals.vat,
    vat_basis_points: order.vat_basis_points,
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
