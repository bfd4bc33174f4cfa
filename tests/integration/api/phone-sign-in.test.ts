// Signing in with a code sent to a phone: codes kept hashed, five minutes, five tries, once, the newest
// only; a new number's account made with a name; no way to tell whether a number has an account; limits
// per number and address; a phone proven by a signed-in shopper; an e-mail added later; buying without
// one; removing such an account with a code; the delivery falling back from WhatsApp to SMS.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { deliverDueMessages } from '#api/src/messages/deliver';
import { NotOnWhatsApp, type MessageSender, type OutgoingMessage } from '#api/src/messages/index';
import { apiConfig } from '#api/src/lib/config';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, saveAddress } from './helpers';

let device: string;

const as = (o: { user?: string; country?: string; lang?: string; ip?: string } = {}): Record<string, string> => ({
  ...(o.user ? { authorization: `Bearer ${o.user}` } : {}),
  'x-country': o.country ?? 'KW',
  lang: o.lang ?? 'en',
  ...(o.ip ? { [CLIENT_IP_HEADER]: o.ip } : {}),
});
const post = (path: string, body: unknown, o: Parameters<typeof as>[0] = {}) =>
  call(path, { body: JSON.stringify(body), token: device, headers: as(o) });
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
    expect((await json(res)).data).toEqual({ sent: true, channel: 'whatsapp', expires_in: 300 });
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

  it('is sent three times in 15 minutes per number, whatever the address; then the same answer, nothing sent', async () => {
    const phone = newNumber();
    const texts = async () =>
      (await env.DB.prepare('SELECT count(*) AS n FROM message_outbox WHERE to_phone = ?')
        .bind(`+965${phone}`)
        .first<{ n: number }>())!.n;
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' });
      expect(res.status).toBe(200);
      answers.push(await res.text());
    }
    // A stranger can neither bomb the number nor tell the owner she is refused.
    expect(new Set(answers).size).toBe(1);
    expect(await texts()).toBe(3);
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
    await post('/user/phone/code', { country: 'KW', phone, channel: 'sms' });
    const signedIn = await json(
      await post('/user/phone/sign-in', { country: 'KW', phone, code: await lastCode(`+965${phone}`) }),
    );
    expect(signedIn.data.user.id).toBe(owner.id);

    const other = await registerByEmail();
    await post('/user/phone/verify/code', { country: 'KW', phone, channel: 'sms' }, { user: other.token });
    const taken = await post(
      '/user/phone/verify',
      { country: 'KW', phone, code: await lastCode(`+965${phone}`), password: 'secret1' },
      { user: other.token },
    );
    expect(taken.status).toBe(409);
    expect((await json(taken)).meta.msg).toBe('phone_taken');
    // A verify code is the shopper's own: it never signs anyone in.
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
    await post('/user/phone/verify/code', { country: 'KW', phone, channel: 'sms' }, { user: token });
    const removed = await post('/user/phone/remove', { code: await lastCode(`+965${phone}`) }, { user: token });
    expect(removed.status).toBe(200);
    const row = await env.DB.prepare('SELECT phone, phone_verified_at, deleted_at FROM users WHERE id = ?')
      .bind(id)
      .first<{ phone: string | null; phone_verified_at: number | null; deleted_at: number | null }>();
    expect(row).toMatchObject({ phone: null, phone_verified_at: null });
    expect(row!.deleted_at).not.toBeNull();
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
