// Signing in with a code sent to a phone: codes kept hashed, five minutes, five tries, once, the newest
// only; a new number's account made with a name; no way to tell whether a number has an account; limits
// per number, device and address that answer 429 with the time to wait; strangers neither spending the
// owner's code nor keeping her device out (decision 51); a phone proven by a signed-in shopper; an e-mail
// added later; buying without one; removing such an account with a code; the delivery falling back from
// WhatsApp to SMS.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { deliverDueMessages } from '#api/src/messages/deliver';
import { NotOnWhatsApp, type MessageSender, type OutgoingMessage } from '#api/src/messages/index';
import { apiConfig } from '#api/src/lib/config';
import { dataRightsJobs } from '#api/src/data-rights/jobs';
import { noticeStatements } from '#api/src/messages/notices';
import { queueMessage } from '#api/src/messages/outbox';
import { KNOWN_DEVICE_DAYS, purgeOldCodes } from '#api/src/accounts/phone-codes';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, proveAddress, saveAddress } from './helpers';

let device: string;

const as = (o: { user?: string; country?: string; lang?: string; ip?: string } = {}): Record<string, string> => ({
  ...(o.user ? { authorization: `Bearer ${o.user}` } : {}),
  'x-country': o.country ?? 'KW',
  lang: o.lang ?? 'en',
  ...(o.ip ? { [CLIENT_IP_HEADER]: o.ip } : {}),
});
const post = (path: string, body: unknown, o: Parameters<typeof as>[0] & { device?: string } = {}) =>
  call(path, { body: JSON.stringify(body), token: o.device ?? device, headers: as(o) });

/** A minute passes for the number's code limits (the resend timer's gap ends). */
async function aMinuteLater(national: string): Promise<void> {
  await env.DB.prepare('UPDATE rate_events SET at = at - 61000 WHERE key LIKE ?')
    .bind(`phone-code:%+965${national}%`)
    .run();
}

/** Texts queued to a number. */
async function texts(national: string): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM message_outbox WHERE to_phone = ?')
    .bind(`+965${national}`)
    .first<{ n: number }>())!.n;
}
/** A Kuwaiti mobile no other test uses. */
let next = 0;
const newNumber = () => `66${String(Date.now() % 100_000).padStart(5, '0')}${next++ % 10}`;

/** The code in the newest text sent to a number (the local outbox keeps it). */
async function lastCode(e164: string): Promise<string> {
  const row = await env.DB.prepare('SELECT params FROM message_outbox WHERE to_phone = ? ORDER BY id DESC LIMIT 1')
    .bind(e164)
    .first<{ params: string }>();
  return (JSON.parse(row!.params) as string[])[0]!;
}

async function signUpByPhone(national: string, name = 'Huda'): Promise<{ token: string; id: number }> {
  expect((await post('/user/phone/code', { country: 'KW', phone: national, channel: 'whatsapp' })).status).toBe(200);
  const code = await lastCode(`+965${national}`);
  const body = await json(await post('/user/phone/sign-in', { country: 'KW', phone: national, code, name }));
  return { token: body.data.access_token, id: body.data.user.id };
}

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
});

describe('a code', () => {
  it('is sent by WhatsApp in the shopper’s language, and only its HMAC is kept', async () => {
    const phone = newNumber();
    const res = await post('/user/phone/code', { country: 'KW', phone, channel: 'whatsapp' }, { lang: 'ar' });
    expect(res.status).toBe(200);
    // resend_in: this device may ask again in a minute (the form's resend timer).
    expect((await json(res)).data).toEqual({ sent: true, channel: 'whatsapp', expires_in: 300, resend_in: 60 });
    const sent = await env.DB.prepare(
      'SELECT channel, lang, kind, template, body_text FROM message_outbox WHERE to_phone = ?',
    )
      .bind(`+965${phone}`)
      .first<{ channel: string; lang: string; kind: string; template: string; body_text: string }>();
    expect(sent).toMatchObject({ channel: 'whatsapp', lang: 'ar', kind: 'sign_in_code', template: 'sign_in_code' });
    const code = await lastCode(`+965${phone}`);
    expect(code).toMatch(/^\d{6}$/);
    expect(sent!.body_text).toContain(code);
    expect(sent!.body_text).toContain('خليج الفيتامينات');
    const stored = await env.DB.prepare(
      'SELECT code_hash, expires_at - created_at AS life FROM phone_codes WHERE phone = ?',
    )
      .bind(`+965${phone}`)
      .first<{ code_hash: string; life: number }>();
    expect(stored!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.code_hash).not.toContain(code);
    expect(stored!.life).toBe(5 * 60 * 1000);
  });

  it('answers the same whether or not the number has an account', async () => {
    const known = newNumber();
    await signUpByPhone(known);
    await aMinuteLater(known);
    const unknown = newNumber();
    const a = await post('/user/phone/code', { country: 'KW', phone: known, channel: 'sms' });
    const b = await post('/user/phone/code', { country: 'KW', phone: unknown, channel: 'sms' });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.text()).toBe(await b.text());
  });

  it('takes numbers typed with the country code, a leading 0 or Arabic-Indic digits, and refuses others', async () => {
    const res = await post('/user/phone/code', { country: 'SA', phone: '٠٥٥٠ ٩٥٥ ٨٠٦', channel: 'sms' });
    expect(res.status).toBe(200);
    expect(await lastCode('+966550955806')).toMatch(/^\d{6}$/);
    for (const phone of ['12345', '+966 412345678', '']) {
      const bad = await post('/user/phone/code', { country: 'SA', phone, channel: 'sms' });
      expect(bad.status).toBe(400);
    }
  });

  it('is sent once a minute and three times in 15 minutes to a device; over that 429 with the time to wait, nothing sent', async () => {
    const phone = newNumber();
    const ask = () => post('/user/phone/code', { country: 'KW', phone, channel: 'sms' });
    expect((await ask()).status).toBe(200);
    // Within the minute: refused, with when to ask again; never "sent" when nothing was.
    const early = await ask();
    expect(early.status).toBe(429);
    const body = await json(early);
    expect(body.meta).toMatchObject({ msg: 'phone_code_wait', code: 429, msgType: 1 });
    expect(body.data.retry_after).toBeGreaterThan(50);
    expect(body.data.retry_after).toBeLessThanOrEqual(60);
    expect(early.headers.get('retry-after')).toBe(String(body.data.retry_after));
    expect(JSON.stringify(body)).not.toContain('sent');
    expect(await texts(phone)).toBe(1);
    await aMinuteLater(phone);
    expect((await ask()).status).toBe(200);
    await aMinuteLater(phone);
    const third = await json(await ask());
    // The third of 15 minutes: the next one only when the first leaves the window (about 13 minutes on).
    expect(third.data.sent).toBe(true);
    expect(third.data.resend_in).toBeGreaterThan(12 * 60);
    await aMinuteLater(phone);
    const fourth = await ask();
    expect(fourth.status).toBe(429);
    expect((await json(fourth)).data.retry_after).toBeGreaterThan(11 * 60);
    expect(await texts(phone)).toBe(3);
  });

  it('can be asked for ten numbers an hour from one address, then 429', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 10; i++)
      expect(
        (await post('/user/phone/code', { country: 'KW', phone: newNumber(), channel: 'sms' }, { ip })).status,
      ).toBe(200);
    expect((await post('/user/phone/code', { country: 'KW', phone: newNumber(), channel: 'sms' }, { ip })).status).toBe(
      429,
    );
  });
});

describe('signing in with it', () => {
  it('makes a new number’s account with the name given, the phone alone, and signs it in', async () => {
    const phone = newNumber();
    await post('/user/phone/code', { country: 'KW', phone, channel: 'whatsapp' });
    const code = await lastCode(`+965${phone}`);
    const first = await json(await post('/user/phone/sign-in', { country: 'KW', phone, code }));
    expect(first.data).toEqual({ needs_name: true });
    const made = await json(
      await post('/user/phone/sign-in', {
        country: 'KW',
        phone,
        code: code.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))),
        name: 'Huda',
      }),
    );
    expect(made.data).toMatchObject({
      created: true,
      user: { name: 'Huda', email: '', phone: `+965${phone}`, phone_verified: true },
    });
    const me = await json(await call('/user/me', { token: device, headers: as({ user: made.data.access_token }) }));
    expect(me.data.user.id).toBe(made.data.user.id);
    // Used once.
    const again = await post('/user/phone/sign-in', { country: 'KW', phone, code });
    expect((await json(again)).meta.msg).toBe('phone_code_invalid');
  });

  it('signs a known number into its own account', async () => {
    const phone = newNumber();
    const { id } = await signUpByPhone(phone);
    await aMinuteLater(phone);
    await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' });
    const body = await json(
      await post('/user/phone/sign-in', { country: 'KW', phone, code: await lastCode(`+965${phone}`) }),
    );
    expect(body.data).toMatchObject({ created: false, user: { id } });
  });

  it('answers a wrong, an expired and an older code alike, and a code dies after five tries', async () => {
    const phone = newNumber();
    const e164 = `+965${phone}`;
    await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' });
    const older = await lastCode(e164);
    await aMinuteLater(phone);
    await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' });
    const newest = await lastCode(e164);
    const attempt = (code: string) => post('/user/phone/sign-in', { country: 'KW', phone, code, name: 'X' });
    if (older !== newest) expect((await json(await attempt(older))).meta.msg).toBe('phone_code_invalid');
    const wrong = newest === '000000' ? '000001' : '000000';
    while (
      (await env.DB.prepare('SELECT attempts FROM phone_codes WHERE phone = ? ORDER BY id DESC')
        .bind(e164)
        .first<{ attempts: number }>())!.attempts < 5
    )
      expect((await json(await attempt(wrong))).meta.msg).toBe('phone_code_invalid');
    // The sixth try, even with the right code, finds no live code.
    expect((await json(await attempt(newest))).meta.msg).toBe('phone_code_invalid');

    const late = newNumber();
    await post('/user/phone/code', { country: 'KW', phone: late, channel: 'sms' });
    await env.DB.prepare('UPDATE phone_codes SET expires_at = ? WHERE phone = ?')
      .bind(Date.now() - 1, `+965${late}`)
      .run();
    const expired = await post('/user/phone/sign-in', {
      country: 'KW',
      phone: late,
      code: await lastCode(`+965${late}`),
      name: 'X',
    });
    expect(expired.status).toBe(400);
    expect((await json(expired)).meta.msg).toBe('phone_code_invalid');
  });

  it('lets one of two simultaneous uses of a code through', async () => {
    const phone = newNumber();
    await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' });
    const code = await lastCode(`+965${phone}`);
    const both = await Promise.all(
      [1, 2].map(() => post('/user/phone/sign-in', { country: 'KW', phone, code, name: 'Twin' })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const accounts = await env.DB.prepare('SELECT count(*) AS n FROM users WHERE phone = ?')
      .bind(`+965${phone}`)
      .first<{ n: number }>();
    expect(accounts!.n).toBe(1);
  });
});

describe('an account and its phone', () => {
  async function registerByEmail(): Promise<{ token: string; id: number }> {
    const email = `phone-owner-${crypto.randomUUID()}@example.com`;
    const body = await json(
      await call('/user/register', {
        body: JSON.stringify({ name: 'Sara', email, password: 'secret1' }),
        token: device,
      }),
    );
    return { token: body.data.access_token, id: body.data.user.id };
  }

  it('proves a phone with a code, which then signs the account in; another account cannot take it', async () => {
    const owner = await registerByEmail();
    const phone = newNumber();
    expect(
      (await post('/user/phone/verify/code', { country: 'KW', phone, channel: 'whatsapp' }, { user: owner.token }))
        .status,
    ).toBe(200);
    const code = await lastCode(`+965${phone}`);
    // A stolen session alone cannot add a way in: the password comes with the code.
    const noPassword = await post('/user/phone/verify', { country: 'KW', phone, code }, { user: owner.token });
    expect(noPassword.status).toBe(400);
    expect((await json(noPassword)).meta.msg).toBe('current_password_incorrect');
    const verified = await json(
      await post('/user/phone/verify', { country: 'KW', phone, code, password: 'secret1' }, { user: owner.token }),
    );
    expect(verified.data.user).toMatchObject({ phone: `+965${phone}`, phone_verified: true });
    await aMinuteLater(phone);
    await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' });
    const signedIn = await json(
      await post('/user/phone/sign-in', { country: 'KW', phone, code: await lastCode(`+965${phone}`) }),
    );
    expect(signedIn.data.user.id).toBe(owner.id);

    const other = await registerByEmail();
    await aMinuteLater(phone);
    await post('/user/phone/verify/code', { country: 'KW', phone, channel: 'sms' }, { user: other.token });
    const taken = await post(
      '/user/phone/verify',
      { country: 'KW', phone, code: await lastCode(`+965${phone}`), password: 'secret1' },
      { user: other.token },
    );
    expect(taken.status).toBe(409);
    expect((await json(taken)).meta.msg).toBe('phone_taken');
    // A verify code is the shopper's own: it never signs anyone in.
    await aMinuteLater(phone);
    await post('/user/phone/verify/code', { country: 'KW', phone, channel: 'sms' }, { user: other.token });
    expect(
      (await post('/user/phone/sign-in', { country: 'KW', phone, code: await lastCode(`+965${phone}`) })).status,
    ).toBe(400);
  });

  it('adds an e-mail only once its owner opens the mailed link, never one in use, once', async () => {
    const { token } = await signUpByPhone(newNumber());
    const taken = await registerByEmail();
    const me = await json(await call('/user/me', { token: device, headers: as({ user: taken.token }) }));
    expect((await post('/user/profile/add-email', { email: me.data.user.email }, { user: token })).status).toBe(409);
    const email = `later-${crypto.randomUUID()}@example.com`;
    const asked = await json(await post('/user/profile/add-email', { email }, { user: token }));
    expect(asked.data).toEqual({ pending: email });
    // Not the account's yet: nobody proved the mailbox.
    const before = await json(await call('/user/me', { token: device, headers: as({ user: token }) }));
    expect(before.data.user.email).toBe('');
    const mail = await env.DB.prepare('SELECT body_text FROM mail_outbox WHERE to_address = ?')
      .bind(email)
      .first<{ body_text: string }>();
    const link = /verify-email\?token=([0-9a-f]{64})/.exec(mail!.body_text)![1];
    expect((await call('/user/verify-email', { body: JSON.stringify({ token: link }), token: device })).status).toBe(
      200,
    );
    const after = await json(await call('/user/me', { token: device, headers: as({ user: token }) }));
    expect(after.data.user.email).toBe(email);
    const twice = await post(
      '/user/profile/add-email',
      { email: `again-${crypto.randomUUID()}@example.com` },
      { user: token },
    );
    expect((await json(twice)).meta.msg).toBe('email_already_set');
  });

  it('mails one inbox at most three links a day and lets one account ask five times, however often asked', async () => {
    const victim = `inbox-${crypto.randomUUID()}@example.com`;
    const mailsTo = async (to: string) =>
      Number(await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?').bind(to).first('n'));
    // Five accounts from five networks ask for the same inbox: three links, the others answered alike.
    for (let i = 0; i < 5; i++) {
      const { token } = await signUpByPhone(newNumber());
      const res = await post('/user/profile/add-email', { email: victim }, { user: token, ip: `198.51.100.${i + 1}` });
      expect(res.status).toBe(200);
      expect((await json(res)).data).toEqual({ pending: victim });
    }
    expect(await mailsTo(victim)).toBe(3);
    // One account spraying addresses is refused after five, before it learns which are taken.
    const { token } = await signUpByPhone(newNumber());
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push(
        (
          await post(
            '/user/profile/add-email',
            { email: `spray-${i}-${crypto.randomUUID()}@example.com` },
            { user: token },
          )
        ).status,
      );
    expect(answers).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('keeps the only way in: the proven number of an account without e-mail is not replaced by typing', async () => {
    const { token } = await signUpByPhone(newNumber());
    const res = await post('/user/profile/set-phone', { country: 'KW', phone: newNumber() }, { user: token });
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('phone_needed_to_sign_in');
  });

  it('buys without an e-mail (no confirmation mail), and is removed with a code', async () => {
    const phone = newNumber();
    const { token, id } = await signUpByPhone(phone);
    const address = await saveAddress(device, token, 'KW');
    const placed = await post(
      '/order/submit',
      {
        items: [{ sku_id: 101, count: 1 }],
        payment_method: 'cod',
        address_id: address,
        idempotency_key: crypto.randomUUID(),
      },
      { user: token },
    );
    expect(placed.status).toBe(200);
    const orderId = (await json(placed)).data.order.id;
    const mails = await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE ?')
      .bind(`order:${orderId}:%`)
      .first<{ n: number }>();
    expect(mails!.n).toBe(0);

    expect((await post('/user/phone/remove', { code: '123456' }, { user: token })).status).toBe(400);
    await aMinuteLater(phone);
    await post('/user/phone/verify/code', { country: 'KW', phone, channel: 'sms' }, { user: token });
    const removed = await post('/user/phone/remove', { code: await lastCode(`+965${phone}`) }, { user: token });
    expect(removed.status).toBe(200);
    const row = await env.DB.prepare('SELECT phone, phone_verified_at, deleted_at FROM users WHERE id = ?')
      .bind(id)
      .first<{ phone: string | null; phone_verified_at: number | null; deleted_at: number | null }>();
    expect(row).toMatchObject({ phone: null, phone_verified_at: null });
    expect(row!.deleted_at).not.toBeNull();
    // The devices that signed in with her number are no longer its own.
    const known = await env.DB.prepare('SELECT count(*) AS n FROM phone_known_devices WHERE phone = ?')
      .bind(`+965${phone}`)
      .first<{ n: number }>();
    expect(known!.n).toBe(0);
  });
});

describe('strangers and the owner of a number (decision 51)', () => {
  /** Five strangers: each with its own device and address. */
  const strangers = async () =>
    Promise.all([1, 2, 3, 4, 5].map(async (i) => ({ device: await deviceToken(), ip: `198.51.100.${i}` })));

  it('cannot spend the owner’s code: their wrong guesses, and codes of their own, leave hers whole', async () => {
    const phone = newNumber();
    const owner = { device: await deviceToken(), ip: '203.0.113.7' };
    expect((await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' }, owner)).status).toBe(200);
    const code = await lastCode(`+965${phone}`);
    const wrong = code === '000000' ? '000001' : '000000';
    for (const stranger of await strangers()) {
      for (let i = 0; i < 5; i++) {
        const guess = await post('/user/phone/sign-in', { country: 'KW', phone, code: wrong, name: 'X' }, stranger);
        expect((await json(guess)).meta.msg).toBe('phone_code_invalid');
      }
    }
    // A stranger asking for a code of his own (it goes to the owner's phone) and spending its tries.
    const asker = { device: await deviceToken(), ip: '198.51.100.9' };
    expect((await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' }, asker)).status).toBe(200);
    for (let i = 0; i < 5; i++)
      await post('/user/phone/sign-in', { country: 'KW', phone, code: wrong, name: 'X' }, asker);
    // Her code was not tried once, and still signs her in.
    const hers = await env.DB.prepare(
      "SELECT attempts FROM phone_codes WHERE phone = ? AND requester = 'd:' || ? ORDER BY id DESC",
    )
      .bind(`+965${phone}`, owner.device.split('.')[1])
      .first<{ attempts: number }>();
    expect(hers?.attempts ?? 'no code of hers').toBe(0);
    const signedIn = await post('/user/phone/sign-in', { country: 'KW', phone, code, name: 'Huda' }, owner);
    expect(signedIn.status).toBe(200);
    expect((await json(signedIn)).data.created).toBe(true);
    // The code the owner typed never worked for a stranger's device either.
    expect((await json(await post('/user/phone/sign-in', { country: 'KW', phone, code }, asker))).meta.msg).toBe(
      'phone_code_invalid',
    );
  });

  it('cannot keep the owner’s device out: caps strangers fill answer them 429, and her device still gets a code', async () => {
    const phone = newNumber();
    const owner = { device: await deviceToken(), ip: '203.0.113.8' };
    // She signed in on this device before.
    await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' }, owner);
    await post(
      '/user/phone/sign-in',
      { country: 'KW', phone, code: await lastCode(`+965${phone}`), name: 'Huda' },
      owner,
    );
    await aMinuteLater(phone);
    const before = await texts(phone);
    // Strangers, each from its own device and address: with the owner's first code (her device was not
    // yet the number's own), three in 15 minutes; then refusals with the time to wait.
    const answers = [];
    for (const stranger of await strangers())
      answers.push(await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' }, stranger));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429, 429, 429]);
    const refused = await json(answers[2]!);
    expect(refused.meta.msg).toBe('phone_code_wait');
    expect(refused.data.retry_after).toBeGreaterThan(13 * 60);
    expect(JSON.stringify(refused)).not.toContain('sent');
    // And the day's cap filled too (as if by strangers all day), and the owner's own network's cap by a
    // stranger sharing it.
    const now = Date.now();
    const fill = (key: string, n: number) =>
      env.DB.batch(
        Array.from({ length: n }, (_, i) =>
          env.DB.prepare('INSERT INTO rate_events (key, at) VALUES (?, ?)').bind(key, now - 60_000 - i),
        ),
      );
    await fill(`phone-code:day:+965${phone}`, 20);
    await fill(`phone-code:ip:${owner.ip}`, 10);
    expect(
      (
        await post(
          '/user/phone/code',
          { country: 'KW', phone, channel: 'sms' },
          { device: await deviceToken(), ip: owner.ip },
        )
      ).status,
    ).toBe(429);
    expect(await texts(phone)).toBe(before + 2);
    // Her device gets its code, and signs in with it.
    const own = await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' }, owner);
    expect(own.status).toBe(200);
    expect((await json(own)).data).toMatchObject({ sent: true, resend_in: 60 });
    expect(await texts(phone)).toBe(before + 3);
    const code = await lastCode(`+965${phone}`);
    expect((await post('/user/phone/sign-in', { country: 'KW', phone, code }, owner)).status).toBe(200);
  });

  it('refuses alike whether or not the number has an account, with a message key and the time to wait', async () => {
    const known = newNumber();
    const owner = { device: await deviceToken(), ip: '203.0.113.9' };
    await post('/user/phone/code', { country: 'KW', phone: known, channel: 'sms' }, owner);
    await post(
      '/user/phone/sign-in',
      { country: 'KW', phone: known, code: await lastCode(`+965${known}`), name: 'Reem' },
      owner,
    );
    await aMinuteLater(known);
    const unknown = newNumber();
    const fourth = async (phone: string) => {
      let last: Response | undefined;
      for (let i = 0; i < 4; i++)
        last = await post(
          '/user/phone/code',
          { country: 'KW', phone, channel: 'sms' },
          {
            device: await deviceToken(),
            ip: `192.0.2.${i + (phone === known ? 10 : 20)}`,
          },
        );
      return last!;
    };
    const [a, b] = [await fourth(known), await fourth(unknown)];
    expect([a.status, b.status]).toEqual([429, 429]);
    const [ja, jb] = [await json(a), await json(b)];
    expect(ja.meta).toEqual(jb.meta);
    expect(ja.meta).toEqual({ msg: 'phone_code_wait', code: 429, msgType: 1 });
    expect(Object.keys(ja.data)).toEqual(['retry_after']);
    for (const wait of [ja.data.retry_after, jb.data.retry_after]) {
      expect(wait).toBeGreaterThan(13 * 60);
      expect(wait).toBeLessThanOrEqual(15 * 60);
    }
  });
});

describe('notices to an account without e-mail (decision 51)', () => {
  it('tell her by a text to her number that her data archive is ready, as the account page says', async () => {
    const phone = newNumber();
    const { token } = await signUpByPhone(phone);
    const asked = await post('/user/data/export', {}, { user: token, lang: 'ar' });
    expect(asked.status).toBe(200);
    await dataRightsJobs(env, apiConfig(env), 'https://shop.test', Date.now());
    const text = await env.DB.prepare(
      "SELECT channel, lang, body_text FROM message_outbox WHERE to_phone = ? AND kind = 'data_export_ready'",
    )
      .bind(`+965${phone}`)
      .first<{ channel: string; lang: string; body_text: string }>();
    expect(text).toMatchObject({ channel: 'sms', lang: 'ar' });
    expect(text!.body_text).toContain('https://shop.test/ar/profile/account');
    const blank = await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ''").first<{
      n: number;
    }>();
    expect(blank!.n).toBe(0);
  });

  it('go by e-mail when the account has one, else by SMS to a proven number, else nowhere', async () => {
    const now = Date.now();
    const notice = (to: Parameters<typeof noticeStatements>[1], key: string) =>
      noticeStatements(env.DB, to, {
        lang: 'en',
        mail: { subject: 'Results', text: 'Ready', kind: 'blood_test_results', dedupeKey: key },
        kind: 'blood_test_results',
        text: 'Gulf Vitamins: ready',
        dedupeKey: key,
        now,
      });
    const phone = `+965${newNumber()}`;
    const other = `+965${newNumber()}`;
    // Her address proven (decision 85), as opening her confirmation link does.
    await proveAddress('mail@example.com');
    await env.DB.batch([
      ...notice({ email: 'mail@example.com', phone, phone_verified_at: 1 }, 'n-mail'),
      ...notice({ email: '', phone, phone_verified_at: 1 }, 'n-text'),
      // An address nobody proved is not mailed: the text to her proven number goes instead.
      ...notice({ email: 'unproven.notice@example.com', phone: other, phone_verified_at: 1 }, 'n-unproven'),
    ]);
    expect(notice({ email: '', phone, phone_verified_at: null }, 'n-none')).toEqual([]);
    const mails = await env.DB.prepare("SELECT to_address FROM mail_outbox WHERE dedupe_key LIKE 'n-%'").all();
    const texts = await env.DB.prepare(
      "SELECT to_phone, channel FROM message_outbox WHERE dedupe_key LIKE 'n-%' ORDER BY id",
    ).all();
    expect(mails.results).toEqual([{ to_address: 'mail@example.com' }]);
    expect(texts.results).toEqual([
      { to_phone: phone, channel: 'sms' },
      { to_phone: other, channel: 'sms' },
    ]);
  });
});

describe('delivering codes', () => {
  it('sends a WhatsApp code by SMS when the number has no WhatsApp, and blanks a delivered code outside local mode', async () => {
    const phone = newNumber();
    await post('/user/phone/code', { country: 'KW', phone, channel: 'whatsapp' });
    const row = await env.DB.prepare('SELECT id FROM message_outbox WHERE to_phone = ? ORDER BY id DESC')
      .bind(`+965${phone}`)
      .first<{ id: number }>();
    // Only this row is due now; the others wait.
    await env.DB.prepare(
      'UPDATE message_outbox SET next_attempt_at = NULL, delivered_at = coalesce(delivered_at, 1) WHERE id <> ?',
    )
      .bind(row!.id)
      .run();
    await env.DB.prepare('UPDATE message_outbox SET delivered_at = NULL, next_attempt_at = 1 WHERE id = ?')
      .bind(row!.id)
      .run();
    const sms: OutgoingMessage[] = [];
    const senders = {
      whatsapp: {
        send: async () => {
          throw new NotOnWhatsApp('not on WhatsApp');
        },
      } satisfies MessageSender,
      sms: {
        send: async (m: OutgoingMessage) => {
          sms.push(m);
          return { providerRef: 'uni-1' };
        },
      } satisfies MessageSender,
    };
    const config = { ...apiConfig(env), MESSAGES_MODE: 'send' as const };
    const result = await deliverDueMessages(env, config, { senders });
    expect(result).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toMatch(/\d{6} is your Gulf Vitamins verification code/);
    const after = await env.DB.prepare(
      'SELECT channel, provider_ref, body_text, params FROM message_outbox WHERE id = ?',
    )
      .bind(row!.id)
      .first();
    expect(after).toEqual({ channel: 'sms', provider_ref: 'uni-1', body_text: '', params: '[]' });
  });
});

describe('the local outbox of texts', () => {
  it('shows the texts that are due though no run reached them: no cron runs locally', async () => {
    // More due texts than the run after one request takes (ten, oldest first).
    const phones = Array.from({ length: 12 }, () => `+965${newNumber()}`);
    await env.DB.batch(
      phones.map((to, i) =>
        queueMessage(
          env.DB,
          {
            channel: 'whatsapp',
            to,
            lang: 'ar',
            kind: 'order_update',
            text: 'T',
            template: null,
            params: [],
            dedupeKey: `test:left-behind:${i}`,
          },
          Date.now() - 1000,
        ),
      ),
    );
    const res = await call('/dev/message-outbox', { token: device });
    const shown = new Set(((await json(res)).data.items as Array<{ to_phone: string }>).map((m) => m.to_phone));
    for (const to of phones) expect(shown).toContain(to);
  });
});

describe("a number's known devices", () => {
  it(`are kept ${KNOWN_DEVICE_DAYS} days after their last proof, then the cron forgets them`, async () => {
    const phone = `+965${newNumber()}`;
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await env.DB.batch([
      env.DB.prepare('INSERT INTO phone_known_devices (phone, device_id, proven_at) VALUES (?, ?, ?)').bind(
        phone,
        'device-recent',
        now - (KNOWN_DEVICE_DAYS - 1) * day,
      ),
      env.DB.prepare('INSERT INTO phone_known_devices (phone, device_id, proven_at) VALUES (?, ?, ?)').bind(
        phone,
        'device-stale',
        now - (KNOWN_DEVICE_DAYS + 1) * day,
      ),
    ]);
    await purgeOldCodes(env.DB, now);
    const left = await env.DB.prepare('SELECT device_id FROM phone_known_devices WHERE phone = ?').bind(phone).all();
    expect(left.results).toEqual([{ device_id: 'device-recent' }]);
  });
});
