// A refunded order as the shopper reads it: each refund with where the money went and why, the total
// refunded and what the order cost after it; a Saudi refund's credit note names the invoice it reduces.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { creditNoteFor } from '#shared/invoice/credit-note';
import { taxInvoiceFor } from '#shared/invoice/tax-invoice';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import type { OrderView } from '#shared/orders/types';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { createSessionStore, SessionContext } from '../stores/session';
import { OrderRefunds } from './OrderRefunds';
import { CreditNote } from './TaxInvoice';

provideDictionary('en', en);
provideDictionary('ar', ar);

const invoice = taxInvoiceFor({
  id: 4827361950,
  country: 'SA',
  created_at: Date.parse('2026-11-20T09:00:00Z'),
  decimals: 2,
  vat_basis_points: 1500,
  totals: { total: 11500, vat: 1500 },
})!;
const note = creditNoteFor(invoice, { id: 7, amount: 1000, created_at: Date.parse('2026-11-22T10:00:00Z') }, 2);

const order = {
  id: 4827361950,
  country: 'SA',
  currency: 'SAR',
  totals: { total: 11500 },
  refunded: 1500,
  refunds: [
    { id: 7, amount: 1000, method: 'wallet', reason: 'damaged', status: 'succeeded', at: 1, credit_note: note },
    { id: 8, amount: 500, method: 'gateway', reason: 'late_delivery', status: 'pending', at: 2, credit_note: null },
  ],
} as unknown as OrderView;

const render = (lang: Lang, node: React.ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <SessionContext.Provider value={createSessionStore({ country: 'SA', user: null })}>
        {node}
      </SessionContext.Provider>
    </I18nProvider>,
  );

describe('the refunds of an order', () => {
  it('lists each refund with where it went and why, the total refunded and what was paid after it', () => {
    const html = render('en', <OrderRefunds order={order} />);
    expect(html).toContain('To your wallet · damaged item');
    expect(html).toContain('To your card · late delivery · on its way');
    expect(html).toMatch(/Refunded<\/dt><dd>−.*15\.00/);
    expect(html).toMatch(/Paid after refunds<\/dt><dd>.*100\.00/);
  });

  it('says the same in Arabic', () => {
    const html = render('ar', <OrderRefunds order={order} />);
    expect(html).toContain('إلى محفظتك · منتج تالف');
    expect(html).toContain('المسترد');
  });

  it('shows nothing for an order without refunds', () => {
    expect(render('en', <OrderRefunds order={{ ...order, refunds: [], refunded: 0 }} />)).toBe('');
  });

  it('shows a credit note with its number, the invoice it reduces, the amount and its VAT', () => {
    expect(note.number).toBe('4827361950-CN7');
    expect(note.vat).toBe(130);
    const html = render('ar', <CreditNote note={note} currency="SAR" />);
    expect(html).toContain('إشعار دائن');
    expect(html).toContain('4827361950-CN7');
    expect(html).toContain('يخفض الفاتورة');
    expect(html).toContain(`data-qr="${note.qr}"`);
  });
});
