// Decision 85: an account's e-mail is proven by her mailbox before the shop writes to it. A stranger who
// signs up with someone's address, or types it into guest cash orders, makes the shop send that inbox at
// most three proof-class mails a day, none carrying a word the stranger typed; once the link is opened,
// the usual mails (an order's confirmation, a cart reminder) go; a reset through the mailed link proves
// the address too; /user/me says which.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendCartReminders } from '#api/src/carts/reminders';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, GUEST_KW_ADDRESS, json, openVerifyLink, registerShopper, saveAddress } from './helpers';

const links = { secret: 'test-token-secret-0123456789abcdef01234', siteOrigin: 'https://shop.test' };
const GIFT_TEXT = 'Your account is suspended, call 0000';
let device: string;

const as = (user: string | null, extra: Record<string, string> = {}) => ({
  ...(user ? { authorization: `Bearer ${user}` } : {}),
  'x-country': 'KW',
  lang: 'en',
  ...extra,
});
const post = (path: string, body: unknown, user: string | null, extra: Record<string, string> = {}) =>
  call(path, { body: JSON.stringify(body), token: device, headers: as(user, extra) });
const mailsTo = (email: string) =>
  env.DB.prepare('SELECT kind, subject, body_text FROM mail_outbox WHERE lower(to_address) = lower(?) ORDER BY id')
    .bind(email)
    .all<{ kind: string; subject: string; body_text: string }>()
    .then((r) => r.results);
const me = async (user: string) =>
  (
    await json<{ data: { user: { email_proven: boolean } } }>(
      await call('/user/me', { token: device, headers: as(user) }),
    )
  ).data.user;
const giftOrder = (user: string | null, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  post(
    '/order/submit',
    {
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'cod',
      idempotency_key: crypto.randomUUID(),
      gift: {
        country: 'KW',
        recipient: 'Security Team',
        phone: '55512345',
        area_id: 26,
        block: '4',
        street: '21',
        building: '9',
        message: GIFT_TEXT,
      },
      ...extra,
    },
    user,
    headers,
  );

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  await env.DB.prepare('UPDATE skus SET stock = 10000').run();
  device = await deviceToken();
});

describe('an address nobody proved', () => {
  it('a stranger signs up with it and places 25 cash gift orders: at most three mails, none with her text', async () => {
    const { token, email } = await registerShopper(device, 'victim', 'Stranger', { proven: false });
    expect((await me(token)).email_proven).toBe(false);
    for (let i = 0; i < 25; i++) expect((await giftOrder(token)).status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails.length).toBeLessThanOrEqual(3);
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(m.body_text).not.toContain(GIFT_TEXT);
      expect(m.body_text).not.toContain('Security Team');
      expect(['email_verification', 'order_received']).toContain(m.kind);
    }
  });

  it('once her link is opened, an order is confirmed as usual and her cart is reminded', async () => {
    const { token, id, email } = await registerShopper(device, 'owner', 'Noura', { proven: false });
    expect((await giftOrder(token)).status).toBe(200);
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['email_verification', 'order_received']);
    // The "order received" carries the link that proves the address: opening it proves it.
    const received = (await mailsTo(email)).find((m) => m.kind === 'order_received')!;
    expect(received.body_text).toMatch(/verify-email\?token=/);

    await openVerifyLink(email, device);
    expect((await me(token)).email_proven).toBe(true);
    const address = await saveAddress(device, token, 'KW');
    const placed = await post(
      '/order/submit',
      {
        items: [{ sku_id: 101, count: 1 }],
        payment_method: 'cod',
        idempotency_key: crypto.randomUUID(),
        address_id: address,
      },
      token,
    );
    expect(placed.status).toBe(200);
    expect((await mailsTo(email)).map((m) => m.kind)).toContain('order_confirmation');

    // Her cart left behind: reminded by mail.
    expect((await post('/cart/saved', { items: [{ sku_id: 102, count: 1 }] }, token)).status).toBe(200);
    const due = Date.now() + 2 * 24 * 60 * 60_000;
    await env.DB.prepare('UPDATE saved_carts SET next_due_at = ? WHERE user_id = ?')
      .bind(due - 60_000, id)
      .run();
    // A Gulf morning, out of the quiet hours.
    const morning = new Date(due);
    morning.setUTCHours(7, 0, 0, 0);
    await env.DB.prepare('UPDATE saved_carts SET next_due_at = ? WHERE user_id = ?')
      .bind(morning.getTime() - 60_000, id)
      .run();
    await sendCartReminders(env, links, morning.getTime());
    expect((await mailsTo(email)).map((m) => m.kind)).toContain('cart_reminder');
  });

  it('an unproven account’s cart is not reminded by mail', async () => {
    const { token, id, email } = await registerShopper(device, 'unproven-cart', 'Noura', { proven: false });
    expect((await post('/cart/saved', { items: [{ sku_id: 102, count: 1 }] }, token)).status).toBe(200);
    const morning = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    morning.setUTCHours(7, 0, 0, 0);
    await env.DB.prepare('UPDATE saved_carts SET next_due_at = ? WHERE user_id = ?')
      .bind(morning.getTime() - 60_000, id)
      .run();
    await sendCartReminders(env, links, morning.getTime());
    expect((await mailsTo(email)).map((m) => m.kind)).not.toContain('cart_reminder');
    const recorded = await env.DB.prepare(
      "SELECT count(*) AS n FROM cart_reminders r JOIN saved_carts c ON c.id = r.cart_id WHERE c.user_id = ? AND r.channel = 'mail'",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(recorded!.n).toBe(0);
  });

  it('guest cash orders naming it from three addresses, twenty each: at most three mails', async () => {
    const email = `guest-victim-${crypto.randomUUID()}@example.com`;
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3'])
      for (let i = 0; i < 20; i++) {
        const res = await post(
          '/order/submit',
          {
            items: [{ sku_id: 101, count: 1 }],
            payment_method: 'cod',
            idempotency_key: crypto.randomUUID(),
            email: i % 2 ? email.toUpperCase() : email,
            address: GUEST_KW_ADDRESS,
          },
          null,
          { [CLIENT_IP_HEADER]: ip },
        );
        expect(res.status).toBe(200);
      }
    const mails = await mailsTo(email);
    expect(mails.length).toBeLessThanOrEqual(3);
    expect(mails.every((m) => m.kind === 'order_received')).toBe(true);
  });

  it('a reset through the mailed link proves it', async () => {
    const { token, email } = await registerShopper(device, 'reset', 'Noura', { proven: false });
    expect((await me(token)).email_proven).toBe(false);
    await post('/user/forgot-password', { email }, null);
    const reset = (await mailsTo(email)).find((m) => m.kind === 'password_reset')!;
    const link = /[?&]token=([A-Za-z0-9_-]+)/.exec(reset.body_text)![1]!;
    const res = await post(
      '/user/reset-password',
      { token: link, password: 'newpass1', confirmPassword: 'newpass1' },
      null,
    );
    expect(res.status).toBe(200);
    const body = await json<{ data: { access_token: string; user: { email_proven: boolean } } }>(res);
    expect(body.data.user.email_proven).toBe(true);
    expect((await me(body.data.access_token)).email_proven).toBe(true);
  });

  it('sign-up mails one link, and asking again is limited per account', async () => {
    const { token, email } = await registerShopper(device, 'resend', 'Noura', { proven: false });
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['email_verification']);
    const again = await post('/user/verify-email/resend', {}, token);
    expect(again.status).toBe(200);
    // The inbox's three a day: the fourth ask is answered as usual, nothing sent.
    await post('/user/verify-email/resend', {}, token);
    await post('/user/verify-email/resend', {}, token);
    expect((await mailsTo(email)).length).toBe(3);
    // The account's own three asks a day: the fourth is refused.
    expect((await post('/user/verify-email/resend', {}, token)).status).toBe(429);
    await openVerifyLink(email, device);
    expect((await json(await post('/user/verify-email/resend', {}, token))).data.sent).toBe(false);
  });
});
