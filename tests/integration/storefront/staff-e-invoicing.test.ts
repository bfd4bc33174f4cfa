// The back office's E-invoicing page through the staff worker (issue 75): a form ZATCA refuses comes
// back with ZATCA's code in the page and without the one-time code typed (a used code is worth nothing
// and is not shown again); a bad VAT number is named in its form with the values kept.
import { describe, expect, it } from 'vitest';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const SELLER = {
  name_ar: 'شركة المكملات الصحية المحدودة',
  vat_number: '399999999900003',
  cr_number: '1010010000',
  street: 'King Fahd Road',
  building: '2322',
  district: 'Al-Murabba',
  city: 'Riyadh',
  postal_code: '12345',
  branch: 'Riyadh',
  business_category: 'Supplements',
};

describe('the E-invoicing page', () => {
  it('keeps the seller’s values on a bad VAT number, and shows ZATCA’s refusal of a code without the code', async () => {
    const owner = (await staffSignIn([{ role: 'owner', country: null }])).cookie;
    const bad = await staffPost('/e-invoicing/seller', { ...SELLER, vat_number: '123' }, owner);
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('A Saudi VAT number is 15 digits, starting and ending with 3.');
    expect(badHtml).toContain('value="1010010000"');

    expect((await staffPost('/e-invoicing/seller', SELLER, owner)).status).toBe(303);
    expect((await staffPost('/e-invoicing/keys', { unit: 'Gulf Shop Web' }, owner)).status).toBe(303);
    const refused = await staffPost('/e-invoicing/compliance-csid', { otp: '98765' }, owner);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('ZATCA did not accept the one-time code.');
    expect(html).toContain('Invalid-OTP');
    expect(html).not.toContain('98765');
    expect(await (await staffPage('/e-invoicing', owner)).text()).toContain('Refused by ZATCA');
  });
});
