// The shop's own drivers on real D1 (issue 62): the 'own' carrier puts a parcel on the run of its
// area's driver (else its governorate's, else unassigned), prints a 4×6 label, and reports the
// driver's marks as tracking events with stable keys; a driver sees and marks only her own stops;
// the cash collected must equal the stop's or be short with a note; staff assign and reorder stops
// and count the cash handed in; each needs its permission.
import { env } from 'cloudflare:workers';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CarrierConfig, carrierFor } from '#api/src/carriers/index';
import { ownCarrier } from '#api/src/carriers/own';
import { gulfDate } from '#shared/gulf-days';
import { TIME_ZONES } from '#shared/countries/delivery';
import { OWN_FLEET_COUNTRY } from '#shared/countries/rules';
import { dateIn } from '#shared/country-days';
import { json } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';
import { ownRequest } from './cod-fixtures';

let huda: TestStaff;
let mona: TestStaff;
let clerk: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  huda = await staffWith([{ role: 'driver', country: 'KW' }], { name: 'Huda Driver' });
  mona = await staffWith([{ role: 'driver', country: 'KW' }], { name: 'Mona Driver' });
  clerk = await staffWith([{ role: 'fulfilment', country: 'KW' }], { name: 'Clerk' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
  // Huda takes Salmiya (area 26); Mona the whole Farwaniya governorate (3).
  for (const zone of [
    { kind: 'area', zone_id: 26, staff_id: huda.id },
    { kind: 'governorate', zone_id: 3, staff_id: mona.id },
  ])
    expect((await staffCall(clerk.token, '/staff/deliveries/zones', { json: zone })).status).toBe(200);
});

const day = async (who: TestStaff) => (await json(await staffCall(who.token, '/staff/driver/day'))).data;
const stopOf = (tracking: string) =>
  env.DB.prepare('SELECT * FROM driver_stops WHERE tracking_number = ?').bind(tracking).first<any>();

describe('the own carrier', () => {
  it('is served in both carrier modes, in Kuwait only', async () => {
    for (const mode of ['local', 'live'] as const) {
      const carrier = carrierFor(env, { CARRIER_MODE: mode } as CarrierConfig, 'own');
      expect(carrier.code).toBe('own');
      expect(carrier.pushesEvents).toBe(false);
    }
    const sa = ownRequest('Riyadh', 0);
    await expect(
      ownCarrier(env.DB).createShipment({ ...sa, consignee: { ...sa.consignee, country: 'SA' } }),
    ).rejects.toMatchObject({ carrierCode: 'COUNTRY' });
  });

  it('puts a parcel on its area’s driver’s run, else its governorate’s, else unassigned; once per reference', async () => {
    const carrier = ownCarrier(env.DB);
    const salmiya = ownRequest('Salmiya', 12500);
    const first = await carrier.createShipment(salmiya);
    const again = await carrier.createShipment(salmiya);
    expect(again.trackingNumber).toBe(first.trackingNumber);
    expect(first.labelSize).toBe('4x6');
    const pdf = await PDFDocument.load(first.label);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(await stopOf(first.trackingNumber)).toMatchObject({
      staff_id: huda.id,
      day: gulfDate(Date.now()),
      cod_amount: 12500,
    });
    const khaitan = await carrier.createShipment(ownRequest('Khaitan', 0));
    expect((await stopOf(khaitan.trackingNumber)).staff_id).toBe(mona.id);
    const jahra = await carrier.createShipment(ownRequest('Jahra', 0));
    expect((await stopOf(jahra.trackingNumber)).staff_id).toBeNull();
    const count = await env.DB.prepare('SELECT count(*) AS n FROM driver_stops WHERE reference = ?')
      .bind(salmiya.reference)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
    expect((await carrier.bookPickup({ day: '2026-11-29' } as never)).carrierRef).toBe('OWN-20261129');
  });
});

describe('the own fleet’s day', () => {
  it('is its country’s day on that country’s clocks: the stop, the driver’s page and the Deliveries page', async () => {
    // The fleet's country moved, in this isolate, to a zone on another date than UTC+3 at the hour the
    // test runs: Kiritimati (UTC+14) from 10:00 to 21:00 UTC, UTC−12 the rest of the day.
    const zones = TIME_ZONES as Record<string, string>;
    const kept = zones[OWN_FLEET_COUNTRY]!;
    const now = Date.now();
    const zone = ['Pacific/Kiritimati', 'Etc/GMT+12'].find((z) => dateIn(z, now) !== gulfDate(now))!;
    zones[OWN_FLEET_COUNTRY] = zone;
    try {
      const today = dateIn(zone, Date.now());
      const stop = await ownCarrier(env.DB).createShipment(ownRequest('Salmiya', 0));
      expect((await stopOf(stop.trackingNumber)).day).toBe(today);
      const page = await day(huda);
      expect(page.day).toBe(today);
      expect(page.stops.map((s: { tracking_number: string }) => s.tracking_number)).toContain(stop.trackingNumber);
      expect((await json(await staffCall(clerk.token, '/staff/deliveries'))).data.day).toBe(today);
    } finally {
      zones[OWN_FLEET_COUNTRY] = kept;
    }
  });
});

describe('the driver’s day', () => {
  it('shows a driver only her stops, and another driver’s stop is not found', async () => {
    const carrier = ownCarrier(env.DB);
    const hers = await carrier.createShipment(ownRequest('Salmiya', 8000));
    const theirs = await carrier.createShipment(ownRequest('Khaitan', 0));
    const hudaDay = await day(huda);
    expect(hudaDay.stops.map((s: { tracking_number: string }) => s.tracking_number)).toContain(hers.trackingNumber);
    expect(hudaDay.stops.map((s: { tracking_number: string }) => s.tracking_number)).not.toContain(
      theirs.trackingNumber,
    );
    const stop = hudaDay.stops.find((s: { tracking_number: string }) => s.tracking_number === hers.trackingNumber);
    expect(stop).toMatchObject({
      name: 'Sara Al-Ali',
      phone: '+96598765432',
      area: 'Salmiya',
      cod_amount: 8000,
      currency: 'KWD',
    });
    // Stored as lines only (no parts): shown as they were, with the area's Arabic name and governorate.
    expect(stop).toMatchObject({
      address: {},
      address_lines: ['Block 3', 'Street 12', 'House 7'],
      area_ar: 'السالمية',
    });
    const other = (await stopOf(theirs.trackingNumber)).id;
    const res = await staffCall(huda.token, `/staff/driver/stops/${other}/failed`, { json: { reason: 'not_home' } });
    expect(res.status).toBe(404);
    expect((await stopOf(theirs.trackingNumber)).status).toBe('pending');
    // Not a driver: 403.
    expect((await staffCall(support.token, '/staff/driver/day')).status).toBe(403);
    expect((await staffCall(clerk.token, '/staff/driver/day')).status).toBe(403);
  });

  it('keeps the typed parts of the address by name, and gives the area in Arabic with its governorate', async () => {
    const request = ownRequest('Salmiya', 0);
    request.consignee.address = {
      parts: { block: '4', street: '12', building: '7' },
      places: { en: { area: 'Salmiya', region: 'Hawalli' }, ar: { area: 'السالمية', region: 'حولي' } },
    };
    const parcel = await ownCarrier(env.DB).createShipment(request);
    const stop = (await day(huda)).stops.find(
      (s: { tracking_number: string }) => s.tracking_number === parcel.trackingNumber,
    );
    expect(stop).toMatchObject({
      address: { block: '4', street: '12', building: '7' },
      address_lines: [],
      area: 'Salmiya',
      area_ar: 'السالمية',
      governorate_en: 'Hawalli',
      governorate_ar: 'حولي',
    });
  });

  it('marks delivered with the cash, refusing more than the amount and less without a note; events follow', async () => {
    const carrier = ownCarrier(env.DB);
    const parcel = await carrier.createShipment(ownRequest('Salmiya', 12500));
    const id = (await stopOf(parcel.trackingNumber)).id;
    const deliver = (body: Record<string, string>) =>
      staffCall(huda.token, `/staff/driver/stops/${id}/delivered`, { json: body });
    const over = await deliver({ received_by: 'customer', cash: '13.000' });
    expect(over.status).toBe(400);
    expect((await json(over)).meta.msg).toBe('driver_cash_over');
    const short = await deliver({ received_by: 'customer', cash: '12.000' });
    expect((await json(short)).meta.msg).toBe('driver_cash_short_note');
    const none = await deliver({ received_by: 'customer' });
    expect((await json(none)).meta.msg).toBe('driver_cash_required');
    const noName = await deliver({ received_by: 'guard', cash: '12.500' });
    expect(noName.status).toBe(400);
    expect((await stopOf(parcel.trackingNumber)).status).toBe('pending');

    const started = await staffCall(huda.token, '/staff/driver/run/start', { json: {} });
    expect(started.status).toBe(200);
    const ok = await deliver({
      received_by: 'guard',
      receiver_name: 'Abu Ahmad',
      cash: '12.000',
      cash_note: 'Had 12 only',
    });
    expect(ok.status).toBe(200);
    expect(await stopOf(parcel.trackingNumber)).toMatchObject({
      status: 'delivered',
      received_by: 'guard',
      receiver_name: 'Abu Ahmad',
      cash_collected: 12000,
      cash_note: 'Had 12 only',
    });
    const twice = await deliver({ received_by: 'customer', cash: '12.500' });
    expect(twice.status).toBe(409);

    const events = await carrier.track([parcel.trackingNumber]);
    expect(events.map((e) => e.status)).toEqual(['picked_up', 'out_for_delivery', 'delivered']);
    // Read again: the same keys, so the poller records each once.
    expect((await carrier.track([parcel.trackingNumber])).map((e) => e.eventKey)).toEqual(
      events.map((e) => e.eventKey),
    );
    expect(new Set(events.map((e) => e.eventKey)).size).toBe(3);
  });

  it('marks a failed attempt with its reason, which the tracked event carries', async () => {
    const carrier = ownCarrier(env.DB);
    const parcel = await carrier.createShipment(ownRequest('Salmiya', 0));
    const id = (await stopOf(parcel.trackingNumber)).id;
    const other = await staffCall(huda.token, `/staff/driver/stops/${id}/failed`, { json: { reason: 'other' } });
    expect(other.status).toBe(400);
    expect((await json(other)).data.fields[0].message).toBe('driver_note_required');
    const res = await staffCall(huda.token, `/staff/driver/stops/${id}/failed`, { json: { reason: 'no_answer' } });
    expect(res.status).toBe(200);
    const events = await carrier.track([parcel.trackingNumber]);
    expect(events.at(-1)).toMatchObject({ status: 'failed_attempt', reason: 'no_answer' });
    expect(events.map((e) => e.status)).toEqual(['picked_up', 'out_for_delivery', 'failed_attempt']);
  });
});

describe('the Deliveries page’s API and the hand-in', () => {
  it('assigns a waiting stop to a driver and reorders her run; needs orders:fulfil', async () => {
    const carrier = ownCarrier(env.DB);
    const waiting = await carrier.createShipment(ownRequest('Jahra', 0));
    const stopId = (await stopOf(waiting.trackingNumber)).id;
    expect(
      (await staffCall(support.token, '/staff/deliveries/assign', { json: { stop_id: stopId, staff_id: mona.id } }))
        .status,
    ).toBe(403);
    expect(
      (await staffCall(clerk.token, '/staff/deliveries/assign', { json: { stop_id: stopId, staff_id: support.id } }))
        .status,
    ).toBe(400);
    expect(
      (await staffCall(clerk.token, '/staff/deliveries/assign', { json: { stop_id: stopId, staff_id: mona.id } }))
        .status,
    ).toBe(200);
    const before = (await day(mona)).stops.map((s: { id: number }) => s.id);
    expect(before.at(-1)).toBe(stopId);
    expect(
      (await staffCall(clerk.token, '/staff/deliveries/move', { json: { stop_id: stopId, direction: 'up' } })).status,
    ).toBe(200);
    const after = (await day(mona)).stops.map((s: { id: number }) => s.id);
    expect(after.at(-2)).toBe(stopId);
    expect(after.at(-1)).toBe(before.at(-2));
    const page = (await json(await staffCall(clerk.token, '/staff/deliveries'))).data;
    expect(page.drivers.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['Huda Driver', 'Mona Driver']),
    );
  });

  it('records a driver’s hand-in against the day’s delivered cash; a difference needs a note and is listed', async () => {
    const today = gulfDate(Date.now());
    const expected = await env.DB.prepare(
      "SELECT SUM(cod_amount) AS n FROM driver_stops WHERE staff_id = ? AND day = ? AND status = 'delivered'",
    )
      .bind(huda.id, today)
      .first<{ n: number }>();
    const handin = (amount: string, note?: string) =>
      staffCall(clerk.token, '/staff/cod/handins', {
        json: { staff_id: huda.id, day: today, amount, ...(note ? { note } : {}) },
      });
    const noNote = await handin('10.000');
    expect((await json(noNote)).meta.msg).toBe('cod_handin_note_required');
    const res = await handin('10.000', 'Short by the Salmiya stop');
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ expected: expected!.n, handed: 10000, difference: 10000 - expected!.n });
    const cod = (await json(await staffCall(clerk.token, '/staff/cod'))).data;
    const row = cod.handins.find((h: { staff_id: number }) => h.staff_id === huda.id);
    expect(row).toMatchObject({
      expected: expected!.n,
      handed: 10000,
      difference: 10000 - expected!.n,
      collected: 12000,
    });
    expect(cod.totals.find((t: { carrier: string }) => t.carrier === 'own')).toMatchObject({ remitted: 10000 });
    expect(
      (await staffCall(huda.token, '/staff/cod/handins', { json: { staff_id: huda.id, day: today, amount: '1' } }))
        .status,
    ).toBe(403);
  });

  it('refuses a driver who also reconciles cash to count her own hand-in (409), records nothing', async () => {
    // One account with a driver's and fulfilment's roles: cod:reconcile passes, the hand-in must not.
    const both = await staffWith(
      [
        { role: 'driver', country: 'KW' },
        { role: 'fulfilment', country: 'KW' },
      ],
      { name: 'Noor Driver Clerk' },
    );
    const today = gulfDate(Date.now());
    // A cash parcel on her run, delivered by her with the cash.
    const parcel = await ownCarrier(env.DB).createShipment(ownRequest('Jahra', 5000));
    const stopId = (await stopOf(parcel.trackingNumber)).id;
    expect(
      (await staffCall(clerk.token, '/staff/deliveries/assign', { json: { stop_id: stopId, staff_id: both.id } }))
        .status,
    ).toBe(200);
    expect(
      (
        await staffCall(both.token, `/staff/driver/stops/${stopId}/delivered`, {
          json: { received_by: 'customer', cash: '5.000' },
        })
      ).status,
    ).toBe(200);
    const own = await staffCall(both.token, '/staff/cod/handins', {
      json: { staff_id: both.id, day: today, amount: '5.000' },
    });
    expect(own.status).toBe(409);
    expect((await json(own)).meta.msg).toBe('cod_handin_not_yourself');
    const recorded = await env.DB.prepare('SELECT count(*) AS n FROM driver_handins WHERE staff_id = ?')
      .bind(both.id)
      .first<{ n: number }>();
    expect(recorded!.n).toBe(0);
    // Someone else counts it.
    const counted = await staffCall(clerk.token, '/staff/cod/handins', {
      json: { staff_id: both.id, day: today, amount: '5.000' },
    });
    expect(counted.status).toBe(200);
  });
});
