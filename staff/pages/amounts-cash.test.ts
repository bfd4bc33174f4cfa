// The Amounts page's cash on delivery (issue 77): each country's switch and cap in its own currency and
// decimals, in both languages; a refused cash form comes back with what was typed, the amounts' form
// untouched; a member who may only read sees it without a save.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CountryAmountsView } from '#shared/api/country-amounts-schemas';
import type { Permission } from '#shared/staff/permissions';
import { staffTranslator } from '../lib/i18n';
import type { FormState } from './Customers';
import { AmountsPage } from './Amounts';

const amounts = {
  free_delivery_minor: 20_000,
  price_quick_max_minor: 25_000,
  price_range_max_minor: 1_000_000,
  unlock_margin_minor: 2_500,
  wallet_top_up_max_minor: 500_000,
};
const countries: CountryAmountsView[] = [
  { country: 'KW', ...amounts, free_delivery_minor: 15_000, cod_enabled: true, cod_max_minor: 150_500 },
  { country: 'AE', ...amounts, cod_enabled: false, cod_max_minor: null },
];

function render(
  lang: 'en' | 'ar',
  permissions: Permission[] = ['promotions:read', 'promotions:write'],
  state?: FormState & { country?: 'KW' | 'AE' },
) {
  return renderToStaticMarkup(
    createElement(AmountsPage, {
      t: staffTranslator(lang),
      nonce: 'n',
      me: { staff: { id: 1, name: 'Huda', email: 'h@example.com', lang }, grants: [], permissions, nutritionist: null },
      countries,
      state,
    }),
  );
}

/** The cash form of a country, as rendered. */
const cashForm = (html: string, country: string) =>
  new RegExp(`<form[^>]*data-testid="cash-${country}".*?</form>`, 's').exec(html)![0];

describe('cash on delivery on the Amounts page', () => {
  it('shows each country’s switch and cap in its own decimals, with a save per country', () => {
    const html = render('en');
    const kw = cashForm(html, 'KW');
    expect(kw).toContain('action="/amounts/cash"');
    expect(kw).toMatch(/name="cod_enabled"[^>]*checked=""|checked=""[^>]*name="cod_enabled"/);
    expect(kw).toContain('value="150.500"');
    expect(kw).toContain('Largest order total paid in cash (KWD)');
    expect(kw).toContain('Save cash on delivery for Kuwait');
    const ae = cashForm(html, 'AE');
    expect(ae).not.toContain('checked=""');
    expect(ae).toMatch(/id="AE-cod_max"[^>]*value=""|value=""[^>]*id="AE-cod_max"/);
  });

  it('says it in Arabic, and gives a refused cash form back as typed', () => {
    const html = render('ar', undefined, {
      country: 'AE',
      error: 'country_amount_decimals',
      values: { country: 'AE', cod_enabled: 'on', cod_max: '99.999', form: 'cash' },
    });
    const ae = cashForm(html, 'AE');
    expect(ae).toContain('الدفع عند الاستلام');
    expect(ae).toContain('إتاحة الدفع عند الاستلام في');
    expect(ae).toContain('value="99.999"');
    expect(ae).toContain('checked=""');
    // The amounts' own form keeps the stored amounts.
    expect(html).toMatch(/id="AE-free_delivery"[^>]*value="200.00"|value="200.00"[^>]*id="AE-free_delivery"/);
    expect(html).toContain('لا تتجاوز عدد المنازل العشرية لعملة الدولة.');
  });

  it('has no save for a member who may only read', () => {
    const html = render('en', ['promotions:read']);
    expect(cashForm(html, 'KW')).not.toContain('<button');
    expect(cashForm(html, 'KW')).toContain('disabled=""');
  });
});
