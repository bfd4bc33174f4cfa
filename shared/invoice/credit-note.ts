// A Saudi refund's credit note: the document that reduces a simplified tax invoice (decision 9) by the
// money given back. It names the invoice it corrects, the refund's time, the amount with VAT and the
// VAT in it, and carries the same kind of ZATCA phase-1 QR as the invoice, for the refunded amount.
import { minorToDecimal, vatIncluded } from '../money';
import type { TaxInvoice } from './tax-invoice';
import { isoSeconds } from './tax-invoice';
import { zatcaQrPayload } from './zatca-tlv';

/** A credit note has the invoice's fields, its own number, and names the invoice it reduces. */
export interface CreditNote extends TaxInvoice {
  /** The invoice's number, then the refund's: one note per refund, never reused. */
  number: string;
  invoice_number: string;
}

export function creditNoteFor(
  invoice: TaxInvoice,
  refund: { id: number; amount: number; created_at: number },
  decimals: number,
): CreditNote {
  const issued_at = isoSeconds(refund.created_at);
  const vat = vatIncluded(refund.amount, invoice.vat_basis_points);
  return {
    form: invoice.form,
    number: `${invoice.number}-CN${refund.id}`,
    invoice_number: invoice.number,
    issued_at,
    seller_name: invoice.seller_name,
    vat_number: invoice.vat_number,
    total: refund.amount,
    vat,
    vat_basis_points: invoice.vat_basis_points,
    // A Saudi note carries the ZATCA QR for the refunded amount; a UAE one has none.
    qr:
      invoice.form === 'zatca'
        ? zatcaQrPayload({
            sellerName: invoice.seller_name.ar,
            vatNumber: invoice.vat_number,
            timestamp: issued_at,
            total: minorToDecimal(refund.amount, decimals),
            vat: minorToDecimal(vat, decimals),
          })
        : '',
  };
}
