// Abuse limits of the API: sign-in per (account, address) with growing delays, forgot-
// password and sign-up floods, per-address form limits a new device cannot reset, wallet top-ups per
// account, device rows per address, one coupon key per person, and links on the configured origin.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { LIMITS } from '#api/src/lib/limits';
import {
  assertNotLocked,
  FREE_FAILURES,
  MAX_FAILED_PER_IP,
  MAX_FAILED_SIGN_INS,
  recordFailure,
} from '#api/src/accounts/rate-limit';
import { TooManyRequests } from '#api/src/lib/errors';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, DEVICE, deviceToken, json } from './helpers';

let token: string;
beforeAll(async () => {
  token = await deviceToken();
});

const from = (ip: string, extra: Record<string, string> = {}) => ({ [CLIENT_IP_HEADER]: ip, ...extra });
const post = (path: string, body: unknown, headers: Record<string, string> = {}, device = token) =>
  call(path, { body: JSON.stringify(body), token: device, headers });
const signIn = (email: string, password: string, ip: string) => post('/user/login', { email, password }, from(ip));

async function register(email: string, ip: string, password = 'secret1') {
  const res = await post('/user/register', { name: 'Shopper', email, password }, from(ip));
  expect(res.status).toBe(200);
  return (await json(res)).data.access_token as string;
}

/** Her reset mails: the sign-up's confirmation link (decision 85) is limited on its own, elsewhere. */
const mailsTo = async (email: string) =>
  (
    await env.DB.prepare(
      "SELECT body_text FROM mail_outbox WHERE to_address = ? AND kind = 'password_reset' ORDER BY id",
    )
      .bind(email)
      .all<{ body_text: string }>()
  ).results;

async function expect429(res: Response, msg: string) {
  expect(res.status).toBe(429);
  expect((await json(res)).meta.msg).toBe(msg);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  return retryAfter;
}

describe('sign-in attempts', () => {
  it("slows down the attacker's address while the owner signs in from another network", async () => {
    await register('owner1@example.com', '198.51.100.1');
    for (let i = 0; i < FREE_FAILURES; i++)
      expect((await signIn('owner1@example.com', `guess-${i}`, '203.0.113.66')).status).toBe(400);
    // The next try from that address must wait, and each further failure waits longer.
    const wait = await expect429(await signIn('owner1@example.com', 'guess-x', '203.0.113.66'), 'too_many_attempts');
    expect(wait).toBeLessThanOrEqual(5);
    // Even the right password from the attacker's address waits: it cannot be used to test guesses.
    expect((await signIn('owner1@example.com', 'secret1', '203.0.113.66')).status).toBe(429);
    // The owner, from their own network, is not locked out.
    const owner = await signIn('Owner1@Example.com', 'secret1', '198.51.100.1');
    expect(owner.status).toBe(200);
  });

  it('waits longer after each failure, up to a lock of the window', async () => {
    await register('owner2@example.com', '198.51.100.2');
    const at = Date.now();
    const rows = Array.from(
      { length: FREE_FAILURES + 2 },
      (_, i) => `('acct:owner2@example.com|203.0.113.67', ${at - 1000 * i})`,
    );
    await env.DB.prepare(`INSERT INTO failed_logins (key, at) VALUES ${rows.join(', ')}`).run();
    // Two failures past the free ones: 5 s × 2² = 20 s after the last.
    const wait = await expect429(await signIn('owner2@example.com', 'secret1', '203.0.113.67'), 'too_many_attempts');
    expect(wait).toBeGreaterThan(15);
    expect(wait).toBeLessThanOrEqual(20);
    const lock = Array.from({ length: 10 }, (_, i) => `('acct:owner2@example.com|203.0.113.68', ${at - 1000 * i})`);
    await env.DB.prepare(`INSERT INTO failed_logins (key, at) VALUES ${lock.join(', ')}`).run();
    expect(
      await expect429(await signIn('owner2@example.com', 'secret1', '203.0.113.68'), 'too_many_attempts'),
    ).toBeGreaterThan(14 * 60);
  });

  it('clears the lock when the owner resets the password', async () => {
    await register('owner3@example.com', '198.51.100.3');
    for (let i = 0; i < FREE_FAILURES; i++) await signIn('owner3@example.com', `guess-${i}`, '198.51.100.3');
    expect((await signIn('owner3@example.com', 'secret1', '198.51.100.3')).status).toBe(429);
    await post('/user/forgot-password', { email: 'owner3@example.com' }, from('198.51.100.3'));
    const link = /token=([0-9a-f]{64})/.exec((await mailsTo('owner3@example.com')).at(-1)!.body_text)![1]!;
    expect(
      (
        await post(
          '/user/reset-password',
          { token: link, password: 'newpass1', confirmPassword: 'newpass1' },
          from('198.51.100.3'),
        )
      ).status,
    ).toBe(200);
    expect((await signIn('owner3@example.com', 'newpass1', '198.51.100.3')).status).toBe(200);
  });

  it('counts wrong current passwords (change, removal) like failed sign-ins: a session is no password oracle', async () => {
    const user = await register('owner5@example.com', '198.51.100.14');
    const auth = { authorization: `Bearer ${user}` };
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect(
        (
          await post(
            '/user/profile/set-password',
            { old_password: `guess-${i}`, new_password: 'newpass1', confirm_password: 'newpass1' },
            from('203.0.113.70', auth),
          )
        ).status,
      ).toBe(400);
    }
    await expect429(
      await post('/user/remove', { password: 'guess-x' }, from('203.0.113.70', auth)),
      'too_many_attempts',
    );
    expect((await signIn('owner5@example.com', 'secret1', '198.51.100.14')).status).toBe(200);
  });

  it('locks plain guessing keys (the guest order lookup) at the sign-in maximum, with a time to come back', async () => {
    for (let i = 0; i < MAX_FAILED_SIGN_INS - 1; i++) await recordFailure(env.DB, ['lookup:203.0.113.40']);
    await expect(assertNotLocked(env.DB, ['lookup:203.0.113.40'])).resolves.toBeUndefined();
    await recordFailure(env.DB, ['lookup:203.0.113.40']);
    const error = await assertNotLocked(env.DB, ['lookup:203.0.113.40']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).retryAfter).toBeGreaterThan(14 * 60);
    await expect(assertNotLocked(env.DB, ['lookup:203.0.113.41'])).resolves.toBeUndefined();
  });

  it('locks an address that fails across many accounts, not the accounts', async () => {
    for (let i = 0; i < MAX_FAILED_PER_IP; i++) await signIn(`nobody${i}@example.com`, 'nope-nope', '203.0.113.99');
    await register('owner4@example.com', '198.51.100.4');
    await expect429(await signIn('owner4@example.com', 'secret1', '203.0.113.99'), 'too_many_attempts');
    expect((await signIn('owner4@example.com', 'secret1', '198.51.100.4')).status).toBe(200);
  });
});

describe('forgot-password', () => {
  it('sends at most the allowed mails for one address, however often it is asked', async () => {
    await register('flooded@example.com', '198.51.100.5');
    const answers: number[] = [];
    for (let i = 0; i < 30; i++)
      answers.push(
        (await post('/user/forgot-password', { email: 'flooded@example.com' }, from(`203.0.113.${i}`))).status,
      );
    expect((await mailsTo('flooded@example.com')).length).toBe(LIMITS.forgotPerEmail.max);
    // Never refused: strangers asking from other addresses cannot lock the owner out.
    expect(answers.every((s) => s === 200)).toBe(true);
    const own = await post('/user/forgot-password', { email: 'FLOODED+again@example.com' }, from('198.51.100.5'));
    expect(own.status).toBe(200);
    expect((await mailsTo('flooded@example.com')).length).toBe(LIMITS.forgotPerEmail.max);
  });

  it('leaves the owner a working link after strangers asked three times', async () => {
    await register('owner.reset@example.com', '198.51.100.8');
    for (let i = 0; i < LIMITS.forgotPerEmail.max; i++)
      await post('/user/forgot-password', { email: 'owner.reset@example.com' }, from(`203.0.113.${100 + i}`));
    const mine = await post('/user/forgot-password', { email: 'owner.reset@example.com' }, from('198.51.100.8'));
    expect(mine.status).toBe(200);
    const mails = await mailsTo('owner.reset@example.com');
    const token = /token=([0-9a-f]{64})/.exec(mails.at(-1)!.body_text)![1]!;
    const reset = await post('/user/reset-password', { token, password: 'newsecret1' }, from('198.51.100.8'));
    expect(reset.status).toBe(200);
  });

  it('answers an unknown address exactly like a known one, also when limited', async () => {
    const statuses = async (email: string) => {
      const out: number[] = [];
      for (let i = 0; i < LIMITS.forgotPerEmail.max + 1; i++)
        out.push((await post('/user/forgot-password', { email }, from(`192.0.2.${i}`))).status);
      return out;
    };
    await register('known@example.com', '198.51.100.6');
    expect(await statuses('ghost@example.com')).toEqual(await statuses('known@example.com'));
  });

  it('limits one address asking for many accounts', async () => {
    for (let i = 0; i < LIMITS.forgotPerIp.max; i++)
      expect((await post('/user/forgot-password', { email: `x${i}@example.com` }, from('203.0.113.150'))).status).toBe(
        200,
      );
    await expect429(
      await post('/user/forgot-password', { email: 'y@example.com' }, from('203.0.113.150')),
      'rate_limited',
    );
  });
});

describe('sign-up', () => {
  it('limits sign-ups from one address, whatever device cookie comes with them', async () => {
    // 30 sign-ups at once, as in the probe, each with a new device.
    const devices = await Promise.all(Array.from({ length: 30 }, () => deviceToken()));
    const statuses = await Promise.all(
      devices.map((device, i) =>
        post(
          '/user/register',
          { name: 'Bot', email: `ipbot${i}@example.com`, password: 'secret1' },
          from('203.0.113.201'),
          device,
        ).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.registerPerIp.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LIMITS.registerPerIp.max);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email LIKE 'ipbot%'").first<{
      n: number;
    }>())!;
    expect(n).toBe(LIMITS.registerPerIp.max);
    await expect429(
      await post(
        '/user/register',
        { name: 'Bot', email: 'ipbot-last@example.com', password: 'secret1' },
        from('203.0.113.201'),
        await deviceToken(),
      ),
      'rate_limited',
    );
    expect(
      (
        await post(
          '/user/register',
          { name: 'Person', email: 'person@example.com', password: 'secret1' },
          from('203.0.113.202'),
        )
      ).status,
    ).toBe(200);
  });
});

describe('forms', () => {
  const message = {
    name: 'Sara',
    email: 'sara@example.com',
    subject: 'order',
    message: 'A question about my vitamin D order.',
  };

  it('limits contact messages per address: a new device cookie does not reset it', async () => {
    for (let i = 0; i < LIMITS.formPerIp.max; i++) {
      expect((await post('/misc/contact', message, from('203.0.113.77'), await deviceToken())).status).toBe(200);
    }
    await expect429(
      await post('/misc/contact', message, from('203.0.113.77'), await deviceToken()),
      'too_many_requests',
    );
    expect((await post('/misc/contact', message, from('203.0.113.78'), await deviceToken())).status).toBe(200);
  });
});

describe('devices', () => {
  it('stores a bounded number of device registrations per address, and still hands out tokens', async () => {
    const rows = async () => (await env.DB.prepare('SELECT count(*) AS n FROM devices').first<{ n: number }>())!.n;
    const before = await rows();
    for (let i = 0; i < LIMITS.deviceRowsPerIp.max + 20; i++) {
      const res = await call('/device/auth', { body: JSON.stringify(DEVICE), headers: from('203.0.113.88') });
      expect(res.status).toBe(200);
      expect((await json(res)).data.access_token).toMatch(/^dv1\./);
    }
    expect((await rows()) - before).toBe(LIMITS.deviceRowsPerIp.max);
    await call('/device/auth', { body: JSON.stringify(DEVICE), headers: from('203.0.113.89') });
    expect((await rows()) - before).toBe(LIMITS.deviceRowsPerIp.max + 1);
  });
});

describe('wallet top-ups', () => {
  it('limits the charges one account opens', async () => {
    const user = await register('topup@example.com', '198.51.100.9');
    const charge = () =>
      post(
        '/user/wallet/charge',
        { amount: 5000, payment_method: 'knet' },
        { authorization: `Bearer ${user}`, 'x-country': 'KW' },
      );
    for (let i = 0; i < LIMITS.walletChargePerUser.max; i++) expect((await charge()).status).toBe(200);
    await expect429(await charge(), 'rate_limited');
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE purpose = 'wallet'").first<{
      n: number;
    }>();
    expect(rows!.n).toBe(LIMITS.walletChargePerUser.max);
  });
});

describe('single-use coupons', () => {
  const KW_ADDRESS = {
    country: 'KW',
    recipient: 'Guest',
    phone: '98765432',
    area_id: 26,
    block: '3',
    street: '12',
    building: '7',
  };
  const order = (body: Record<string, unknown>, headers: Record<string, string>) =>
    post(
      '/order/submit',
      {
        items: [{ sku_id: 401, count: 1 }],
        payment_method: 'cod',
        coupon: 'WELCOMEX',
        idempotency_key: crypto.randomUUID(),
        address: KW_ADDRESS,
        ...body,
      },
      { 'x-country': 'KW', ...headers },
    );

  beforeAll(async () => {
    await loadCatalogueFixture(env.DB);
    await env.DB.prepare(
      "INSERT INTO coupons (id, code, kind, value, min_subtotal_fils, max_uses, once_per_shopper) VALUES (90, 'WELCOMEX', 'percent', 1000, 0, NULL, 1)",
    ).run();
  });

  it('counts an account and a guest checkout with the same address (any case, any +tag) as one person', async () => {
    const user = await register('name@example.com', '198.51.100.10');
    expect((await order({}, { authorization: `Bearer ${user}` })).status).toBe(200);
    for (const email of ['Name+tag@Example.com', 'NAME@example.com']) {
      const res = await order({ email }, {});
      expect(res.status, email).toBe(409);
      expect((await json(res)).meta.msg).toBe('coupon_already_used');
    }
  });

  it('counts a guest first and then the account with that address as one person', async () => {
    expect((await order({ email: 'Guest+shop@Example.org' }, {})).status).toBe(200);
    const user = await register('guest@example.org', '198.51.100.11');
    const res = await order({}, { authorization: `Bearer ${user}` });
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('coupon_already_used');
  });
});

describe('orders', () => {
  it('limits the new guest orders one address submits; a retry of one already placed gets that order', async () => {
    await loadCatalogueFixture(env.DB).catch(() => undefined);
    const body = {
      items: [{ sku_id: 401, count: 1 }],
      payment_method: 'cod',
      email: 'buyer@example.com',
      idempotency_key: crypto.randomUUID(),
      address: {
        country: 'KW',
        recipient: 'Guest',
        phone: '98765432',
        area_id: 26,
        block: '3',
        street: '12',
        building: '7',
      },
    };
    const placed: { key: string; id: number }[] = [];
    for (let i = 0; i < LIMITS.submitPerIp.max; i++) {
      const key = crypto.randomUUID();
      const res = await post(
        '/order/submit',
        { ...body, idempotency_key: key },
        from('203.0.113.90', { 'x-country': 'KW' }),
      );
      expect(res.status).toBe(200);
      placed.push({ key, id: (await json(res)).data.order.id });
    }
    // Retries of orders already placed, past the limit: each gets its order, never a 429.
    for (const { key, id } of placed.slice(0, 3)) {
      const again = await post(
        '/order/submit',
        { ...body, idempotency_key: key },
        from('203.0.113.90', { 'x-country': 'KW' }),
      );
      expect(again.status).toBe(200);
      expect((await json(again)).data.order.id).toBe(id);
    }
    await expect429(
      await post(
        '/order/submit',
        { ...body, idempotency_key: crypto.randomUUID() },
        from('203.0.113.90', { 'x-country': 'KW' }),
      ),
      'rate_limited',
    );
    expect(
      (
        await post(
          '/order/submit',
          { ...body, idempotency_key: crypto.randomUUID() },
          from('203.0.113.91', { 'x-country': 'KW' }),
        )
      ).status,
    ).toBe(200);
  });
});

describe('links in mails and payments', () => {
  it('builds reset links on the configured origin, whatever origin the request claims', async () => {
    await register('hosted@example.com', '198.51.100.12');
    await post(
      '/user/forgot-password',
      { email: 'hosted@example.com' },
      { ...from('198.51.100.12'), 'x-site-origin': 'https://evil.example', host: 'evil.example' },
    );
    const [mail] = await mailsTo('hosted@example.com');
    expect(mail!.body_text).toContain('http://localhost:8787/auth/reset-password?token=');
    expect(mail!.body_text).not.toContain('evil.example');
  });

  it('sends the shopper back from the payment page to the configured origin', async () => {
    const user = await register('payer@example.com', '198.51.100.13');
    const res = await post(
      '/user/wallet/charge',
      { amount: 5000, payment_method: 'knet' },
      { authorization: `Bearer ${user}`, 'x-country': 'KW', 'x-site-origin': 'https://evil.example' },
    );
    const { url } = (await json(res)).data;
    expect(new URL(url).origin).toBe('http://localhost:8787');
  });
});
