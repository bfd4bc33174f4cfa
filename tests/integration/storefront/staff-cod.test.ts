// The back office's pages for the own drivers and cash on delivery (issue 62), through the staff
// worker: the driver's phone page in English and Arabic with call and WhatsApp links and the cash to
// collect, a mark refused with its message and accepted, another driver's stop not found; the
// Deliveries page; a remittance file previewed line by line and imported on confirmation; the
// hand-in form; each page closed to those without its permission.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { gulfDate } from '#shared/gulf-days';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const decoded = (html: string) =>
  html.replaceAll('\u00a0', ' ').replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

let driver = { cookie: '', id: 0 };
let driverAr = { cookie: '', id: 0 };
let clerk = '';
let clerkAr = '';
let support = '';

/**
 * A parcel of the own drivers stored as the own carrier stores it (api/src/carriers/own.ts): a stop,
 * its address the typed parts by name.
 */
async function createStop(area: string, cod: number, staffId: number | null, name = 'Sara Al-Ali') {
  const tracking = `GV${crypto.randomUUID().slice(0, 10)}`;
  await env.API_DB.prepare(
    `INSERT INTO driver_stops (reference, tracking_number, day, staff_id, position, order_number, name, phone, address_lines,
       area, cod_amount, currency, created_at)
     VALUES (?1, ?2, ?3, ?4, (SELECT COALESCE(MAX(position), 0) + 1 FROM driver_stops WHERE day = ?3 AND staff_id IS ?4),
       ?5, ?9, '+96598765432', '{"block":"4","street":"12","building":"7"}', ?6, ?7, 'KWD', ?8)`,
  )
    .bind(`R-${tracking}`, tracking, gulfDate(Date.now()), staffId, `KW-${tracking}`, area, cod, Date.now(), name)
    .run();
  return { trackingNumber: tracking };
}
const stopId = async (tracking: string) =>
  (await env.API_DB.prepare('SELECT id FROM driver_stops WHERE tracking_number = ?')
    .bind(tracking)
    .first<{ id: number }>())!.id;

beforeAll(async () => {
  driver = await staffSignIn([{ role: 'driver', country: 'KW' }], { name: 'Huda' });
  driverAr = await staffSignIn([{ role: 'driver', country: 'KW' }], { name: 'Mona', lang: 'ar' });
  clerk = (await staffSignIn([{ role: 'fulfilment', country: null }])).cookie;
  clerkAr = (await staffSignIn([{ role: 'fulfilment', country: null }], { lang: 'ar' })).cookie;
  support = (await staffSignIn([{ role: 'support', country: null }])).cookie;
});

describe('the driver’s phone page', () => {
  it('lists her stops with the cash, call and WhatsApp, in English and Arabic', async () => {
    const parcel = await createStop('Jabriya', 12500, driver.id);
    const res = await staffPage('/driver', driver.cookie);
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toContain('Sara Al-Ali');
    expect(html).toContain('href="tel:+96598765432"');
    expect(html).toContain('href="https://wa.me/96598765432"');
    expect(html).toContain('Collect KWD 12.500');
    expect(html).toContain('Start my run');
    expect(html).toContain(`data-testid="stop-${await stopId(parcel.trackingNumber)}"`);
    // A driver lands on her page from the back office's home.
    expect((await staffPage('/', driver.cookie)).headers.get('location')).toBe('/driver');

    await createStop('Rumaithiya', 7250, driverAr.id);
    const ar = decoded(await (await staffPage('/driver', driverAr.cookie)).text());
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('توصيلات اليوم');
    expect(ar).toContain('واتساب');
    expect(ar).not.toContain('Jabriya');
  });

  it('writes the address with its words and the area in her language, the stop number first', async () => {
    await createStop('Salmiya', 0, driver.id);
    const en = decoded(await (await staffPage('/driver', driver.cookie)).text());
    expect(en).toContain('<bdi>Salmiya, Hawalli</bdi>');
    expect(en).toContain('<bdi>Block 4, Street 12</bdi>');
    expect(en).toContain('<bdi>Building 7</bdi>');
    expect(en).not.toContain('4, 12, 7');

    const parcel = await createStop('Salmiya', 0, driverAr.id, 'نورة العتيبي');
    const ar = decoded(await (await staffPage('/driver', driverAr.cookie)).text());
    const card = ar.slice(ar.indexOf(`data-testid="stop-${await stopId(parcel.trackingNumber)}"`));
    expect(card).toContain('<bdi>السالمية، حولي</bdi>');
    expect(card).toContain('<bdi>قطعة 4، شارع 12</bdi>');
    expect(card).toContain('<bdi>مبنى 7</bdi>');
    expect(card).not.toContain('Salmiya');
    // The heading reads its stop number, then the name (an isolated run, whatever its script).
    expect(card).toMatch(
      /<h2 id="[^"]+"><span class="stop-number">التوقف \d+ ·<\/span> <bdi>نورة العتيبي<\/bdi><\/h2>/,
    );
  });

  it('refuses a short amount without a note, keeps what was typed, then marks it; another driver gets not found', async () => {
    const parcel = await createStop('Jabriya', 5000, driver.id);
    const id = await stopId(parcel.trackingNumber);
    const short = await staffPost(
      `/driver/stops/${id}/delivered`,
      { received_by: 'customer', cash: '4.000' },
      driver.cookie,
    );
    expect(short.status).toBe(400);
    const page = decoded(await short.text());
    expect(page).toContain('Less than the amount to collect: write a note saying why.');
    expect(page).toContain('value="4.000"');
    // The message is not a live region already in the page: it takes the focus on load (issue 73), and
    // the field it is about is marked invalid and described by it; the other fields are not.
    const alert = `stop-${id}-error`;
    expect(page).toMatch(new RegExp(`<p class="note error" role="alert" id="${alert}" tabindex="-1" autofocus="">`));
    expect(page).toMatch(new RegExp(`id="stop-${id}-cash-note"[^>]*aria-invalid="true" aria-describedby="${alert}"`));
    expect(page).not.toMatch(new RegExp(`id="stop-${id}-cash"[^>]*aria-invalid`));
    const over = decoded(
      await (
        await staffPost(`/driver/stops/${id}/delivered`, { received_by: 'customer', cash: '6.000' }, driver.cookie)
      ).text(),
    );
    expect(over).toMatch(new RegExp(`id="stop-${id}-cash"[^>]*aria-invalid="true" aria-describedby="${alert}"`));
    expect(over.match(/autofocus=""/g)).toHaveLength(1);
    const stranger = await staffPost(`/driver/stops/${id}/failed`, { reason: 'not_home' }, driverAr.cookie);
    expect(stranger.status).toBe(404);
    const done = await staffPost(
      `/driver/stops/${id}/delivered`,
      { received_by: 'family', receiver_name: 'Her sister', cash: '5.000' },
      driver.cookie,
    );
    expect(done.status).toBe(303);
    const after = decoded(await (await staffPage(done.headers.get('location')!, driver.cookie)).text());
    expect(after).toContain('Marked delivered.');
    expect(after).toContain('Delivered · received by: Family');
  });

  it('is closed to staff who are not drivers', async () => {
    expect((await staffPage('/driver', support)).status).toBe(403);
  });
});

describe('the Deliveries page', () => {
  it('shows each driver’s run and the stops to assign, in both languages', async () => {
    await createStop('Abdali', 0, null);
    const html = decoded(await (await staffPage('/deliveries', clerk)).text());
    expect(html).toContain('Stops to assign');
    expect(html).toContain('Huda’s run');
    expect(html).toContain('action="/deliveries/assign"');
    const ar = await (await staffPage('/deliveries', clerkAr)).text();
    expect(ar).toContain('توقفات تنتظر سائقاً');
  });
});

describe('the Cash on delivery page', () => {
  const upload = (csv: string, cookie = clerk) => {
    const form = new FormData();
    form.set('carrier', 'aramex');
    form.set('currency', 'KWD');
    form.set('statement_ref', 'ARX-2026-47');
    form.set('file', new File([csv], 'aramex.csv', { type: 'text/csv' }));
    return staffPost('/cod/preview', form, cookie);
  };
  const shipment = async (cod: number) => {
    const tracking = `A${crypto.randomUUID().slice(0, 10)}`;
    const now = Date.now();
    await env.API_DB.prepare(
      `INSERT INTO shipments (order_id, country, carrier, speed, status, reference, tracking_number, cod_amount, currency, last_event_at, created_at, updated_at)
       VALUES (1, 'KW', 'aramex', 'standard', 'delivered', ?, ?, ?, 'KWD', ?, ?, ?)`,
    )
      .bind(`R-${tracking}`, tracking, cod, now, now, now)
      .run();
    return tracking;
  };

  it('previews a file line by line, imports it on confirmation, and refuses it a second time', async () => {
    const a = await shipment(12500);
    const csv = `AWB Number,COD Amount,COD Currency\n${a},12.500,KWD\n`;
    const preview = await upload(csv);
    expect(preview.status).toBe(200);
    const html = decoded(await preview.text());
    expect(html).toContain('1 line can be imported, KWD 12.500 in all. Nothing has changed yet.');
    expect(html).toContain('data-outcome="matched"');
    const file = /name="file" value="([^"]+)"/.exec(html)![1]!;
    const imported = await staffPost(
      '/cod/import',
      { carrier: 'aramex', currency: 'KWD', statement_ref: 'ARX-2026-47', file_name: 'aramex.csv', file },
      clerk,
    );
    expect(imported.status).toBe(303);
    const after = decoded(await (await staffPage(imported.headers.get('location')!, clerk)).text());
    expect(after).toContain('Statement imported.');
    expect(after).toContain('ARX-2026-47');
    const again = decoded(await (await upload(csv)).text());
    expect(again).toContain('This file has been imported already. Nothing will change.');
    expect(again).not.toContain('action="/cod/import"');
  });

  it('shows a file with an unknown parcel as changing nothing, in Arabic too', async () => {
    const csv = 'AWB Number,COD Amount\nNOPE-1,1.000\n';
    const html = decoded(await (await upload(csv)).text());
    expect(html).toContain('Nothing will be imported from this file');
    expect(html).toContain('Unknown parcel');
    expect(html).not.toContain('action="/cod/import"');
    const ar = decoded(await (await upload(csv, clerkAr)).text());
    expect(ar).toContain('لن يُستورد شيء من هذا الملف');
    expect(ar).toContain('طرد غير معروف');
    expect(ar).toContain('AWB Number');
  });

  it('says why a line of a parcel never delivered, or naming two parcels, stops the file, in both languages', async () => {
    const first = await shipment(1000);
    const second = await shipment(2000);
    await env.API_DB.prepare("UPDATE shipments SET status = 'returned' WHERE tracking_number = ?").bind(second).run();
    const csv = `AWB Number,Shipper Reference,COD Amount\n${second},,2.000\n${first},R-${second},1.000\n`;
    const html = decoded(await (await upload(csv)).text());
    expect(html).toContain('Never delivered (no cash collected)');
    expect(html).toContain('Waybill and reference name two parcels');
    expect(html).not.toContain('action="/cod/import"');
    const ar = decoded(await (await upload(csv, clerkAr)).text());
    expect(ar).toContain('لم يُسلَّم (لم يُحصَّل نقد)');
    expect(ar).toContain('رقم الشحنة والمرجع يشيران إلى طردين مختلفين');
  });

  it('shows a long file a page of lines at a time', async () => {
    const csv = ['AWB Number,COD Amount', ...Array.from({ length: 205 }, (_, i) => `NOPE-${i},1.000`)].join('\n');
    const html = decoded(await (await upload(csv)).text());
    expect(html).toContain('Lines 1 to 200 of 205');
    expect(html.match(/data-outcome=/g)).toHaveLength(200);
    expect(html).toContain('action="/cod/preview/page"');
    const file = /name="file" value="([^"]+)"/.exec(html)![1]!;
    const next = await staffPost(
      '/cod/preview/page',
      { carrier: 'aramex', currency: 'KWD', statement_ref: 'ARX-2026-47', file_name: 'aramex.csv', file, page: '2' },
      clerk,
    );
    const second = decoded(await next.text());
    expect(second).toContain('Lines 201 to 205 of 205');
    expect(second).toContain('Previous lines');
    expect(second.match(/data-outcome=/g)).toHaveLength(5);
  });

  it('shows a driver who also counts cash that someone else must count hers, on its form; nothing recorded', async () => {
    const both = await staffSignIn([
      { role: 'driver', country: 'KW' },
      { role: 'fulfilment', country: 'KW' },
    ]);
    const parcel = await createStop('Jabriya', 3000, both.id);
    const id = await stopId(parcel.trackingNumber);
    const marked = await staffPost(
      `/driver/stops/${id}/delivered`,
      { received_by: 'customer', cash: '3.000' },
      both.cookie,
    );
    expect(marked.status).toBe(303);
    const day = gulfDate(Date.now());
    const res = await staffPost('/cod/handins', { staff_id: String(both.id), day, amount: '3.000' }, both.cookie);
    expect(res.status).toBe(409);
    const html = decoded(await res.text());
    expect(html).toMatch(
      new RegExp(`data-testid="handin-${both.id}-${day}"[\\s\\S]*Someone else must count the cash you hand in`),
    );
    const recorded = await env.API_DB.prepare('SELECT count(*) AS n FROM driver_handins WHERE staff_id = ?')
      .bind(both.id)
      .first<{ n: number }>();
    expect(recorded!.n).toBe(0);
  });

  it('is closed to staff without cod:reconcile', async () => {
    expect((await staffPage('/cod', support)).status).toBe(403);
    expect((await staffPage('/cod', driver.cookie)).status).toBe(403);
  });
});
