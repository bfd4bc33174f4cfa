// Decision 85 on her account page, through the real workers: a shopper who signed up with an e-mail is
// asked to confirm it (the shop mails order updates only to a proven address) until she opens the
// mailed link; then the page says nothing of it, in both languages.
import { describe, expect, it } from 'vitest';
import { cookiesFrom, openVerifyLink, registerShopper, storefront, withAnswer } from './helpers';

const NOTICE = 'data-testid="email-proof-notice"';

async function accountPage(path: string, cookie: string): Promise<{ html: string; cookie: string }> {
  const res = await storefront(path, { headers: { cookie } });
  expect(res.status).toBe(200);
  return { html: await res.text(), cookie: withAnswer(cookie, res) };
}

describe('the account page while her e-mail is not proven', () => {
  it('asks her to confirm it, in English and Arabic, and not once she has opened the link', async () => {
    const email = `unproven-${crypto.randomUUID()}@example.com`;
    const device = cookiesFrom(await storefront('/api/country'));
    const cookie = await registerShopper(email, device, 'Noura');

    let page = await accountPage('/profile/account', cookie);
    expect(page.html).toContain(NOTICE);
    expect(page.html).toContain(email);
    page = await accountPage('/ar/profile/account', page.cookie);
    expect(page.html).toContain(NOTICE);
    expect(page.html).toContain('أكّد بريدك الإلكتروني');

    await openVerifyLink(email);
    // The page's own read of her account (/user/me) brings the news: her very next visit says nothing.
    page = await accountPage('/ar/profile/account', page.cookie);
    expect(page.html).not.toContain(NOTICE);
    expect((await accountPage('/profile/account', page.cookie)).html).not.toContain(NOTICE);
  });
});
