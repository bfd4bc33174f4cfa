// Dates print the same in workerd (server-rendered pages, mails) as in the browser and in Node: the
// calendar, digits and time zone are pinned (shared/text/dates.ts). An Arabic order mail carries the
// Hijri date too.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '#shared/text/dates';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, proveAddress } from './helpers';

const day = Date.UTC(2026, 10, 21, 10, 0);
let token: string;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
});

describe('dates in workerd', () => {
  it('print the exact texts the unit test pins in Node, in both languages and countries', () => {
    expect(formatDate(day, 'en', 'KW')).toBe('Nov 21, 2026');
    expect(formatDate(day, 'en', 'SA')).toBe('Nov 21, 2026');
    expect(formatDate(day, 'ar', 'KW', { hijri: false })).toBe('21 نوفمبر 2026');
    expect(formatDate(day, 'ar', 'SA', { hijri: false })).toBe('21 نوفمبر 2026');
    // Every Arabic date carries its Hijri date, unasked (issue 73), the time after both.
    expect(formatDate(day, 'ar', 'SA')).toBe('21 نوفمبر 2026 (11\u00a0جمادى\u00a0الآخرة\u00a01448\u00a0هـ)');
    expect(formatDate(day, 'ar', 'KW', { time: true })).toBe(
      '21 نوفمبر 2026 (11\u00a0جمادى\u00a0الآخرة\u00a01448\u00a0هـ)، 1:00 م',
    );
  });

  it('date an Arabic order confirmation in both calendars, an English one in the Gregorian only', async () => {
    const address = {
      country: 'SA',
      recipient: 'سارة',
      phone: '512345678',
      city_id: 2,
      district: 'الروضة',
      street: 'التحلية',
      building_number: '1234',
      postal_code: '23433',
    };
    const place = (lang: string, email: string) =>
      call('/order/submit', {
        token,
        headers: { 'x-country': 'SA', lang },
        body: JSON.stringify({
          items: [{ sku_id: 101, count: 1 }],
          payment_method: 'cod',
          address,
          email,
          idempotency_key: crypto.randomUUID(),
        }),
      });
    const mailOf = (email: string) =>
      env.DB.prepare('SELECT body_text FROM mail_outbox WHERE to_address = ?')
        .bind(email)
        .first<{ body_text: string }>();

    // Guests whose addresses were proven before (decision 85): the full confirmation carries the date.
    await proveAddress('hijri.ar@example.com');
    await proveAddress('hijri.en@example.com');
    const ar = await json(await place('ar', 'hijri.ar@example.com'));
    expect(ar.meta.msg).toBe('ok');
    const arMail = (await mailOf('hijri.ar@example.com'))!.body_text;
    expect(arMail).toContain(`تاريخ الطلب: ${formatDate(ar.data.order.created_at, 'ar', 'SA', { hijri: true })}`);
    expect(arMail).toMatch(/تاريخ الطلب: \d+ \S+ \d{4} \(\d+\s.+\s\d{4}\sهـ\)/);

    expect((await place('en', 'hijri.en@example.com')).status).toBe(200);
    const enMail = (await mailOf('hijri.en@example.com'))!.body_text;
    expect(enMail).toMatch(/Order date: [A-Z][a-z]{2} \d+, \d{4}\n/);
  });
});
