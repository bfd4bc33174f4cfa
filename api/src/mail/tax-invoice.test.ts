import { describe, expect, it } from 'vitest';
import { taxInvoiceFor } from '#shared/invoice/tax-invoice';
import { orderMail } from './texts';

const base = {
  id: 42,
  status: 'placed',
  created_at: Date.UTC(2026, 10, 22, 9, 0, 0),
  currency: 'SAR',
  payment_method: 'cod',
  items: [{ name: 'Vitamin C', sku_name: '100 tablets', count: 1, line_total: 3858 }],
  totals: { subtotal: 3858, discount: 0, delivery: 2500, vat: 829, total: 6358, wallet_used: 0, due: 6358 },
};
const saudi = {
  ...base,
  country: 'SA' as const,
  vat_basis_points: 1500,
  tax_invoice: taxInvoiceFor({
    id: 42,
    country: 'SA',
    created_at: Date.UTC(2026, 10, 22, 9, 0, 0),
    decimals: 2,
    vat_basis_points: 1500,
    totals: { total: 6358, vat: 829 },
  }),
};

describe('order confirmation mail', () => {
  it('says how much VAT the Saudi total includes and adds the simplified tax invoice with its QR as table cells', () => {
    const mail = orderMail('en', saudi, 'https://shop.test');
    expect(mail.text).toMatch(/Total: SAR\s63\.58\nIncludes VAT 15%: SAR\s8\.29/);
    expect(mail.text).toContain('Simplified tax invoice');
    expect(mail.text).toContain('VAT number: 310457812300003');
    expect(mail.text).toContain('Invoice number: 42');
    expect(mail.html).toContain('<table data-qr');
    // Dark and light modules are cells: no image, no SVG, nothing from outside hosts.
    expect(mail.html).not.toMatch(/<img|<svg|https?:\/\/(?!shop\.test)/);
    expect(mail.html!.match(/bgcolor="#000000"/g)!.length).toBeGreaterThan(100);
    const ar = orderMail('ar', saudi, 'https://shop.test');
    expect(ar.text).toContain('فاتورة ضريبية مبسطة');
    expect(ar.text).toContain('يشمل ضريبة القيمة المضافة');
    expect(ar.html).toContain('dir="rtl"');
  });

  it('adds the UAE tax invoice in the Emirates: "Tax Invoice", the TRN, each line’s VAT, no QR', () => {
    const emirati = {
      ...base,
      country: 'AE' as const,
      currency: 'AED',
      vat_basis_points: 500,
      tax_invoice: taxInvoiceFor({
        id: 42,
        country: 'AE',
        created_at: Date.UTC(2026, 10, 22, 9, 0, 0),
        decimals: 2,
        vat_basis_points: 500,
        totals: { total: 6_358, vat: 303, delivery: 2_500 },
        items: [{ name: 'Vitamin C (100 tablets)', count: 1, total: 3_858 }],
      }),
    };
    const en = orderMail('en', emirati, 'https://shop.test');
    expect(en.text).toContain('Tax Invoice');
    expect(en.text).not.toContain('Simplified');
    expect(en.text).toMatch(/TRN: 100\d{12}/);
    expect(en.text).toMatch(/Vitamin C \(100 tablets\) × 1 \(VAT AED\s1\.84\): AED\s38\.58/);
    expect(en.html).not.toContain('data-qr');
    const ar = orderMail('ar', emirati, 'https://shop.test');
    expect(ar.text).toContain('فاتورة ضريبية');
    expect(ar.text).not.toContain('فاتورة ضريبية مبسطة');
    expect(ar.text).toContain('رقم التسجيل الضريبي');
  });

  it('has no VAT line, no invoice and no HTML part in Kuwait', () => {
    const mail = orderMail(
      'en',
      {
        ...base,
        country: 'KW',
        currency: 'KWD',
        vat_basis_points: 0,
        tax_invoice: null,
        totals: { ...base.totals, vat: 0 },
      },
      'https://shop.test',
    );
    expect(mail.text).not.toMatch(/VAT|invoice/i);
    expect(mail.html).toBeUndefined();
  });
});

describe('an order with points and a friend’s discount (issue 47)', () => {
  const totals = {
    subtotal: 15_432,
    discount: 0,
    referral_discount: 2_000,
    points_used: 1_200,
    points_discount: 2_400,
    delivery: 2_500,
    vat: 1_774,
    total: 13_532,
    wallet_used: 0,
    due: 13_532,
  };
  const order = {
    ...saudi,
    totals,
    tax_invoice: taxInvoiceFor({
      id: 42,
      country: 'SA',
      created_at: Date.UTC(2026, 10, 22, 9, 0, 0),
      decimals: 2,
      vat_basis_points: 1500,
      totals: { total: 13_532, vat: 1_774 },
    }),
  };

  it('lists both discounts in the mail’s amounts and on its invoice, before the total they lower', () => {
    const mail = orderMail('en', order, 'https://shop.test');
    expect(mail.text).toMatch(/Friend’s discount: -SAR\s20\.00\nPoints \(1,200\): -SAR\s24\.00\nDelivery/);
    // The invoice block: the discounts, then the total with VAT and the VAT computed on it.
    expect(mail.text).toMatch(
      /Friend’s discount: -SAR\s20\.00\nPoints \(1,200\): -SAR\s24\.00\nTotal with VAT: SAR\s135\.32\nVAT 15%: SAR\s17\.74/,
    );
    expect(mail.html).toContain('Points (1,200)');
    const ar = orderMail('ar', order, 'https://shop.test');
    expect(ar.text).toContain('خصم الصديق');
    expect(ar.text).toContain('النقاط (1,200)');
  });
});
