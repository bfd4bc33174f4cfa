// A back-office form whose upload was cut off on its way (multipart/form-data without its closing
// boundary, or with no boundary at all) is the sender's trouble: a 400 page that says the form did not
// arrive whole, in the staff member's language, and nothing sent on to the API; never a 500.
import { beforeAll, describe, expect, it } from 'vitest';
import { staffPage, staffSignIn } from './staff-session';

const FORMS = ['/catalogue/import', '/catalogue/products/1/images', '/reviews/settings', '/orders/1/refund'];

let owner: string;
let ownerAr: string;

beforeAll(async () => {
  owner = (await staffSignIn([{ role: 'owner', country: null }])).cookie;
  ownerAr = (await staffSignIn([{ role: 'owner', country: null }], { lang: 'ar' })).cookie;
});

/** A multipart body as a browser starts it, stopped before the file's end and the closing boundary. */
const CUT_OFF =
  '------cut\r\nContent-Disposition: form-data; name="kind"\r\n\r\ncatalogue\r\n' +
  '------cut\r\nContent-Disposition: form-data; name="file"; filename="catalogue.csv"\r\n' +
  'Content-Type: text/csv\r\n\r\nproduct_slug,sku_id,price_kwd\r\nalpha-vitamin-d3-1000,101,3.5';

function post(path: string, cookie: string, body: string, type: string) {
  return staffPage(path, cookie, {
    method: 'POST',
    body,
    headers: { origin: 'http://staff.localhost', 'sec-fetch-site': 'same-origin', 'content-type': type },
  });
}

describe('a cut-off upload to a back-office form', () => {
  it.each(FORMS)('POST %s answers 400 with a message, not 500', async (path) => {
    const res = await post(path, owner, CUT_OFF, 'multipart/form-data; boundary=----cut');
    const html = await res.text();
    expect(res.status, html.slice(0, 400)).toBe(400);
    expect(html).toContain('The form did not arrive whole');
    expect(html).toContain('nothing was changed');
    expect(html).not.toContain('Something went wrong');
  });

  it.each(FORMS)('POST %s with no boundary at all answers the same 400', async (path) => {
    const res = await post(path, owner, 'no boundary at all', 'multipart/form-data');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('The form did not arrive whole');
  });

  it('says it in Arabic to an Arabic back office', async () => {
    const res = await post('/catalogue/import', ownerAr, CUT_OFF, 'multipart/form-data; boundary=----cut');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('لم يصل النموذج كاملاً');
    expect(html).toMatch(/<html[^>]*dir="rtl"/);
  });
});
