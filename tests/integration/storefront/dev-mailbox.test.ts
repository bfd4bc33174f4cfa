// The local dev mailbox shows a mail as a mail client would: a Saudi order's HTML part (the tax
// invoice with its QR code as table cells) in a sandboxed frame under the page's CSP, and the text
// part for clients that show text only.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storefront } from './helpers';

const LINK = `http://localhost:8787/ar/order-lookup?key=${'ab'.repeat(32)}`;
const HTML = `<!doctype html><html lang="ar" dir="rtl"><body><pre style="white-space:pre-wrap">تفاصيل الطلب</pre><section><h2>فاتورة ضريبية مبسطة</h2><table data-qr role="img" aria-label="QR"><tr><td style="width:4px" bgcolor="#000000"></td><td bgcolor="#ffffff"></td></tr></table></section><script>parent.document.title='owned'</script></body></html>`;

async function queue(subject: string, html: string | null) {
  await env.API_DB.prepare(
    `INSERT INTO mail_outbox (to_address, subject, body_text, body_html, lang, kind, dedupe_key, attempts, next_attempt_at, delivered_at, created_at)
     VALUES ('noura@example.com', ?, ?, ?, 'ar', 'order_confirmation', ?, 1, NULL, ?, ?)`,
  )
    .bind(
      subject,
      `شكراً لطلبك!\n\nتفاصيل الطلب: ${LINK}\n\nفاتورة ضريبية مبسطة\nالرقم الضريبي: 310457812300003`,
      html,
      `test:${subject}`,
      Date.now(),
      Date.now(),
    )
    .run();
}

const srcdocOf = (html: string) => {
  const m = /<iframe class="html-part" sandbox="" title="[^"]*" srcdoc="([^"]*)"><\/iframe>/.exec(html);
  return m
    ? m[1]!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : null;
};

describe('the dev mailbox', () => {
  it('shows a mail’s HTML part (tax invoice QR) in a frame that runs nothing, under the page’s nonce, and its text part', async () => {
    await queue('تأكيد الطلب رقم 7', HTML);
    for (const lang of ['ar', 'en']) {
      const res = await storefront(`/dev/mailbox?lang=${lang}`);
      expect(res.status).toBe(200);
      const page = await res.text();
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')![1]!;
      const doc = srcdocOf(page);
      expect(doc, 'an iframe sandbox srcdoc with the HTML part').not.toBeNull();
      expect(doc).toContain('<table data-qr');
      expect(doc).toContain(`<style nonce="${nonce}">`);
      // Inline style attributes would each break the page's CSP: the nonce'd rules replace them.
      expect(doc).not.toMatch(/\sstyle="/);
      // The mail's script is inert text inside the attribute, never markup of the page.
      expect(page).not.toContain('<script>parent');
      // The text part is still there, link and invoice facts, for text-only clients.
      expect(page).toContain(`<a href="${LINK}">${LINK}</a>`);
      expect(page).toContain('310457812300003');
    }
  });

  it('shows subject, address and text as text: markup in them is escaped, only its links become links', async () => {
    const subject = '<img src=x onerror=alert(1)> order';
    await env.API_DB.prepare(
      `INSERT INTO mail_outbox (to_address, subject, body_text, body_html, lang, kind, dedupe_key, attempts, next_attempt_at, delivered_at, created_at)
       VALUES ('"><script>x()</script>@example.com', ?, ?, NULL, 'en', 'order_confirmation', 'test:escape', 1, NULL, ?, ?)`,
    )
      .bind(
        subject,
        'Hi <b>there</b> & see https://shop.example/o?a=1&b=2" onmouseover="x() now',
        Date.now(),
        Date.now(),
      )
      .run();
    const page = await (await storefront('/dev/mailbox?lang=en')).text();
    expect(page).toContain('<h2>&lt;img src=x onerror=alert(1)&gt; order</h2>');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&quot;&gt;&lt;script&gt;x()&lt;/script&gt;@example.com');
    expect(page).not.toContain('<script>x()');
    expect(page).toContain(
      'Hi &lt;b&gt;there&lt;/b&gt; &amp; see <a href="https://shop.example/o?a=1&amp;b=2">https://shop.example/o?a=1&amp;b=2</a>&quot; onmouseover=&quot;x() now',
    );
  });

  it('shows one inbox only when asked with ?to=', async () => {
    await queue('للمرسل إليه فقط', null);
    await env.API_DB.prepare(
      `INSERT INTO mail_outbox (to_address, subject, body_text, body_html, lang, kind, dedupe_key, attempts, next_attempt_at, delivered_at, created_at)
       VALUES ('another@example.com', 'Not hers', 'T', NULL, 'en', 'order_confirmation', 'test:another', 1, NULL, ?, ?)`,
    )
      .bind(Date.now(), Date.now())
      .run();
    const page = await (await storefront('/dev/mailbox?lang=ar&to=noura%40example.com')).text();
    expect(page).toContain('للمرسل إليه فقط');
    expect(page).not.toContain('another@example.com');
    expect(await (await storefront('/dev/mailbox?lang=ar')).text()).toContain('another@example.com');
  });

  it('shows a mail without an HTML part as text only', async () => {
    await queue('إعادة تعيين كلمة المرور', null);
    const page = await (await storefront('/dev/mailbox?lang=ar')).text();
    const article = page.slice(page.indexOf('<h2>إعادة تعيين كلمة المرور'));
    expect(article.slice(0, article.indexOf('</article>'))).not.toContain('<iframe');
  });
});
