// Issue 77, "any fourth by configuration": Qatar (QAR, 2 decimals, no VAT, a Friday–Saturday weekend,
// +974) added from tests/fixtures/countries/qa alone (its aspects, texts, phone numbers and rows), and
// the shop serves it through the real API worker: the product page's prices and delivery day, sign-in
// by a Qatari mobile, a checkout to a cash-on-delivery order, her order's page and the back office's
// order list; and the shop's pages of them, the storefront's and the back office's HTML rendered from
// source in the same runtime (./shop-pages.ts). Product code never names Qatar: the project
// `api-country-fixture` (vitest.config.ts, tests/support/country-fixture.ts) swaps the registry, its
// tables and the phone metadata for the real ones plus Qatar's line, and adds its texts beside their
// families in the dictionaries. A code path that decides by a country code or a two-country shape fails
// here (Qatar takes its other arm: another country's currency, texts or rules); a branch on Qatar's own
// code fails tests/unit/country-branches.test.ts, the static half, which looks for the fixture's codes too.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, CORE } from '#shared/countries';
import { currencyInfoOf, formatMinor, formatPrice } from '#shared/money';
import rows from '../../../fixtures/countries/qa/rows.sql?raw';
import { loadCatalogueFixture } from '../../fixtures/catalogue';
import { ordersEn } from '#shared/i18n/orders.en';
import { ordersAr } from '#shared/i18n/orders.ar';
import { staffOrdersEn } from '#shared/i18n/staff-orders.en';
import { staffOrdersAr } from '#shared/i18n/staff-orders.ar';
import { ar as qatarAr, en as qatarEn } from '../../../fixtures/countries/qa/texts';
import { call, deviceToken, json } from '../helpers';
import { staffCall, staffWith } from '../staff-helpers';
import { shopPage, staffPage } from './shop-pages';

const QA = 'QA';
const as = (user: string | null, lang = 'en'): Record<string, string> => ({
  ...(user ? { authorization: `Bearer ${user}` } : {}),
  'x-country': QA,
  lang,
});
let device: string;
/** Her cash order, placed through the API by the checkout test, for the pages that show it. */
let herOrder: { user: string; id: number; total: number } | undefined;

const LANGS = ['en', 'ar'] as const;
type Lang = (typeof LANGS)[number];
const localized = (lang: Lang, path: string) => (lang === 'ar' ? `/ar${path}` : path);
/** What a page shows: its scripts and tags left out, every run of spaces (no-break ones too) one space. */
const shown = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0]+/g, ' ');
/** Her country's name, from the fixture's texts, and the words of a VAT line (a country without VAT shows none). */
const QATAR = { en: qatarEn.country_QA, ar: qatarAr.country_QA };
const VAT = { en: /\bVAT\b/, ar: /ضريبة/ };
/** QAR amounts as her pages print them: 2 decimals, the country's label (Latin digits in Arabic too). */
const QAR = (amount: string) => ({ en: `QAR ${amount}`, ar: `${amount} ر.ق` });

const DAY = 86_400_000;
const WEEKDAYS = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  ar: ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
};
/** A Gulf day's weekday (getUTCDay's numbers) and its distance in days from today in Doha (UTC+3). */
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const daysAhead = (day: string) =>
  Math.round(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse(new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10))) /
      DAY,
  );

/**
 * The promise crosses a weekend whatever the day the test runs: the fixture's one speed takes five
 * working days (rows.sql), so it arrives a week or more ahead, never on a Friday or a Saturday.
 */
function expectPastTheWeekend(promise: { arrives: string; day: string }, lang: 'en' | 'ar') {
  expect([5, 6]).not.toContain(weekday(promise.arrives));
  expect(daysAhead(promise.arrives)).toBeGreaterThanOrEqual(7);
  expect(promise.day).toContain(WEEKDAYS[lang][weekday(promise.arrives)]);
}

beforeAll(async () => {
  await env.DB.batch(
    rows
      .split(/;\s*\n/)
      .map((s) => s.replace(/^--.*$/gm, '').trim())
      .filter(Boolean)
      .map((s) => env.DB.prepare(s)),
  );
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
});

describe('Qatar, a country added by configuration alone', () => {
  it('is in the registry at run time, from the fixture', () => {
    expect(COUNTRY_CODES).toContain(QA);
    expect((CORE as Record<string, { currency: string }>)[QA]!.currency).toBe('QAR');
  });

  // The shop's pages are rendered by its own workers from the same fixture and database (./shop-pages.ts).
  it('serves the product page in QAR with a delivery date past the Friday–Saturday weekend and no VAT, in English and Arabic', async () => {
    const countries = (await json(await call('/country', { token: device, headers: as(null) }))).data.items;
    const qatar = currencyInfoOf(countries.find((c: { code: string }) => c.code === QA));
    expect(qatar).toMatchObject({ currency: 'QAR', decimals: 2, vatBasisPoints: 0 });
    const arrives = new Set<string>();
    for (const lang of LANGS) {
      // The API's answer: the catalogue's price (KWD 3.500) at the country's rate, 11.85 riyals a dinar,
      // and the fixture's one speed's day.
      const answer = await json(
        await call('/product/alpha-vitamin-d3-1000/v2', { token: device, headers: as(null, lang) }),
      );
      const price = answer.data.skus.find((size: { id: number }) => size.id === 101).price.price;
      const [promise] = answer.data.delivery.promises;
      expectPastTheWeekend(promise, lang);
      arrives.add(promise.arrives);

      const res = await shopPage(localized(lang, '/products/alpha-vitamin-d3-1000'), `dtk=${device}; country=QA`);
      expect(res.status).toBe(200);
      // One trip to the API for the page view.
      expect(res.headers.get('x-api-calls')).toBe('1');
      const html = await res.text();
      // Her country is the switch's choice, named by the fixture's texts.
      expect(html).toContain(`<option value="QA" selected="">${QATAR[lang]}</option>`);
      const page = shown(html);
      expect(page).toContain(QAR('41.48')[lang]);
      expect(page).toContain(shown(formatPrice(price, qatar, lang)));
      expect(page).toContain(shown(promise.day));
      expect(page).not.toMatch(VAT[lang]);
      // For search engines: its own URL among the alternates, and the offer of her country in QAR.
      expect(html).toContain(
        `<link rel="alternate" hrefLang="${lang}-QA" href="http://shop.test${localized(lang, '/products/alpha-vitamin-d3-1000')}?country=QA"/>`,
      );
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap((m) =>
        JSON.parse(m[1]!),
      );
      expect(ld.find((item: { '@type': string }) => item['@type'] === 'Product').offers).toEqual([
        expect.objectContaining({
          price: '41.48',
          priceCurrency: 'QAR',
          eligibleRegion: { '@type': 'Country', name: QA },
        }),
      ]);
    }
    // The same day in both languages.
    expect(arrives.size).toBe(1);
  });

  it('signs in by a +974 mobile, checks out in QAR without VAT, places a cash order her page and the back office show', async () => {
    const phone = '33123456';
    expect(
      (
        await call('/user/phone/code', {
          body: JSON.stringify({ country: QA, phone, channel: 'sms' }),
          token: device,
          headers: as(null),
        })
      ).status,
    ).toBe(200);
    const sent = await env.DB.prepare('SELECT params FROM message_outbox WHERE to_phone = ? ORDER BY id DESC LIMIT 1')
      .bind(`+974${phone}`)
      .first<{ params: string }>();
    const code = (JSON.parse(sent!.params) as string[])[0];
    const signedIn = await json(
      await call('/user/phone/sign-in', {
        body: JSON.stringify({ country: QA, phone, code, name: 'Maryam' }),
        token: device,
        headers: as(null),
      }),
    );
    const user: string = signedIn.data.access_token;
    expect(user).toBeTruthy();

    const saved = await call('/user/address/new', {
      body: JSON.stringify({
        country: QA,
        recipient: 'Maryam',
        phone,
        city_id: 1001,
        district: 'West Bay',
        street: 'Al Funduq',
        building_number: '1234',
        postal_code: '00000',
      }),
      token: device,
      headers: as(user),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const address = (await json(saved)).data.id;

    const items = [{ sku_id: 101, count: 2 }];
    const quote = await json(
      await call('/order/calculate', {
        body: JSON.stringify({ items, address_id: address }),
        token: device,
        headers: as(user),
      }),
    );
    expect(quote.data.currency).toBe('QAR');
    expect(quote.data.subtotal).toBe(8296);
    expect(quote.data.vat ?? 0).toBe(0);
    expectPastTheWeekend(quote.data.arrival.promises[0], 'en');

    const placed = await call('/order/submit', {
      body: JSON.stringify({
        items,
        address_id: address,
        payment_method: 'cod',
        currency: 'QAR',
        idempotency_key: crypto.randomUUID(),
      }),
      token: device,
      headers: as(user),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const placedBody = await json(placed);
    const order = placedBody.data.order;
    expect(order).toMatchObject({ country: QA, currency: 'QAR', vat_basis_points: 0, payment_method: 'cod' });
    // Two at QAR 41.48 and the fixture's delivery fee, QAR 15.00; no VAT.
    expect(order.totals).toMatchObject({ subtotal: 8296, delivery: 1500, vat: 0, total: 9796 });
    expect(order.totals.total).toBe(quote.data.total);

    const page = (await json(await call(`/user/order/${order.id}`, { token: device, headers: as(user) }))).data;
    expect(page).toMatchObject({
      id: order.id,
      country: QA,
      currency: 'QAR',
      payment_method: 'cod',
      totals: order.totals,
    });
    expect(page.address.city_name).toBe('Doha');

    // As her page prints it: QAR 97.96 (minor units of 2 decimals).
    expect(formatMinor(page.totals.total, 'QAR' as never, 'en', QA as never)).toMatch(/^QAR\W97\.96$/);

    const owner = await staffWith([{ role: 'owner', country: null }]);
    herOrder = { user, id: order.id, total: order.totals.total };
    const list = (await json(await staffCall(owner.token, `/staff/orders?country=${QA}`))).data.orders;
    expect(list).toEqual([
      expect.objectContaining({ id: order.id, country: QA, currency: 'QAR', total: order.totals.total }),
    ]);
    // …and its page there, in QAR.
    const detail = await staffCall(owner.token, `/staff/orders/${order.id}`);
    expect(detail.status).toBe(200);
    expect((await json(detail)).data.order).toMatchObject({ id: order.id, country: QA, currency: 'QAR' });
  });

  it("renders her order page, and the back office's order list for a clerk of Qatar, with her cash order in QAR, in English and Arabic", async () => {
    const { user, id } = herOrder!;
    // A clerk of Qatar's orders: a country role of the fixture's country.
    const clerk = await staffWith([{ role: 'support', country: QA as never }]);
    for (const lang of LANGS) {
      const res = await shopPage(
        localized(lang, `/profile/orders?id=${id}`),
        `dtk=${device}; atk=${user}; user=1; country=QA`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('x-api-calls')).toBe('1');
      const page = shown(await res.text());
      expect(page).toContain(String(id));
      // Two at QAR 41.48, delivery QAR 15.00, QAR 97.96 in all; paid in cash on delivery; to Doha, Qatar.
      for (const amount of ['82.96', '15.00', '97.96']) expect(page).toContain(QAR(amount)[lang]);
      expect(page).toContain(shown(formatMinor(herOrder!.total, 'QAR' as never, lang, QA as never)));
      expect(page).toContain({ en: ordersEn, ar: ordersAr }[lang].pay_cod);
      expect(page).toContain('Doha');
      expect(page).toContain(QATAR[lang]);
      expect(page).not.toMatch(VAT[lang]);

      const list = await staffPage('/orders', `stk=${clerk.token}${lang === 'ar' ? '; staff_lang=ar' : ''}`);
      expect(list.status).toBe(200);
      const row = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*?<\/tr>/g;
      const rows = [...(await list.text()).matchAll(row)].map((m) => shown(m[0])).filter((r) => r.includes(String(id)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(QATAR[lang]);
      expect(rows[0]).toContain(QAR('97.96')[lang]);
      expect(rows[0]).toContain({ en: staffOrdersEn, ar: staffOrdersAr }[lang].st_pay_cod);
    }
  });
});
