// Durable mail (decision 0014): every mail is queued in the batch of the change that causes
// it, delivered after the request or by the cron sweep, retried with backoff and given up visibly.
// "The provider fails" is a real Resend transport (RESEND_API_KEY set) whose fetch answers 500.
import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logged } from '../../support/log-lines';
import worker from '#api/src/index';
import { deliverDueMail, MAIL_BASE_BACKOFF_MS, MAIL_MAX_ATTEMPTS } from '#api/src/mail/deliver';
import { queueMail } from '#api/src/mail/outbox';
import { orderMail } from '#api/src/mail/texts';
import { orderView } from '#api/src/orders/view';
import { signSandboxEvent } from '#api/src/payment-gateway/sandbox';
import { signedRequest, type SignedInit } from '../../support/signed-fetch';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { ADDRESSES, call, deviceToken, json, proveAddress } from './helpers';

const WEBHOOK_SECRET = 'test-payment-webhook-secret-0123456789ab';
const KW_ADDRESS = {
  country: 'KW',
  recipient: 'Guest',
  phone: '98765432',
  area_id: 26,
  block: '3',
  street: '12',
  building: '7',
};
const SA_ADDRESS = { ...ADDRESSES.SA, recipient: 'ضيف' };
let token: string;

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  lang: string;
  kind: string;
  attempts: number;
  next_attempt_at: number | null;
  delivered_at: number | null;
  failed_at: number | null;
  last_error: string | null;
}

const mailsTo = async (to: string) =>
  (await env.DB.prepare('SELECT * FROM mail_outbox WHERE to_address = ? ORDER BY id').bind(to).all<OutboxRow>())
    .results;
/** A plain mail to `to` queued (in the outbox, not yet sent), due at `at`. */
const queueTo = (to: string, at: number, lang: 'en' | 'ar' = 'en') =>
  queueMail(env.DB, { to, subject: 'S', text: 'T', lang, kind: 'email_verification', dedupeKey: `test:${to}` }, at);
const ordersOf = async (email: string) =>
  (await env.DB.prepare('SELECT id FROM orders WHERE guest_email = ?').bind(email).all<{ id: number }>()).results;
const submitBody = (email: string, idempotencyKey: string, method = 'cod', country = 'KW') => ({
  items: [{ sku_id: 101, count: 1 }],
  payment_method: method,
  address: country === 'KW' ? KW_ADDRESS : SA_ADDRESS,
  email,
  idempotency_key: idempotencyKey,
});
const headers = (country = 'KW', lang = 'en') => ({ 'x-country': country, lang });

/** A Resend transport whose every send is answered with `status`; the calls it received. */
function provider(status: number) {
  const calls: Request[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (new URL(request.url).hostname !== 'api.resend.com') throw new Error(`unexpected fetch ${request.url}`);
    calls.push(request);
    return new Response(JSON.stringify({ id: 'x' }), { status });
  });
  return calls;
}
const resendEnv = () => ({ ...env, RESEND_API_KEY: 're_test_key' });

/** A request through the whole API with the Resend transport on; waits for its after-response work. */
async function callWithResend(path: string, init: SignedInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(await signedRequest(path, init), resendEnv() as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an order confirmation', () => {
  it('survives a failing mail provider: queued with the order, retried by the sweep, delivered once (KW, English)', async () => {
    const calls = provider(500);
    const email = 'provider.down@example.com';
    // An address proven before (decision 85): the full confirmation is what this test delivers.
    await proveAddress(email);
    const res = await callWithResend('/order/submit', {
      body: JSON.stringify(submitBody(email, crypto.randomUUID())),
      token,
      headers: headers(),
    });
    // The shopper's order went through although the provider is down.
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(calls).toHaveLength(1);
    let [mail] = await mailsTo(email);
    expect(mail).toMatchObject({
      kind: 'order_confirmation',
      lang: 'en',
      attempts: 1,
      delivered_at: null,
      failed_at: null,
      last_error: 'mail provider answered 500',
    });
    expect(mail!.subject).toContain(String(data.order.id));
    // The guest's mail carries the order link the submit answered with.
    expect(mail!.body_text).toContain(`/order-lookup?key=${data.link}`);
    const firstTry = mail!.next_attempt_at! - MAIL_BASE_BACKOFF_MS;

    // Not due yet: the sweep leaves it alone.
    vi.restoreAllMocks();
    const later = provider(200);
    expect(await deliverDueMail(resendEnv(), { now: firstTry + MAIL_BASE_BACKOFF_MS - 1 })).toEqual({
      delivered: 0,
      retrying: 0,
      failed: 0,
    });
    expect(later).toHaveLength(0);
    // Due: delivered, with the row's idempotency key so a lost answer cannot become a second mail.
    await deliverDueMail(resendEnv(), { now: firstTry + MAIL_BASE_BACKOFF_MS });
    expect(later).toHaveLength(1);
    expect(later[0]!.headers.get('idempotency-key')).toBe(`mail-${mail!.id}`);
    expect(await later[0]!.json()).toMatchObject({ to: [email], subject: mail!.subject });
    [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ attempts: 2, next_attempt_at: null, last_error: null });
    expect(mail!.delivered_at).toBeGreaterThan(0);
    // Delivered mail is not sent again.
    await deliverDueMail(resendEnv(), { now: firstTry + 10 * MAIL_BASE_BACKOFF_MS });
    expect(later).toHaveLength(1);
  });

  it('is queued once when the submit that failed to mail is replayed with the same key (SA, Arabic)', async () => {
    provider(500);
    const email = 'replayed.submit@example.com';
    // An address proven before (decision 85): the full confirmation is what this test delivers.
    await proveAddress(email);
    const body = JSON.stringify(submitBody(email, crypto.randomUUID(), 'cod', 'SA'));
    const first = await callWithResend('/order/submit', { body, token, headers: headers('SA', 'ar') });
    expect(first.status).toBe(200);
    const placedId = (await json(first)).data.order.id as number;
    const again = await json(await callWithResend('/order/submit', { body, token, headers: headers('SA', 'ar') }));
    expect(again.data.replayed).toBe(true);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'order_confirmation', lang: 'ar', delivered_at: null });
    // Arabic text with the Saudi tax invoice.
    expect(mails[0]!.subject).toMatch(/[\u0600-\u06FF]/);
    const html = await env.DB.prepare('SELECT body_html FROM mail_outbox WHERE id = ?')
      .bind(mails[0]!.id)
      .first<string>('body_html');
    expect(html).toContain('data-qr');
    // Rendered before the order was stored, it says exactly what the stored order says.
    const [, origin, key] = /(https?:\/\/[^/\s]+)\/ar\/order-lookup\?key=([0-9a-f]{64})/.exec(mails[0]!.body_text)!;
    const stored = (await orderView(env.DB, placedId, 'ar'))!;
    const expected = orderMail('ar', { ...stored, link_path: `/ar/order-lookup?key=${key}` }, origin!);
    expect({ subject: mails[0]!.subject, text: mails[0]!.body_text, html }).toEqual({
      subject: expected.subject,
      text: expected.text,
      html: expected.html,
    });
  });

  it('is stored with its order or not at all: a failing mail insert stores no order', async () => {
    const email = 'no.mail.no.order@example.com';
    const stockBefore = await env.DB.prepare('SELECT stock FROM skus WHERE id = 101').first<number>('stock');
    await env.DB.prepare(
      "CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_outbox BEGIN SELECT RAISE(ABORT, 'forced mail failure'); END",
    ).run();
    try {
      const res = await call('/order/submit', {
        body: JSON.stringify(submitBody(email, crypto.randomUUID())),
        token,
        headers: headers(),
      });
      expect(res.status).toBe(500);
    } finally {
      await env.DB.prepare('DROP TRIGGER refuse_mail').run();
    }
    expect(await ordersOf(email)).toHaveLength(0);
    expect(await env.DB.prepare('SELECT stock FROM skus WHERE id = 101').first<number>('stock')).toBe(stockBefore);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('is stored with its order or not at all: a failing order insert queues no mail', async () => {
    const email = 'no.order.no.mail@example.com';
    await env.DB.prepare(
      "CREATE TRIGGER refuse_items BEFORE INSERT ON order_items BEGIN SELECT RAISE(ABORT, 'forced order failure'); END",
    ).run();
    try {
      const res = await call('/order/submit', {
        body: JSON.stringify(submitBody(email, crypto.randomUUID())),
        token,
        headers: headers(),
      });
      expect(res.status).toBe(500);
    } finally {
      await env.DB.prepare('DROP TRIGGER refuse_items').run();
    }
    expect(await ordersOf(email)).toHaveLength(0);
    expect(await mailsTo(email)).toHaveLength(0);
    // …and both once nothing is forced.
    const ok = await call('/order/submit', {
      body: JSON.stringify(submitBody(email, crypto.randomUUID())),
      token,
      headers: headers(),
    });
    expect(ok.status).toBe(200);
    expect(await ordersOf(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('a card payment confirmation', () => {
  it('is queued once when the webhook whose mail failed is delivered again', async () => {
    const email = 'card.webhook@example.com';
    const placed = await json(
      await call('/order/submit', {
        body: JSON.stringify(submitBody(email, crypto.randomUUID(), 'card')),
        token,
        headers: headers(),
      }),
    );
    // Nothing is mailed for a card order until its payment succeeds.
    expect(await mailsTo(email)).toHaveLength(0);
    const signed = await signSandboxEvent(WEBHOOK_SECRET, { paymentId: placed.data.payment.id, outcome: 'succeeded' });
    const hook = { body: signed.body, headers: { 'x-sandbox-signature': signed.signature } };
    provider(500);
    expect((await callWithResend('/payments/webhook/sandbox', hook)).status).toBe(200);
    expect((await json(await callWithResend('/payments/webhook/sandbox', hook))).data.applied).toBe(false);
    expect((await callWithResend('/payments/webhook/sandbox', hook)).status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'payment_confirmation', delivered_at: null, attempts: 1 });
    // The guest's link in it opens the paid order.
    const key = /order-lookup\?key=([0-9a-f]{64})/.exec(mails[0]!.body_text)![1]!;
    vi.restoreAllMocks();
    const order = await json(await call(`/order/link/${key}`, { token, headers: headers() }));
    expect(order.data).toMatchObject({ id: placed.data.order.id, status: 'paid' });
  });
});

describe('account mail', () => {
  it('queues a password reset although the provider is down, and the local sweep delivers it to the dev mailbox', async () => {
    const email = 'reset.queued@example.com';
    await call('/user/register', { body: JSON.stringify({ name: 'Reset', email, password: 'secret1' }), token });
    provider(503);
    const res = await callWithResend('/user/forgot-password', {
      body: JSON.stringify({ email }),
      token,
      headers: { lang: 'ar' },
    });
    expect(res.status).toBe(200);
    // The sign-up's confirmation link (decision 85), then the reset.
    const [signUpLink, mail] = await mailsTo(email);
    expect(signUpLink!.kind).toBe('email_verification');
    expect(mail).toMatchObject({
      kind: 'password_reset',
      lang: 'ar',
      delivered_at: null,
      last_error: 'mail provider answered 503',
    });
    const outbox = async () => (await json(await call('/dev/outbox', { token }))).data.items as Array<{ id: number }>;
    // Undelivered mail is not in the mailbox yet; local mode (no RESEND_API_KEY) delivers it there.
    expect((await outbox()).map((m) => m.id)).not.toContain(mail!.id);
    vi.restoreAllMocks();
    await deliverDueMail(env, { now: mail!.next_attempt_at! });
    expect((await outbox()).map((m) => m.id)).toContain(mail!.id);
  });
});

describe('delivery outside the request', () => {
  it('runs once the answer is sent: in local mode a reset mail is in the dev mailbox right after (Arabic)', async () => {
    const email = 'local.reset@example.com';
    await call('/user/register', { body: JSON.stringify({ name: 'Local', email, password: 'secret1' }), token });
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      await signedRequest('/user/forgot-password', { body: JSON.stringify({ email }), token, headers: { lang: 'ar' } }),
      env as never,
      ctx,
    );
    expect(res.status).toBe(200);
    await waitOnExecutionContext(ctx);
    const [signUpLink, mail] = await mailsTo(email);
    expect(signUpLink!.kind).toBe('email_verification');
    expect(mail).toMatchObject({ kind: 'password_reset', lang: 'ar', attempts: 1, next_attempt_at: null });
    expect(mail!.delivered_at).toBeGreaterThan(0);
    expect(mail!.body_text).toContain('/ar/auth/reset-password?token=');
  });

  it('runs on the cron: the scheduled handler delivers mail that is due', async () => {
    await env.DB.batch([queueTo('cron.delivered@example.com', Date.now() - 1000)]);
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.now(), cron: '* * * * *' }),
      env as never,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const [mail] = await mailsTo('cron.delivered@example.com');
    expect(mail!.delivered_at).toBeGreaterThan(0);
  });
});

describe('the local mailbox', () => {
  it('shows the mail that is due though no run reached it: no cron runs locally', async () => {
    // More due mail than the run after one request takes (ten, oldest first): the rest waited for another
    // request that queues mail, so a tester's mailbox (and a story's) could wait for ever.
    const now = Date.now();
    await env.DB.batch(Array.from({ length: 12 }, (_, i) => queueTo(`left.behind${i}@example.com`, now - 1000, 'ar')));
    const listed = (await json(await call('/dev/outbox', { token }))).data.items as Array<{ to_address: string }>;
    const shown = new Set(listed.map((m) => m.to_address));
    for (let i = 0; i < 12; i++) expect(shown).toContain(`left.behind${i}@example.com`);
    // Delivered, as the cron would have: not listed while still queued.
    const [mail] = await mailsTo('left.behind0@example.com');
    expect(mail!.delivered_at).toBeGreaterThan(0);
  });

  it('keeps to one inbox with ?to=, whatever case the address was typed in', async () => {
    const now = Date.now();
    await env.DB.batch([queueTo('Her.Inbox@example.com', now - 1000), queueTo('someone.else@example.com', now - 1000)]);
    const listed = (await json(await call('/dev/outbox?to=her.inbox%40example.com', { token }))).data.items as Array<{
      to_address: string;
    }>;
    expect(listed.map((m) => m.to_address.toLowerCase())).toEqual(['her.inbox@example.com']);
  });

  it('does not deliver early: mail waiting out its backoff stays out of the mailbox', async () => {
    await env.DB.batch([queueTo('later@example.com', Date.now() + 60_000)]);
    const listed = (await json(await call('/dev/outbox', { token }))).data.items as Array<{ to_address: string }>;
    expect(listed.map((m) => m.to_address)).not.toContain('later@example.com');
    const [mail] = await mailsTo('later@example.com');
    expect(mail!.delivered_at).toBeNull();
  });
});

describe('retries', () => {
  it('back off exponentially and stop after the maximum, leaving the mail visible as failed', async () => {
    const start = Date.UTC(2026, 10, 1);
    await env.DB.batch([
      queueMail(
        env.DB,
        {
          to: 'never.delivered@example.com',
          subject: 'S',
          text: 'T',
          lang: 'en',
          kind: 'password_reset',
          dedupeKey: 'test:backoff',
        },
        start,
      ),
    ]);
    const sends: string[] = [];
    const broken = {
      send: async (mail: { to: string }) => {
        if (mail.to === 'never.delivered@example.com') sends.push(mail.to);
        throw new Error('provider down');
      },
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const waits: number[] = [];
    let now = start;
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      // A moment before it is due, nothing is tried.
      if (attempt > 1) expect((await deliverDueMail(env, { now: now - 1, sender: broken })).retrying).toBe(0);
      await deliverDueMail(env, { now, sender: broken });
      const [row] = await mailsTo('never.delivered@example.com');
      expect(row!.attempts).toBe(attempt);
      if (row!.next_attempt_at === null) break;
      waits.push(row!.next_attempt_at - now);
      now = row!.next_attempt_at;
    }
    expect(sends).toHaveLength(MAIL_MAX_ATTEMPTS);
    expect(waits).toEqual(Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) => MAIL_BASE_BACKOFF_MS * 2 ** i));
    const [row] = await mailsTo('never.delivered@example.com');
    expect(row).toMatchObject({
      attempts: MAIL_MAX_ATTEMPTS,
      next_attempt_at: null,
      delivered_at: null,
      last_error: 'provider down',
    });
    expect(row!.failed_at).toBe(now);
    expect(logged(errors)).toContainEqual(
      expect.objectContaining({
        worker: 'api',
        msg: 'mail given up after its last attempt',
        mailId: row!.id,
        reason: 'provider down',
      }),
    );
    // Given up means given up: a day later it is still not tried.
    await deliverDueMail(env, { now: now + 24 * 60 * 60_000, sender: broken });
    expect(sends).toHaveLength(MAIL_MAX_ATTEMPTS);
  });

  it('never sends one row twice when two runs race for it', async () => {
    await env.DB.batch([
      queueMail(
        env.DB,
        {
          to: 'raced@example.com',
          subject: 'S',
          text: 'T',
          lang: 'en',
          kind: 'password_reset',
          dedupeKey: 'test:race',
        },
        1000,
      ),
    ]);
    let sent = 0;
    const slow = {
      send: async (mail: { to: string }) => {
        if (mail.to === 'raced@example.com') sent++;
        await new Promise((r) => setTimeout(r, 20));
      },
    };
    await Promise.all([
      deliverDueMail(env, { now: 2000, sender: slow }),
      deliverDueMail(env, { now: 2000, sender: slow }),
      deliverDueMail(env, { now: 2000, sender: slow }),
    ]);
    expect(sent).toBe(1);
    expect((await mailsTo('raced@example.com'))[0]!.delivered_at).toBeGreaterThan(0);
  });
});

describe('links in every mail', () => {
  // QA ran a local server on another port: the order mail linked to the default http://localhost:8787
  // while the verification mail used the server's own port. Every link comes from SITE_ORIGIN.
  const ORIGIN = 'http://localhost:8809';
  const ported = { ...env, SITE_ORIGIN: ORIGIN };
  async function callPorted(path: string, init: SignedInit): Promise<Response> {
    const ctx = createExecutionContext();
    const res = await worker.fetch(await signedRequest(path, init), ported as never, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }
  const links = (text: string) => [...text.matchAll(/https?:\/\/[^/\s]+/g)].map((m) => m[0]);

  it('take the configured origin in the order confirmation, the order received, the card payment confirmation and the verification mail (SA, Arabic)', async () => {
    const email = 'ported.origin@example.com';
    const foreign = { 'x-site-origin': 'http://localhost:8787', host: 'localhost:8787' };
    const cash = await callPorted('/order/submit', {
      body: JSON.stringify(submitBody(email, crypto.randomUUID(), 'cod', 'SA')),
      token,
      headers: { ...headers('SA', 'ar'), ...foreign },
    });
    expect(cash.status).toBe(200);
    const card = await json(
      await callPorted('/order/submit', {
        body: JSON.stringify({ ...submitBody(email, crypto.randomUUID(), 'card', 'SA'), card_method: 'mada' }),
        token,
        headers: { ...headers('SA', 'ar'), ...foreign },
      }),
    );
    const paymentId = /pay_[0-9a-f]{24}/.exec(JSON.stringify(card.data))![0];
    expect(
      (
        await callPorted(`/dev/payments/${paymentId}`, {
          body: JSON.stringify({ outcome: 'succeeded' }),
          token,
          headers: { ...headers('SA', 'ar'), ...foreign },
        })
      ).status,
    ).toBe(200);
    // Its payment proved the address (decision 72): a cash order now gets the full confirmation, where
    // the first, to an address nobody had proved, got the restricted "order received" (decision 85).
    const proven = await callPorted('/order/submit', {
      body: JSON.stringify(submitBody(email, crypto.randomUUID(), 'cod', 'SA')),
      token,
      headers: { ...headers('SA', 'ar'), ...foreign },
    });
    expect(proven.status).toBe(200);
    const signUp = await callPorted('/user/register', {
      body: JSON.stringify({ name: 'نورة', email, password: 'secret1' }),
      token,
      headers: { ...headers('SA', 'ar'), ...foreign },
    });
    expect(signUp.status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'email_verification',
      'order_confirmation',
      'order_received',
      'payment_confirmation',
    ]);
    for (const m of mails) {
      expect(links(m.body_text).length, m.kind).toBeGreaterThan(0);
      expect(new Set(links(m.body_text)), m.kind).toEqual(new Set([ORIGIN]));
    }
  });
});
