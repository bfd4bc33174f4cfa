// Cash on delivery settled through the API on real D1 (issue 62): a statement previewed line by line
// changes nothing; a file with an unknown parcel, another currency or an already matched line is
// refused whole; a clean one is applied in one batch with the right totals in KWD and SAR; the same
// file twice is refused; the overview lists short, over and missing parcels; cod:reconcile is needed.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';
import { cashShipment } from './cod-fixtures';
import { dateIn } from '#shared/country-days';

let clerk: TestStaff;
let kwOnly: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Fatma' });
  kwOnly = await staffWith([{ role: 'fulfilment', country: 'KW' }], { name: 'Kuwait clerk' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
});

const statement = (carrier: string, currency: string, csv: string, who = clerk) => ({
  preview: () =>
    staffCall(who.token, '/staff/cod/remittances/preview', {
      json: { carrier, currency, statement_ref: 'ST-1', file_name: 's.csv', csv },
    }),
  apply: () =>
    staffCall(who.token, '/staff/cod/remittances', {
      json: { carrier, currency, statement_ref: 'ST-1', file_name: 's.csv', csv },
    }),
});
const lineCount = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM cod_remittance_lines').first<{ n: number }>())!.n;

describe('importing a remittance statement', () => {
  it('previews every line and changes nothing; a bad line stops the whole file', async () => {
    const a = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 12500 });
    const b = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 8000 });
    const sa = await cashShipment({ carrier: 'aramex', country: 'SA', cod: 11340 });
    const csv = [
      'AWB Number,COD Amount,COD Currency,Remittance Date',
      `${a.tracking},12.500,KWD,2026-11-20`,
      `${b.tracking},7.000,KWD,2026-11-20`,
      'NOT-OURS,1.000,KWD,2026-11-20',
      `${sa.tracking},113.40,SAR,2026-11-20`,
    ].join('\n');
    const before = await lineCount();
    const preview = await json(await statement('aramex', 'KWD', csv).preview());
    expect(preview.data.lines.map((l: { outcome: string }) => l.outcome)).toEqual([
      'matched',
      'short',
      'unknown',
      'wrong_currency',
    ]);
    expect(preview.data.applicable).toBe(false);
    const refused = await statement('aramex', 'KWD', csv).apply();
    expect(refused.status).toBe(409);
    const body = await json(refused);
    expect(body.meta.msg).toBe('cod_file_blocked');
    expect(body.data.lines).toHaveLength(4);
    expect(await lineCount()).toBe(before);
    const statements = await env.DB.prepare(
      "SELECT count(*) AS n FROM cod_remittances WHERE statement_ref = 'ST-1'",
    ).first<{ n: number }>();
    expect(statements!.n).toBe(0);
  });

  it('applies a clean Kuwait file in one batch, refuses it a second time and any line already matched', async () => {
    const a = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 12500 });
    const b = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 8000 });
    const c = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 3000 });
    const csv = `AWB Number,COD Amount,COD Currency\n${a.tracking},12.500,KWD\n${b.tracking},7.750,KWD\n${c.tracking},"3.250",KWD\n`;
    const applied = await statement('aramex', 'KWD', csv).apply();
    expect(applied.status).toBe(200);
    expect((await json(applied)).meta.msg).toBe('cod_file_imported');
    const rows = await env.DB.prepare(
      `SELECT l.shipment_id, l.amount_minor, l.outcome, r.total_minor, r.currency FROM cod_remittance_lines l
       JOIN cod_remittances r ON r.id = l.remittance_id WHERE l.shipment_id IN (?, ?, ?) ORDER BY l.line_no`,
    )
      .bind(a.id, b.id, c.id)
      .all();
    expect(rows.results).toEqual([
      { shipment_id: a.id, amount_minor: 12500, outcome: 'matched', total_minor: 23500, currency: 'KWD' },
      { shipment_id: b.id, amount_minor: 7750, outcome: 'short', total_minor: 23500, currency: 'KWD' },
      { shipment_id: c.id, amount_minor: 3250, outcome: 'over', total_minor: 23500, currency: 'KWD' },
    ]);

    // The same file again: refused, nothing added.
    const again = await statement('aramex', 'KWD', csv).apply();
    expect(again.status).toBe(409);
    expect((await json(again)).meta.msg).toBe('cod_file_already_imported');
    const preview = await json(await statement('aramex', 'KWD', csv).preview());
    expect(preview.data.imported_as).not.toBeNull();
    expect(preview.data.applicable).toBe(false);

    // Another file naming a parcel already paid: refused whole, the new parcel on it stays unpaid.
    const d = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 5000 });
    const other = `AWB Number,COD Amount\n${d.tracking},5.000\n${a.tracking},12.500\n`;
    const blocked = await statement('aramex', 'KWD', other).apply();
    expect(blocked.status).toBe(409);
    const lines = (await json(blocked)).data.lines.map((l: { outcome: string }) => l.outcome);
    expect(lines).toEqual(['matched', 'already_matched']);
    const paid = await env.DB.prepare('SELECT count(*) AS n FROM cod_remittance_lines WHERE shipment_id = ?')
      .bind(d.id)
      .first<{ n: number }>();
    expect(paid!.n).toBe(0);
  });

  it('applies a Saudi SMSA file in halalas, with the parcel found by the shop’s reference', async () => {
    const a = await cashShipment({ carrier: 'smsa', country: 'SA', cod: 11340 });
    const b = await cashShipment({ carrier: 'smsa', country: 'SA', cod: 1999 });
    const csv = `AWB No,Reference,COD Amount,Currency,Payment Date\n${a.tracking},,"113.40",SAR,2026-11-21\n,${b.reference},19.99,SAR,2026-11-21\n`;
    const applied = await statement('smsa', 'SAR', csv).apply();
    expect(applied.status).toBe(200);
    const body = await json(applied);
    expect(body.data.total).toBe(13339);
    const r = await env.DB.prepare('SELECT total_minor, currency, line_count FROM cod_remittances WHERE file_hash = ?')
      .bind(body.data.file_hash)
      .first();
    expect(r).toEqual({ total_minor: 13339, currency: 'SAR', line_count: 2 });
  });

  it('flags parcels never delivered and a line naming two parcels, and applies nothing for them', async () => {
    const delivered = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 2000 });
    const onItsWay = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 2100, status: 'out_for_delivery' });
    const returned = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 2200, status: 'returned' });
    const cancelled = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 2300, status: 'cancelled' });
    const first = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 2400 });
    const second = await cashShipment({ carrier: 'aramex', country: 'KW', cod: 2500 });
    const csv = [
      'AWB Number,Shipper Reference,COD Amount',
      `${delivered.tracking},,2.000`,
      `${onItsWay.tracking},,2.100`,
      `${returned.tracking},,2.200`,
      `${cancelled.tracking},,2.300`,
      // The waybill names one parcel, the reference another.
      `${first.tracking},${second.reference},2.400`,
    ].join('\n');
    const preview = await json(await statement('aramex', 'KWD', csv).preview());
    expect(preview.data.lines.map((l: { outcome: string }) => l.outcome)).toEqual([
      'matched',
      'not_delivered',
      'not_delivered',
      'not_delivered',
      'conflicting',
    ]);
    expect(preview.data.counts).toMatchObject({ not_delivered: 3, conflicting: 1 });
    expect(preview.data.applicable).toBe(false);
    const refused = await statement('aramex', 'KWD', csv).apply();
    expect(refused.status).toBe(409);
    expect((await json(refused)).meta.msg).toBe('cod_file_blocked');
    const paid = await env.DB.prepare(
      'SELECT count(*) AS n FROM cod_remittance_lines WHERE shipment_id IN (SELECT value FROM json_each(?))',
    )
      .bind(JSON.stringify([delivered.id, onItsWay.id, returned.id, cancelled.id, first.id, second.id]))
      .first<{ n: number }>();
    expect(paid!.n).toBe(0);
  });

  it('answers a long statement a page of lines at a time, and applies every line', async () => {
    const parcels = [];
    for (let i = 0; i < 5; i++) parcels.push(await cashShipment({ carrier: 'smsa', country: 'SA', cod: 1000 + i }));
    // 445 more delivered parcels stored in one batch: a file of 450 lines, every one of which applies.
    const at = Date.now();
    const many = await env.DB.batch(
      Array.from({ length: 445 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO shipments (order_id, country, carrier, speed, status, reference, tracking_number, cod_amount, currency,
             last_event_at, created_at, updated_at)
           VALUES (?1, 'SA', 'smsa', 'standard', 'delivered', ?2, ?3, 500, 'SAR', ?4, ?4, ?4)`,
        ).bind(900_000 + i, `R-PAGE-${i}`, `TPAGE${String(i).padStart(4, '0')}`, at),
      ),
    );
    expect(many).toHaveLength(445);
    const trackings = [
      ...parcels.map((p) => p.tracking),
      ...Array.from({ length: 445 }, (_, i) => `TPAGE${String(i).padStart(4, '0')}`),
    ];
    const csv = [
      'AWB No,COD Amount,Currency',
      ...trackings.map((t, i) => `${t},${i < 5 ? `${10 + i / 100}` : '5.00'},SAR`),
    ].join('\n');
    const page = async (n?: number) =>
      json(
        await staffCall(clerk.token, '/staff/cod/remittances/preview', {
          json: {
            carrier: 'smsa',
            currency: 'SAR',
            statement_ref: 'ST-PAGE',
            file_name: 's.csv',
            csv,
            ...(n ? { page: n } : {}),
          },
        }),
      );
    const one = await page();
    expect(one.data).toMatchObject({ line_count: 450, page: 1, pages: 3, page_size: 200, applicable: true });
    expect(one.data.lines).toHaveLength(200);
    expect(one.data.counts.matched).toBe(450);
    const three = await page(3);
    expect(three.data.lines).toHaveLength(50);
    expect(three.data.lines[0].line).toBe(402);
    expect(three.data.total).toBe(one.data.total);
    // Past the last page: the last page.
    expect((await page(9)).data.page).toBe(3);
    const applied = await staffCall(clerk.token, '/staff/cod/remittances', {
      json: { carrier: 'smsa', currency: 'SAR', statement_ref: 'ST-PAGE', file_name: 's.csv', csv },
    });
    expect(applied.status).toBe(200);
    expect((await json(applied)).data.lines).toHaveLength(200);
    const stored = await env.DB.prepare(
      'SELECT count(*) AS n, SUM(amount_minor) AS total FROM cod_remittance_lines l JOIN cod_remittances r ON r.id = l.remittance_id WHERE r.statement_ref = ?',
    )
      .bind('ST-PAGE')
      .first<{ n: number; total: number }>();
    expect(stored).toEqual({ n: 450, total: one.data.total });
  });

  it('refuses a file in another currency than the form’s, and a file without the carrier’s columns', async () => {
    const a = await cashShipment({ carrier: 'aramex', country: 'SA', cod: 5000 });
    const res = await statement('aramex', 'KWD', `AWB Number,COD Amount\n${a.tracking},50.00\n`).apply();
    expect(res.status).toBe(409);
    expect((await json(res)).data.lines[0]).toMatchObject({
      outcome: 'wrong_currency',
      shipment_id: null,
      expected: null,
    });
    const columns = await statement('aramex', 'KWD', 'Waybill,Total\nX,1\n').preview();
    expect(columns.status).toBe(400);
    expect((await json(columns)).meta.msg).toBe('cod_columns_missing');
  });

  it('needs cod:reconcile, and the country of the statement', async () => {
    const csv = 'AWB Number,COD Amount\nX,1.000\n';
    expect((await statement('aramex', 'KWD', csv, support).preview()).status).toBe(403);
    expect((await staffCall(support.token, '/staff/cod')).status).toBe(403);
    expect((await statement('smsa', 'SAR', 'AWB No,COD Amount\nX,1.00\n', kwOnly).apply()).status).toBe(403);
  });
});

describe('the cash-on-delivery overview', () => {
  it('lists short, over and missing parcels and the weekly totals per carrier', async () => {
    const missing = await cashShipment({ carrier: 'smsa', country: 'SA', cod: 4500, daysAgo: 20 });
    const waiting = await cashShipment({ carrier: 'smsa', country: 'SA', cod: 4600, daysAgo: 2 });
    const short = await cashShipment({ carrier: 'smsa', country: 'SA', cod: 10000, daysAgo: 3 });
    const csv = `AWB No,COD Amount,Currency\n${short.tracking},90.00,SAR\n`;
    expect((await statement('smsa', 'SAR', csv).apply()).status).toBe(200);
    const data = (await json(await staffCall(clerk.token, '/staff/cod'))).data;
    const status = (id: number) => data.differences.find((d: { id: number }) => d.id === id)?.status;
    expect(status(missing.id)).toBe('missing');
    expect(status(short.id)).toBe('short');
    expect(status(waiting.id)).toBeUndefined();
    expect(data.counts.not_yet_remitted).toBeGreaterThan(0);
    const smsa = data.totals.filter(
      (t: { carrier: string; currency: string }) => t.carrier === 'smsa' && t.currency === 'SAR',
    );
    const expected = smsa.reduce((n: number, t: { expected: number }) => n + t.expected, 0);
    const remitted = smsa.reduce((n: number, t: { remitted: number }) => n + t.remitted, 0);
    const sums = await env.DB.prepare(
      `SELECT SUM(s.cod_amount) AS expected, SUM(COALESCE(l.amount_minor, 0)) AS remitted FROM shipments s
       LEFT JOIN cod_remittance_lines l ON l.shipment_id = s.id
       WHERE s.carrier = 'smsa' AND s.status = 'delivered' AND s.cod_amount > 0 AND s.last_event_at >= ?`,
    )
      .bind(Date.now() - 70 * 24 * 60 * 60 * 1000)
      .first<{ expected: number; remitted: number }>();
    expect(expected).toBe(sums!.expected);
    expect(remitted).toBe(sums!.remitted);
    // A Kuwait-only clerk sees no Saudi parcel.
    const kw = (await json(await staffCall(kwOnly.token, '/staff/cod'))).data;
    expect(kw.differences.some((d: { currency: string }) => d.currency === 'SAR')).toBe(false);
  });

  it('counts an Emirates parcel in the week from Monday, on Dubai’s clocks', async () => {
    // Monday 00:30 in Dubai, two or three weeks back: the first minutes of a week there (the Emirates'
    // weekend is Saturday and Sunday), though it is still Sunday 23:30 in Kuwait.
    const day = 24 * 60 * 60 * 1000;
    let monday = Date.now() - 14 * day;
    while (new Date(Date.parse(`${dateIn('Asia/Dubai', monday)}T00:00:00Z`)).getUTCDay() !== 1) monday -= day;
    const date = dateIn('Asia/Dubai', monday);
    await cashShipment({ carrier: 'aramex', country: 'AE', cod: 12_300, at: Date.parse(`${date}T00:30:00+04:00`) });
    const data = (await json(await staffCall(clerk.token, '/staff/cod'))).data;
    const aed = data.totals.filter((t: { currency: string }) => t.currency === 'AED');
    const week = aed.find((t: { carrier: string; week: string }) => t.carrier === 'aramex' && t.week === date);
    expect(week?.expected).toBeGreaterThanOrEqual(12_300);
    // Every AED week starts on a Monday.
    for (const t of aed as Array<{ week: string }>) expect(new Date(`${t.week}T00:00:00Z`).getUTCDay()).toBe(1);
  });
});
