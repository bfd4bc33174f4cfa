// Order updates on WhatsApp: nothing without the shopper's opt-in (the checkout's box, or her account's
// choice), and only to a phone a code proved, never to a number typed at checkout (decision 43 amended);
// each step the back office takes is a template message in the order's language with a stop link; one
// tap on it stops everything to that number.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, saveAddress, registerShopper } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let shopper: string;
let shopperId: number;
let addressKW: number;
let addressSA: number;
let owner: TestStaff;

const as = (user: string, country = 'KW', lang = 'en') => ({
  authorization: `Bearer ${user}`,
  'x-country': country,
  lang,
});
const post = (path: string, body: unknown, user = shopper, country = 'KW', lang = 'en') =>
  call(path, { body: JSON.stringify(body), token: device, headers: as(user, country, lang) });
const place = async (extra: Record<string, unknown>, country: 'KW' | 'SA' = 'KW', lang = 'en') => {
  const res = await post(
    '/order/submit',
    {
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'cod',
      address_id: country === 'KW' ? addressKW : addressSA,
      idempotency_key: crypto.randomUUID(),
      ...extra,
    },
    shopper,
    country,
    lang,
  );
  expect(res.status).toBe(200);
  return (await json(res)).data.order.id as number;
};
const step = (id: number, name: string, body: unknown = {}) =>
  staffCall(owner.token, `/staff/orders/${id}/${name}`, { json: body });
/** Her account's phone, proven by a code (as /user/phone/verify leaves it), or none. */
const provePhone = (phone: string | null) =>
  env.DB.prepare('UPDATE users SET phone = ?, phone_verified_at = ? WHERE id = ?')
    .bind(phone, phone ? Date.now() : null, shopperId)
    .run();
const whatsapp = (id: number) =>
  env.DB.prepare(
    'SELECT to_phone, lang, kind, template, params, body_text, button_param FROM message_outbox WHERE dedupe_key LIKE ? ORDER BY id',
  )
    .bind(`order:${id}:wa:%`)
    .all<{
      to_phone: string;
      lang: string;
      kind: string;
      template: string;
      params: string;
      body_text: string;
      button_param: string;
    }>()
    .then((r) => r.results);

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  ({ token: shopper, id: shopperId } = await registerShopper(device, 'wa', 'Noura'));
  addressKW = await saveAddress(device, shopper, 'KW', { phone: '99001122' });
  addressSA = await saveAddress(device, shopper, 'SA', { phone: '0541122334' });
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

describe('order updates on WhatsApp', () => {
  it('never go to a number only typed at checkout, box ticked or not', async () => {
    // A stranger's order with someone's number as its delivery phone: the shop messages nobody.
    const typed = await place({ whatsapp_updates: true }, 'SA', 'ar');
    const row = await env.DB.prepare('SELECT whatsapp_to FROM orders WHERE id = ?').bind(typed).first('whatsapp_to');
    expect(row).toBeNull();
    for (const name of ['confirm', 'cancel']) await step(typed, name, name === 'cancel' ? { confirm: true } : {});
    expect(await whatsapp(typed)).toEqual([]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM message_outbox WHERE to_phone = '+966541122334'").first('n'),
    ).toBe(0);
  });

  it('are sent only after the shopper ticked the box: each step in the order’s language, with a stop link', async () => {
    await provePhone('+966541122334');
    const quiet = await place({});
    await step(quiet, 'confirm');
    expect(await whatsapp(quiet)).toEqual([]);

    const id = await place({ whatsapp_updates: true }, 'SA', 'ar');
    const row = await env.DB.prepare('SELECT whatsapp_to FROM orders WHERE id = ?')
      .bind(id)
      .first<{ whatsapp_to: string }>();
    expect(row!.whatsapp_to).toBe('+966541122334');
    expect((await step(id, 'confirm')).status).toBe(200);
    await step(id, 'pack');
    expect((await step(id, 'ship', { carrier: 'smsa', tracking_number: 'SM123' })).status).toBe(200);
    expect((await step(id, 'dispatch')).status).toBe(200);
    const sent = await whatsapp(id);
    expect(sent.map((m) => [m.to_phone, m.lang, m.kind, m.template])).toEqual([
      ['+966541122334', 'ar', 'order_update', 'order_update'],
      ['+966541122334', 'ar', 'order_update', 'order_update'],
      ['+966541122334', 'ar', 'order_update', 'order_update'],
    ]);
    expect(JSON.parse(sent[2]!.params)).toEqual([String(id), 'في الطريق إليك اليوم']);
    expect(JSON.parse(sent[1]!.params)).toEqual([String(id), 'تم شحنه']);
    expect(sent[1]!.body_text).toContain(`طلبك رقم ${id} تم شحنه`);
    expect(sent[1]!.body_text).toContain(`/ar/whatsapp/stop?t=${sent[1]!.button_param}`);
    await provePhone(null);
  });

  it('stop after one tap on the link: no further step is sent, and a forged link changes nothing', async () => {
    await provePhone('+96599001122');
    const id = await place({ whatsapp_updates: true });
    await step(id, 'confirm');
    const [first] = await whatsapp(id);
    const forged = first!.button_param.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect((await call('/whatsapp/stop', { body: JSON.stringify({ token: forged }), token: device })).status).toBe(400);
    // Opened from WhatsApp in any browser: no device, no session.
    const stop = await call('/whatsapp/stop', { body: JSON.stringify({ token: first!.button_param }) });
    expect(stop.status).toBe(200);
    await step(id, 'pack');
    await step(id, 'ship', { carrier: 'aramex', tracking_number: 'AR1' });
    expect(await whatsapp(id)).toHaveLength(1);
    // Ticking the box again is asking again: her proven number's stop is lifted.
    const again = await place({ whatsapp_updates: true });
    await step(again, 'confirm');
    expect(await whatsapp(again)).toHaveLength(1);
    await provePhone(null);
  });

  it('follow the account’s choice, which needs a proven phone', async () => {
    const refused = await post('/user/profile/whatsapp', { on: true });
    expect(refused.status).toBe(409);
    expect((await json(refused)).meta.msg).toBe('whatsapp_needs_phone');
    await env.DB.prepare("UPDATE users SET phone = '+96599001155', phone_verified_at = 1 WHERE id = ?")
      .bind(shopperId)
      .run();
    const on = await json(await post('/user/profile/whatsapp', { on: true }));
    expect(on.data.user.whatsapp_updates).toBe(true);
    const id = await place({});
    await step(id, 'confirm');
    expect((await whatsapp(id)).map((m) => m.to_phone)).toEqual(['+96599001155']);
    // This order alone without: the box unticked wins over the account's choice.
    const without = await place({ whatsapp_updates: false });
    await step(without, 'confirm');
    expect(await whatsapp(without)).toEqual([]);
    const off = await json(await post('/user/profile/whatsapp', { on: false }));
    expect(off.data.user.whatsapp_updates).toBe(false);
    await step(id, 'pack');
    await step(id, 'ship', { carrier: 'aramex', tracking_number: 'AR2' });
    expect(await whatsapp(id)).toHaveLength(1);
  });
});
