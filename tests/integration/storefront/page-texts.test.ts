// Each page's texts (decision 18): the server renders a page with the shell's texts and the dictionary
// areas its route names, the same texts the browser loads before hydrating. The first HTML must carry
// every text the page shows, in Arabic too, and tell the browser which areas to load.
import { describe, expect, it } from 'vitest';
import { storefront } from './helpers';

async function page(path: string) {
  const res = await storefront(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const texts = JSON.parse(/"texts":(\[[^\]]*\])/.exec(html)![1]!) as string[];
  return { html, texts };
}

describe('texts of each page in its first HTML', () => {
  it('renders the Arabic shell on every page: header, hero and the footer with the company details', async () => {
    const { html, texts } = await page('/ar');
    expect(html).toContain('انتقل إلى المحتوى'); // skip link
    expect(html).toContain('اعثر على المكملات التي تحتاجها'); // home hero
    expect(html).toContain('<dt>الاسم القانوني</dt>'); // footer: company details, rendered at once
    expect(html).toContain('روابط التذييل'); // footer navigation
    expect(texts).toEqual(['catalogue']);
  });

  it('renders an Arabic listing with the catalogue texts', async () => {
    const { html, texts } = await page('/ar/products');
    expect(html).toContain('الترتيب حسب');
    expect(texts).toEqual(['catalogue']);
  });

  it('renders the Arabic sign-in page with the accounts texts', async () => {
    const { html, texts } = await page('/ar/auth/sign-in');
    expect(html).toContain('نسيت كلمة المرور؟');
    expect(texts).toEqual(['accounts']);
  });

  // Moved down from the e2e accounts story (decision 70): the Arabic sign-up form whole in its first HTML.
  it('renders the Arabic sign-up form: name, e-mail, password, its confirmation and the button', async () => {
    const { html, texts } = await page('/ar/auth/sign-up');
    for (const label of ['الاسم الكامل', 'البريد الإلكتروني', 'كلمة المرور', 'تأكيد كلمة المرور']) {
      expect(html).toMatch(new RegExp(`<label[^>]*>(?:<[^>]+>)*\\s*${label}`));
    }
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>(?:<[^>]+>)*إنشاء حساب/);
    expect(texts).toEqual(['accounts']);
  });

  it('renders the Arabic contact page with the static pages texts', async () => {
    const { html, texts } = await page('/ar/contact-us');
    expect(html).toContain('أرسل إلينا رسالة');
    expect(texts).toEqual(['static-pages']);
  });

  it('names the checkout layout and step areas together', async () => {
    const { texts } = await page('/ar/checkout/shipping');
    expect([...texts].sort()).toEqual(['accounts', 'catalogue', 'orders', 'subscriptions']);
  });

  // Moved down from the e2e shell story (decision 70): the English home page is whole in its first HTML.
  it('renders the English home page left to right: heading, search, the footer’s return policy, the title', async () => {
    const { html } = await page('/');
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr"/i);
    expect(html).toMatch(/<h1[^>]*>Find the supplements you need<\/h1>/);
    expect(html).toMatch(/<form[^>]*role="search"|<search/);
    expect(html).toMatch(/<footer[\s\S]*<a[^>]*href="\/return-policy"[^>]*>Return policy<\/a>[\s\S]*<\/footer>/);
    expect(html).toMatch(/<title>[^<]*Gulf Vitamins[^<]*<\/title>/);
  });

  it('renders English with the English texts', async () => {
    const { html } = await page('/products');
    expect(html).toContain('Sort by');
    expect(html).toContain('<dt>Legal name</dt>');
  });
});
