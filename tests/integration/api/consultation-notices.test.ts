// What a shopper is told about her consultations (issue 61), read from the local mailbox (mail_outbox)
// and the local texts outbox: a bought package's confirmation and its page's data, a booking a package
// paid ("1 session of your package (3 sessions left)", never a zero amount), and each change (cancel,
// the refund after an outcome, a move with its new calendar file) by mail in her language, by WhatsApp
// when she chose updates there. Kuwait in English and Saudi Arabia in Arabic.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyOutcome } from '#api/src/consultations/refund';
import { apiConfig } from '#api/src/lib/config';
import type { Mail } from '#api/src/mail';
import { deliverDueMail } from '#api/src/mail/deliver';
import { formatMinor } from '#shared/money';
import { FIXTURE_PACKAGE, FIXTURE_SERVICES } from '../fixtures/consultations';
import { json } from './helpers';
import {
  bookBody,
  freeTimeAfter,
  get,
  HOUR,
  hold,
  post,
  setUp,
  type Shopper,
  shopper,
  topUp,
} from './consultation-helpers';

beforeAll(async () => {
  await setUp();
});

interface MailRow {
  to_address: string;
  subject: string;
  body_text: string;
  lang: string;
  kind: string;
  attachments: string | null;
}

async function mailsOf(s: Shopper, kind: string): Promise<MailRow[]> {
  const { results } = await env.DB.prepare(
    'SELECT m.to_address, m.subject, m.body_text, m.lang, m.kind, m.attachments FROM mail_outbox m JOIN users u ON u.email = m.to_address WHERE u.id = ? AND m.kind = ? ORDER BY m.id',
  )
    .bind(s.id, kind)
    .all<MailRow>();
  return results;
}

/** She opted in to WhatsApp updates with a verified number. */
async function withWhatsApp(s: Shopper, phone: string) {
  await env.DB.prepare('UPDATE users SET phone = ?, phone_verified_at = 1, whatsapp_updates_at = 1 WHERE id = ?')
    .bind(phone, s.id)
    .run();
}

async function textsTo(phone: string) {
  const { results } = await env.DB.prepare(
    'SELECT kind, template, params, body_text, lang FROM message_outbox WHERE to_phone = ? ORDER BY id',
  )
    .bind(phone)
    .all<{ kind: string; template: string; params: string; body_text: string; lang: string }>();
  return results;
}

const SA_AR = ['SA', 'ar'] as const;
/** Amounts as the money module writes them in a Kuwaiti English mail. */
const kwd = (minor: number) => formatMinor(minor, 'KWD', 'en', 'KW');

/** Holds and books in a country and language (the booking's language is the mails'). */
async function bookIn(
  s: Shopper,
  at: number,
  payment: Record<string, unknown>,
  opts: { serviceId?: number; country?: string; lang?: string } = {},
) {
  const serviceId = opts.serviceId ?? FIXTURE_SERVICES.first;
  const h = await json(await hold(s, at, serviceId, opts.country));
  expect(h.data?.hold_id, JSON.stringify(h)).toBeTruthy();
  const res = await post(
    '/consultation',
    bookBody(h.data.hold_id, payment, { service_id: serviceId }),
    s,
    opts.country,
    opts.lang,
  );
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data.id as number;
}

async function buyPackage(s: Shopper, payment: Record<string, unknown>, country = 'KW', lang = 'en') {
  const res = await post('/consultation/package', { package_id: FIXTURE_PACKAGE, payment }, s, country, lang);
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data as { credit_id: number; payment_url: string | null; payment_state: string };
}

describe('a bought package', () => {
  it('paid from the wallet (Kuwait, English): a confirmation mail, and its page reads what she bought', async () => {
    const s = await shopper('pkg-kw');
    await topUp(s.id, 'KWD', 40_000);
    const bought = await buyPackage(s, { method: 'wallet' });
    expect(bought.payment_state).toBe('paid');
    const [mail, ...more] = await mailsOf(s, 'consultation_package');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ lang: 'en', subject: 'Your package is ready: 4 follow-ups' });
    expect(mail!.body_text).toContain('4 sessions of');
    expect(mail!.body_text).toContain(`Paid: ${kwd(40_000)}.`);
    expect(mail!.body_text).toMatch(/Use them by \w/);
    expect(mail!.body_text).toMatch(
      new RegExp(
        `Book your first session: https?://[^\\s]+/consultation/book/1\\?service=${FIXTURE_SERVICES.followUp}`,
      ),
    );
    expect(mail!.body_text).toContain(`/consultation/package?id=${bought.credit_id}`);

    const page = await json(await get(`/user/consultation/credits/${bought.credit_id}`, s));
    expect(page.data).toMatchObject({
      id: bought.credit_id,
      sessions_left: 4,
      sessions_total: 4,
      payment_state: 'paid',
    });
    expect(Date.parse(page.data.expires_at)).toBeGreaterThan(Date.now() + 300 * 24 * HOUR);
    // Hers only.
    const other = await shopper('pkg-kw-other');
    expect((await get(`/user/consultation/credits/${bought.credit_id}`, other)).status).toBe(404);
  });

  it('paid by card (Saudi Arabia, Arabic): returns to the package page, and the mail follows the payment', async () => {
    const s = await shopper('pkg-sa');
    await env.DB.prepare("UPDATE users SET lang = 'ar' WHERE id = ?").bind(s.id).run();
    const bought = await buyPackage(s, { method: 'card', card_method: 'mada' }, ...SA_AR);
    expect(bought.payment_state).toBe('pending');
    const payment = await env.DB.prepare('SELECT id, return_path FROM payments WHERE consultation_credit_id = ?')
      .bind(bought.credit_id)
      .first<{ id: string; return_path: string }>();
    expect(payment!.return_path).toBe(`/ar/consultation/package?id=${bought.credit_id}`);
    expect(await mailsOf(s, 'consultation_package')).toEqual([]);
    await post(`/dev/payments/${payment!.id}`, { outcome: 'succeeded' }, s, ...SA_AR);
    const [mail, ...more] = await mailsOf(s, 'consultation_package');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ lang: 'ar', subject: 'تم شراء باقتك: 4 جلسات متابعة' });
    expect(mail!.body_text).toContain('اشتريت 4 جلسات متابعة: 4 جلسات من');
    expect(mail!.body_text).toContain('احجز جلستك الأولى:');
    expect(mail!.body_text).toContain('499.00');
  });
});

describe('a booking a package paid', () => {
  it('says the session and what is left, in the list and the mail, never a zero amount (KW, English)', async () => {
    const s = await shopper('pkg-book-kw');
    await topUp(s.id, 'KWD', 40_000);
    const bought = await buyPackage(s, { method: 'wallet' });
    const at = await freeTimeAfter(30, { skip: 2, serviceId: FIXTURE_SERVICES.followUp });
    const id = await bookIn(
      s,
      at,
      { method: 'package', credit_id: bought.credit_id },
      { serviceId: FIXTURE_SERVICES.followUp },
    );
    const [mail] = await mailsOf(s, 'consultation_confirmation');
    expect(mail!.body_text).toContain('Paid: 1 session of your package (3 sessions left).');
    expect(mail!.body_text).not.toContain('0.000');
    const list = await json(await get('/user/consultation/list', s));
    expect(list.data.items.find((c: { id: number }) => c.id === id)).toMatchObject({
      total: 0,
      package_sessions_left: 3,
    });
  });

  it('in Arabic, with the plural form of the sessions left (SA)', async () => {
    const s = await shopper('pkg-book-sa');
    await topUp(s.id, 'SAR', 49_900);
    const bought = await buyPackage(s, { method: 'wallet' }, ...SA_AR);
    const at = await freeTimeAfter(30, { skip: 4, serviceId: FIXTURE_SERVICES.followUp });
    await bookIn(
      s,
      at,
      { method: 'package', credit_id: bought.credit_id },
      { serviceId: FIXTURE_SERVICES.followUp, country: 'SA', lang: 'ar' },
    );
    const [mail] = await mailsOf(s, 'consultation_confirmation');
    expect(mail!.lang).toBe('ar');
    // 3 is "few" in Arabic: جلسات.
    expect(mail!.body_text).toContain('الدفع: جلسة واحدة من باقتك (تبقّت 3 جلسات).');
    expect(mail!.body_text).not.toContain('0.00');
  });
});

describe('a cancel', () => {
  it('tells her what came back by mail and WhatsApp (KW, English, wallet)', async () => {
    const s = await shopper('cancel-kw');
    await withWhatsApp(s, '+96550000061');
    await topUp(s.id, 'KWD', 8_000);
    const id = await bookIn(s, await freeTimeAfter(30, { skip: 6 }), { method: 'wallet' });
    const res = await post(`/user/consultation/${id}/cancel`, { refund_to: 'wallet' }, s);
    expect(res.status).toBe(200);
    const [mail, ...more] = await mailsOf(s, 'consultation_cancelled');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ lang: 'en', subject: `Your consultation ${id} is cancelled` });
    expect(mail!.body_text).toContain(`Refunded to your wallet: ${kwd(8_000)}.`);
    const texts = await textsTo('+96550000061');
    expect(texts.map((t) => [t.kind, t.template])).toContainEqual(['consultation_update', 'consultation_update']);
    const update = texts.find((t) => t.kind === 'consultation_update')!;
    expect(JSON.parse(update.params)).toEqual([String(id), 'cancelled']);
    expect(update.body_text).toContain(`Refunded to your wallet: ${kwd(8_000)}.`);
  });

  it('late, and in Arabic, says nothing comes back; a package session given back is counted (SA)', async () => {
    const s = await shopper('cancel-sa');
    await topUp(s.id, 'SAR', 9_900 + 49_900);
    const late = await bookIn(
      s,
      await freeTimeAfter(2, { skip: 1, maxHours: 20 }),
      { method: 'wallet' },
      {
        country: 'SA',
        lang: 'ar',
      },
    );
    await post(`/user/consultation/${late}/cancel`, { refund_to: 'wallet' }, s, ...SA_AR);
    const bought = await buyPackage(s, { method: 'wallet' }, ...SA_AR);
    const inTime = await bookIn(
      s,
      await freeTimeAfter(30, { skip: 8, serviceId: FIXTURE_SERVICES.followUp }),
      { method: 'package', credit_id: bought.credit_id },
      { serviceId: FIXTURE_SERVICES.followUp, country: 'SA', lang: 'ar' },
    );
    await post(`/user/consultation/${inTime}/cancel`, { refund_to: 'wallet' }, s, ...SA_AR);
    const [first, second] = await mailsOf(s, 'consultation_cancelled');
    expect(first).toMatchObject({ lang: 'ar', subject: `تم إلغاء استشارتك رقم ${late}` });
    expect(first!.body_text).toContain('لا يُرد المبلغ لأن الإلغاء تم قبل أقل من 24 ساعة من الموعد.');
    expect(second!.subject).toBe(`تم إلغاء استشارتك رقم ${inTime}`);
    // 4 left again: "few" in Arabic.
    expect(second!.body_text).toContain('أُعيدت الجلسة إلى باقتك (تبقّت 4 جلسات).');
  });
});

describe('a refund after an outcome', () => {
  it('the nutritionist did not come: her mail says where the money went (KW, English)', async () => {
    const s = await shopper('outcome-kw');
    await topUp(s.id, 'KWD', 8_000);
    const id = await bookIn(s, await freeTimeAfter(30, { skip: 10 }), { method: 'wallet' });
    // The time has passed: the nutritionist marks it.
    await env.DB.prepare('UPDATE consultations SET starts_at = ?, ends_at = ? WHERE id = ?')
      .bind(Date.now() - 2 * HOUR, Date.now() - HOUR, id)
      .run();
    await applyOutcome(
      env.DB,
      { config: apiConfig(env as never), siteOrigin: 'http://localhost:8787' },
      id,
      'nutritionist_no_show',
      null,
      { refundTo: 'wallet' },
    );
    const [mail] = await mailsOf(s, 'consultation_refund');
    expect(mail).toMatchObject({ lang: 'en', subject: `A refund for your consultation ${id}` });
    expect(mail!.body_text).toContain('could not attend your consultation');
    expect(mail!.body_text).toContain(`Refunded to your wallet: ${kwd(8_000)}.`);
  });
});

describe('a move', () => {
  async function moved(s: Shopper, country: string, lang: string, skips: [number, number]) {
    const id = await bookIn(s, await freeTimeAfter(30, { skip: skips[0] }), { method: 'wallet' }, { country, lang });
    const to = await freeTimeAfter(30, { skip: skips[1] });
    const h = await json(await hold(s, to, FIXTURE_SERVICES.first, country));
    const res = await post(`/user/consultation/${id}/reschedule`, { hold_id: h.data.hold_id }, s, country, lang);
    expect(res.status).toBe(200);
    return { id, to };
  }

  it('mails the new time with a calendar file that replaces the event (same UID, higher SEQUENCE; KW, English)', async () => {
    const s = await shopper('move-kw');
    await withWhatsApp(s, '+96550000062');
    await topUp(s.id, 'KWD', 8_000);
    const { id, to } = await moved(s, 'KW', 'en', [12, 14]);
    const [mail, ...more] = await mailsOf(s, 'consultation_moved');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ lang: 'en', subject: `Your consultation ${id} has moved` });
    expect(mail!.body_text).toMatch(/New time: .+ \(Kuwait time\)\./);
    expect(mail!.body_text).toMatch(/It was: .+\./);
    const [file, ...others] = JSON.parse(mail!.attachments!) as Array<{ filename: string; content: string }>;
    expect(others).toEqual([]);
    expect(file!.filename).toBe(`consultation-${id}.ics`);
    const stamp = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(file!.content).toContain(`DTSTART:${stamp(to)}`);
    expect(file!.content).toContain('SEQUENCE:1');
    const uid = /UID:(\S+)/.exec(file!.content)![1];
    expect(uid).toMatch(new RegExp(`^consultation-${id}@`));
    // The download says the same: same UID, the current time, the same SEQUENCE.
    const download = await (await get(`/user/consultation/${id}/ics`, s)).text();
    expect(download).toContain(`UID:${uid}`);
    expect(download).toContain(`DTSTART:${stamp(to)}`);
    expect(download).toContain('SEQUENCE:1');
    // The confirmation page and the consultation's page read the current time.
    const detail = await json(await get(`/user/consultation/${id}`, s));
    expect(Date.parse(detail.data.starts_at)).toBe(to);
    // Delivered with its mail (the outbox row's files reach the provider).
    const delivered: Mail[] = [];
    await deliverDueMail(env, { sender: { send: async (m) => void delivered.push(m) }, limit: 500 });
    const sentMail = delivered.find((m) => m.subject === mail!.subject)!;
    expect(sentMail.attachments).toEqual([
      {
        filename: `consultation-${id}.ics`,
        content_type: expect.stringContaining('text/calendar'),
        content: file!.content,
      },
    ]);
    // And WhatsApp, which she chose.
    const update = (await textsTo('+96550000062')).find((t) => t.kind === 'consultation_update')!;
    expect(JSON.parse(update.params)[1]).toMatch(/^moved to /);
  });

  it('in Arabic, a second move raises the SEQUENCE again (SA)', async () => {
    const s = await shopper('move-sa');
    await topUp(s.id, 'SAR', 9_900);
    const { id } = await moved(s, 'SA', 'ar', [16, 18]);
    const again = await freeTimeAfter(30, { skip: 20 });
    const h = await json(await hold(s, again, FIXTURE_SERVICES.first, 'SA'));
    expect((await post(`/user/consultation/${id}/reschedule`, { hold_id: h.data.hold_id }, s, ...SA_AR)).status).toBe(
      200,
    );
    const mails = await mailsOf(s, 'consultation_moved');
    expect(mails.map((m) => m.subject)).toEqual([
      `تم تغيير موعد استشارتك رقم ${id}`,
      `تم تغيير موعد استشارتك رقم ${id}`,
    ]);
    expect(mails[1]!.body_text).toContain('الموعد الجديد:');
    expect(mails[1]!.body_text).toContain('(بتوقيت السعودية).');
    expect(mails[1]!.body_text).toContain('ملف التقويم المرفق يحدّث الموعد في تقويمك.');
    const sequences = mails.map((m) => /SEQUENCE:(\d+)/.exec(JSON.parse(m.attachments!)[0].content)![1]);
    expect(sequences).toEqual(['1', '2']);
    expect(JSON.parse(mails[1]!.attachments!)[0].content).toContain('SUMMARY;LANGUAGE=ar:');
  });
});

describe('web push', () => {
  /** A device of hers in local mode (a local: endpoint): its pushes are kept in push_outbox. */
  async function device(s: Shopper, lang: 'en' | 'ar') {
    await env.DB.prepare(
      "INSERT INTO push_subscriptions (endpoint, p256dh, auth, user_id, device_id, lang, country, created_at, updated_at) VALUES (?, 'k', 'a', ?, 'd', ?, 'KW', 0, 0)",
    )
      .bind(`local:${crypto.randomUUID()}`, s.id, lang)
      .run();
  }

  /** Her pushes, once the request's after-answer work has run. */
  async function pushesOf(s: Shopper, count: number) {
    for (let i = 0; i < 50; i++) {
      const { results } = await env.DB.prepare(
        'SELECT topic, lang, title, body, url FROM push_outbox WHERE user_id = ? ORDER BY id',
      )
        .bind(s.id)
        .all<{ topic: string; lang: string; title: string; body: string; url: string }>();
      if (results.length >= count) return results;
      await new Promise((r) => setTimeout(r, 50));
    }
    return [];
  }

  it('tells her devices of a cancel and a move, each in its language, under order updates', async () => {
    const s = await shopper('push-on');
    await device(s, 'ar');
    await topUp(s.id, 'KWD', 16_000);
    const cancelled = await bookIn(s, await freeTimeAfter(30, { skip: 22 }), { method: 'wallet' });
    await post(`/user/consultation/${cancelled}/cancel`, { refund_to: 'wallet' }, s);
    const movedId = await bookIn(s, await freeTimeAfter(30, { skip: 24 }), { method: 'wallet' });
    const h = await json(await hold(s, await freeTimeAfter(30, { skip: 26 })));
    await post(`/user/consultation/${movedId}/reschedule`, { hold_id: h.data.hold_id }, s);
    const pushes = await pushesOf(s, 2);
    expect(pushes.map((p) => [p.topic, p.lang, p.title])).toEqual([
      ['order_status', 'ar', 'تم إلغاء الاستشارة'],
      ['order_status', 'ar', 'تم تغيير موعد الاستشارة'],
    ]);
    expect(pushes[0]!.body).toContain('أُعيد إلى محفظتك');
    expect(pushes[1]!.url).toContain(`/ar/profile/consultations/${movedId}`);
  });

  it('sends none when she turned order updates off (the mail still goes)', async () => {
    const s = await shopper('push-off');
    await device(s, 'en');
    await env.DB.prepare(
      "INSERT INTO push_preferences (user_id, topic, enabled, updated_at) VALUES (?, 'order_status', 0, 0)",
    )
      .bind(s.id)
      .run();
    await topUp(s.id, 'KWD', 8_000);
    const id = await bookIn(s, await freeTimeAfter(30, { skip: 28 }), { method: 'wallet' });
    await post(`/user/consultation/${id}/cancel`, { refund_to: 'wallet' }, s);
    expect(await mailsOf(s, 'consultation_cancelled')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    const { results } = await env.DB.prepare('SELECT id FROM push_outbox WHERE user_id = ?').bind(s.id).all();
    expect(results).toEqual([]);
  });
});
