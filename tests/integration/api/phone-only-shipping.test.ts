// An account made with a phone code has no e-mail. The checkout's success page tells every shopper
// "we will write when it ships": such an account hears of the shipping by SMS to its proven number (in
// the local outbox here), with the carrier, the tracking number and her order's page; once only, and
// not beside a WhatsApp update she asked for. An account with an e-mail gets the mail, no text.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, registerShopper, saveAddress } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let owner: TestStaff;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

/** A shopper whose account has only a proven phone (as a phone-code sign-up makes it), or also an e-mail. */
async function shopper(tag: string, phone: string, withEmail: boolean) {
  const { token, id } = await registerShopper(device, tag, 'Noura');
  await env.DB.prepare(
    `UPDATE users SET phone = ?1, phone_verified_at = 1${withEmail ? '' : ", email = '', password_hash = ''"} WHERE id = ?2`,
  )
    .bind(phone, id)
    .run();
  const address = await saveAddress(device, token, 'KW', { phone: phone.slice(4) });
  return { token, address };
}

async function shipped(
  s: { token: string; address: number },
  lang: 'en' | 'ar',
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await call('/order/submit', {
    token: device,
    headers: { authorization: `Bearer ${s.token}`, 'x-country': 'KW', lang },
    body: JSON.stringify({
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'cod',
      address_id: s.address,
      idempotency_key: crypto.randomUUID(),
      ...extra,
    }),
  });
  expect(res.status).toBe(200);
  const id = (await json(res)).data.order.id as number;
  for (const [step, body] of [
    ['confirm', {}],
    ['pack', {}],
    ['ship', { carrier: 'aramex', tracking_number: 'AR99812' }],
  ] as const)
    expect((await staffCall(owner.token, `/staff/orders/${id}/${step}`, { json: body })).status).toBe(200);
  return id;
}

const texts = (phone: string) =>
  env.DB.prepare('SELECT channel, lang, kind, body_text, dedupe_key FROM message_outbox WHERE to_phone = ? ORDER BY id')
    .bind(phone)
    .all<{ channel: string; lang: string; kind: string; body_text: string; dedupe_key: string }>()
    .then((r) => r.results);

describe('the shipping notice of an account without e-mail', () => {
  it('goes by SMS to her proven number, in the order’s language, with the tracking number and her order', async () => {
    const phone = '+96599007711';
    const her = await shopper('sms-ship-ar', phone, false);
    const id = await shipped(her, 'ar');
    const sent = await texts(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: 'sms',
      lang: 'ar',
      kind: 'order_update',
      dedupe_key: `order:${id}:sms:shipped`,
    });
    expect(sent[0]!.body_text).toContain(`تم شحن طلبك رقم ${id}`);
    expect(sent[0]!.body_text).toContain('AR99812');
    expect(sent[0]!.body_text).toContain(`/ar/profile/orders?id=${id}`);
    // Dispatch and delivery were not promised: the one text stays one.
    await staffCall(owner.token, `/staff/orders/${id}/dispatch`, { json: {} });
    expect(await texts(phone)).toHaveLength(1);
  });

  it('goes in English for an English order', async () => {
    const phone = '+96599007722';
    const id = await shipped(await shopper('sms-ship-en', phone, false), 'en');
    const [sent] = await texts(phone);
    expect(sent!.body_text).toMatch(
      new RegExp(`^Gulf Vitamins: order ${id} has shipped with .+\\. Tracking number: AR99812\\.`),
    );
  });

  it('is not sent beside the WhatsApp update she asked for, nor to an account with an e-mail', async () => {
    const onWhatsApp = '+96599007733';
    const id = await shipped(await shopper('sms-ship-wa', onWhatsApp, false), 'en', { whatsapp_updates: true });
    expect((await texts(onWhatsApp)).map((m) => [m.channel, m.dedupe_key])).toContainEqual([
      'whatsapp',
      `order:${id}:wa:shipped`,
    ]);
    expect((await texts(onWhatsApp)).filter((m) => m.channel === 'sms')).toEqual([]);

    const mailed = '+96599007744';
    const other = await shipped(await shopper('sms-ship-mail', mailed, true), 'en');
    expect(await texts(mailed)).toEqual([]);
    const mail = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE dedupe_key = ?')
      .bind(`order:${other}:shipped`)
      .first<{ subject: string }>();
    expect(mail?.subject).toContain(`Order ${other} has shipped`);
  });
});
