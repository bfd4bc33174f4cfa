// Issue 61, finding 19, as a shopper lives it through the storefront (decision 51): she signs in with a
// code on her device and signs out (the page's sign-out: her session goes, her device cookie stays);
// strangers, each on his own device and network, ask for codes to her number until its cap refuses
// them; her own device still gets its code, from its own allowance. The device is the API's signed
// device token in an httpOnly cookie, and the proof is bound to the number: a forged cookie naming her
// device, or her device asking for another number strangers filled, passes nothing.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cookiesFrom, storefront } from './helpers';

const ORIGIN = 'https://shop.test';

/** A browser on its own network: its cookies as the storefront set them. */
async function browser(ip: string): Promise<{ ip: string; cookie: string }> {
  return {
    ip,
    cookie: cookiesFrom(await storefront(`${ORIGIN}/api/country`, { headers: { 'cf-connecting-ip': ip } })),
  };
}

const post = (who: { ip: string; cookie: string }, path: string, body: unknown) =>
  storefront(`${ORIGIN}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: who.cookie, 'cf-connecting-ip': who.ip },
    body: JSON.stringify(body),
  });

const askCode = (who: { ip: string; cookie: string }, phone: string) =>
  post(who, '/user/phone/code', { country: 'KW', phone, channel: 'sms' });

/** The code the outbox holds for the number (its newest text). */
async function lastCode(national: string): Promise<string> {
  const row = await env.API_DB.prepare(
    "SELECT body_text FROM message_outbox WHERE to_phone = ? AND kind = 'sign_in_code' ORDER BY id DESC LIMIT 1",
  )
    .bind(`+965${national}`)
    .first<{ body_text: string }>();
  return /\d{6}/.exec(row?.body_text ?? '')?.[0] ?? '';
}

/** A minute on: every device's one-a-minute resend gap for the number is behind it. */
const aMinuteLater = (national: string) =>
  env.API_DB.prepare('UPDATE rate_events SET at = at - 61000 WHERE key LIKE ?')
    .bind(`phone-code:%+965${national}%`)
    .run();

const deviceCookie = (cookie: string) => cookie.split('; ').find((c) => c.startsWith('__Host-dtk='))!;

describe('her own device after strangers filled her number’s cap', () => {
  it('still gets a code after she signed out, while the strangers stay refused', async () => {
    const phone = '66118822';
    const her = await browser('203.0.113.40');
    expect((await askCode(her, phone)).status).toBe(200);
    const signedIn = await post(her, '/user/phone/sign-in', {
      country: 'KW',
      phone,
      code: await lastCode(phone),
      name: 'Huda',
    });
    expect(signedIn.status).toBe(200);
    her.cookie = `${her.cookie}; ${cookiesFrom(signedIn)}`;
    // Signing out from the page: the session's cookies go, the device cookie stays.
    const out = await storefront(`${ORIGIN}/logout-profile`, {
      headers: { cookie: her.cookie, 'cf-connecting-ip': her.ip },
    });
    expect(out.status).toBe(302);
    const cleared = out.headers.getSetCookie().map((c) => c.split('=')[0]);
    expect(cleared).toContain('__Host-atk');
    expect(cleared).not.toContain('__Host-dtk');
    her.cookie = deviceCookie(her.cookie);
    await aMinuteLater(phone);

    // Four strangers, each his own device and address: her first code and two of theirs fill the 15
    // minutes' three, then they are refused with the time to wait.
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await askCode(await browser(`198.51.100.${60 + i}`), phone));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429, 429]);
    const refused = (await answers[3]!.json()) as { meta: { msg: string }; data: { retry_after: number } };
    expect(refused.meta.msg).toBe('phone_code_wait');
    expect(refused.data.retry_after).toBeGreaterThan(13 * 60);

    // Her device: a code, and she signs in with it.
    const own = await askCode(her, phone);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { data: { sent: boolean } }).data.sent).toBe(true);
    const again = await post(her, '/user/phone/sign-in', { country: 'KW', phone, code: await lastCode(phone) });
    expect(again.status).toBe(200);

    // A stranger's cookie naming her device with a made-up signature is no device of hers: the API
    // refuses the token itself, the storefront hands him a new device, and as that he is refused.
    const [, id] = deviceCookie(her.cookie).split('.');
    const forger = await browser('198.51.100.70');
    forger.cookie = `__Host-dtk=dv1.${id}.${'0'.repeat(64)}`;
    await aMinuteLater(phone);
    const forged = await askCode(forger, phone);
    expect(forged.status).toBe(403);
    forger.cookie = deviceCookie(cookiesFrom(forged));
    expect(forger.cookie).not.toContain(id);
    expect((await askCode(forger, phone)).status).toBe(429);
    // And a fifth stranger is still refused.
    expect((await askCode(await browser('198.51.100.71'), phone)).status).toBe(429);
  });

  it('counts her device as her number’s only: another number strangers filled refuses it too', async () => {
    const mine = '66118833';
    const theirs = '66118844';
    const her = await browser('203.0.113.41');
    await askCode(her, mine);
    expect(
      (await post(her, '/user/phone/sign-in', { country: 'KW', phone: mine, code: await lastCode(mine), name: 'Reem' }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 3; i++) await askCode(await browser(`198.51.100.${80 + i}`), theirs);
    expect((await askCode(her, theirs)).status).toBe(429);
  });
});
