// The invoice's legal form comes from the country's module: a UAE tax invoice names the seller's TRN and
// each line's VAT; its VAT (5 %, included in AED prices) is rounded per line and, for the total, once on
// the total paid, in fils.
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../countries/entities';
import { vatIncluded } from '../money';
import { invoiceLines, taxInvoiceFor } from './tax-invoice';

const order = {
  id: 1234,
  created_at: Date.UTC(2026, 10, 30, 8, 0, 0),
  decimals: 2,
};

describe('VAT of a 5 %-included AED price', () => {
  it('rounds each line to the nearest fils, and the total once on the total', () => {
    // AED 10.00 holds 47.62 fils of VAT: 48 a line; AED 20.00 holds 95.24: 95, not the lines' 96.
    expect(vatIncluded(1_000, 500)).toBe(48);
    expect(vatIncluded(2_000, 500)).toBe(95);
    expect(vatIncluded(9_999, 500)).toBe(476);
    const lines = invoiceLines(
      [
        { name: 'Vitamin D3 (60 capsules)', count: 1, total: 1_000 },
        { name: 'Zinc (90 tablets)', count: 1, total: 1_000 },
      ],
      2_500,
      500,
    );
    expect(lines).toEqual([
      { name: 'Vitamin D3 (60 capsules)', count: 1, total: 1_000, vat: 48 },
      { name: 'Zinc (90 tablets)', count: 1, total: 1_000, vat: 48 },
      // The delivery fee is a line of its own: AED 25.00 holds 119.05 fils.
      { name: null, count: 1, total: 2_500, vat: 119 },
    ]);
    expect(vatIncluded(4_500, 500)).toBe(214);
  });
});

describe('the invoice by the country’s legal form', () => {
  it('is a UAE tax invoice in the Emirates: the TRN, each line with its VAT, the total VAT, no QR', () => {
    const invoice = taxInvoiceFor({
      ...order,
      country: 'AE',
      vat_basis_points: 500,
      totals: { total: 4_500, vat: 214, delivery: 2_500 },
      items: [{ name: 'Vitamin D3 (60 capsules)', count: 2, total: 2_000 }],
    });
    expect(invoice).toEqual({
      form: 'uae-tax-invoice',
      number: '1234',
      issued_at: '2026-11-30T08:00:00Z',
      seller_name: ENTITIES.AE.legalName,
      vat_number: ENTITIES.AE.vatNumber,
      total: 4_500,
      vat: 214,
      vat_basis_points: 500,
      qr: '',
      lines: [
        { name: 'Vitamin D3 (60 capsules)', count: 2, total: 2_000, vat: 95 },
        { name: null, count: 1, total: 2_500, vat: 119 },
      ],
    });
    // A TRN: 15 digits starting 100.
    expect(invoice!.vat_number).toMatch(/^100\d{12}$/);
  });

  it('stays the simplified invoice with its ZATCA QR in Saudi Arabia, and none in Kuwait', () => {
    const saudi = taxInvoiceFor({
      ...order,
      country: 'SA',
      vat_basis_points: 1_500,
      totals: { total: 6_358, vat: 829 },
    });
    expect(saudi).toMatchObject({ form: 'zatca', vat_number: ENTITIES.SA.vatNumber });
    expect(saudi!.qr).not.toBe('');
    expect(saudi!.lines).toBeUndefined();
    expect(
      taxInvoiceFor({ ...order, country: 'KW', vat_basis_points: 0, totals: { total: 6_358, vat: 0 } }),
    ).toBeNull();
  });
});
