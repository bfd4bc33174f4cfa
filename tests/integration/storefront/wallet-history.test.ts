// The wallet page's history names what each movement was for (issue 61, finding 7): a consultation's
// payment and refund say "consultation", in both languages, not "Order" and "Refund for order".
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { insertBookedConsultation } from '../../support/consultation-call-fixture';
import { cookiesFrom, registerShopper, storefront } from './helpers';

describe('the wallet history', () => {
  it('names a consultation’s payment and refund as the consultation’s, in English and Arabic', async () => {
    const device = cookiesFrom(await storefront('/api/country'));
    const cookie = await registerShopper(`wallet-${crypto.randomUUID()}@example.com`, device, 'Huda Wallet');
    const me = await storefront('/api/user/me', { headers: { cookie } });
    const userId = (await me.json<{ data: { user: { id: number } } }>()).data.user.id;
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, { userId });
    const now = Date.now();
    await env.API_DB.batch([
      env.API_DB.prepare(
        "INSERT INTO wallet_ledger (user_id, currency, amount, kind, created_at) VALUES (?, 'KWD', 20000, 'top_up', ?)",
      ).bind(userId, now - 3000),
      env.API_DB.prepare(
        "INSERT INTO wallet_ledger (user_id, currency, amount, kind, consultation_id, created_at) VALUES (?, 'KWD', -8000, 'order_payment', ?, ?)",
      ).bind(userId, id, now - 2000),
      env.API_DB.prepare(
        "INSERT INTO wallet_ledger (user_id, currency, amount, kind, consultation_id, created_at) VALUES (?, 'KWD', 8000, 'refund', ?, ?)",
      ).bind(userId, id, now - 1000),
    ]);
    for (const [path, payment, refund] of [
      ['/profile/wallet', `Consultation ${id}`, `Refund for consultation ${id}`],
      ['/ar/profile/wallet', `الاستشارة ${id}`, `استرداد للاستشارة ${id}`],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: `${cookie}; country=KW` } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(payment);
      expect(html, path).toContain(refund);
      expect(html, path).not.toContain('Refund for order');
      expect(html, path).not.toMatch(/>Order \d/);
    }
  });

  // The Saudi shopper's browser story (buying.spec.ts) tops up and pays in Arabic; the English page is
  // the same page's first HTML in riyals (decision 74): the balance, the top-up form and the history.
  it('shows a Saudi shopper her balance in riyals and the top-up form, in English', async () => {
    const device = cookiesFrom(await storefront('/api/country'));
    const cookie = await registerShopper(`wallet-sa-${crypto.randomUUID()}@example.com`, device, 'Noura Buyer');
    const me = await storefront('/api/user/me', { headers: { cookie } });
    const userId = (await me.json<{ data: { user: { id: number } } }>()).data.user.id;
    // A top-up of SAR 500.00 as the gateway's answer books it: the balance and its line.
    await env.API_DB.batch([
      env.API_DB.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'SAR', 50000)").bind(
        userId,
      ),
      env.API_DB.prepare(
        "INSERT INTO wallet_ledger (user_id, currency, amount, kind, created_at) VALUES (?, 'SAR', 50000, 'top_up', ?)",
      ).bind(userId, Date.now()),
    ]);
    const res = await storefront('/profile/wallet', { headers: { cookie: `${cookie}; country=SA` } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/Balance(<!-- -->)?: <strong data-testid="wallet-balance">SAR\s500\.00<\/strong>/);
    expect(html).toContain('Top up your wallet');
    expect(html).toContain('Amount (SAR)');
    expect(html).toContain('mada');
    expect(html).toMatch(/<button type="submit" class="button"[^>]*>Top up<\/button>/);
    expect(html).toContain('Top-up');
    expect(html).toMatch(/\+SAR\s500\.00/);
  });
});
