// The SMSA Express adapter against the e-commerce API's documented shapes: the B2C and C2B shipments it
// creates, the base64 waybills it reads back, its validation refusals and its bulk tracking.
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { bytesToBase64 } from '#shared/bytes';
import { smsaCarrier, smsaStatus } from './smsa';
import { hangingFetch, pdfWithPages, recordingFetch } from './test-fetch';
import { CarrierRefused, CarrierUnavailable, type Party, type ShipmentRequest } from './types';

const API_KEY = 'b60dbb7bc50a4331a3411c820c08dffc';

const shop: Party = {
  name: 'Gulf Vitamins Riyadh',
  phone: '+966112000000',
  lines: ['King Fahd Road, Al Olaya', 'Building 4410'],
  city: 'Riyadh',
  country: 'SA',
  postalCode: '12211',
};
const noura: Party = {
  name: 'Noura Saad',
  phone: '+966512345678',
  lines: ['Al Hamra District, 2231 Prince Sultan St'],
  city: 'Jeddah',
  country: 'SA',
};

const order = (over: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  reference: 'GV-2001-1',
  orderNumber: '2001',
  direction: 'outbound',
  speed: 'next_day',
  shipper: shop,
  consignee: noura,
  weightGrams: 1250,
  pieces: 1,
  description: 'Food supplements',
  value: 12_345,
  codAmount: 12_345,
  currency: 'SAR',
  ...over,
});

/** The create answer as SMSA's API documents it: the shipment AWB and one waybill per parcel. */
const createdAnswer = (labels: Uint8Array[]) =>
  Response.json({
    sawb: '231200021000',
    createDate: '2026-11-27T10:40:53',
    shipmentParcelsCount: labels.length,
    waybills: labels.map((label, i) => ({ awb: `23120002187${i}`, awbFile: bytesToBase64(label) })),
  });

describe('SMSA Express adapter', () => {
  it('creates a B2C shipment with the documented fields and returns its waybill label', async () => {
    const label = await pdfWithPages(1);
    const { fetcher, sent } = recordingFetch([createdAnswer([label])]);
    const result = await smsaCarrier({ apiKey: API_KEY }, { fetcher }).createShipment(order());

    expect(sent[0]!.url).toBe('https://ecomapis.smsaexpress.com/api/shipment/b2c/new');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers).toMatchObject({ apikey: API_KEY, 'content-type': 'application/json' });
    expect(sent[0]!.signal).toBeInstanceOf(AbortSignal);
    const body = JSON.parse(sent[0]!.body);
    expect(body).toMatchObject({
      OrderNumber: 'GV-2001-1',
      // 12 345 halalas: SAR's two decimals.
      DeclaredValue: 123.45,
      CODAmount: 123.45,
      Parcels: 1,
      ShipmentCurrency: 'SAR',
      WaybillType: 'PDF',
      Weight: 1.25,
      WeightUnit: 'KG',
      ContentDescription: 'Food supplements',
      ConsigneeAddress: {
        ContactName: 'Noura Saad',
        ContactPhoneNumber: '966512345678',
        Country: 'SA',
        City: 'Jeddah',
        AddressLine1: 'Al Hamra District, 2231 Prince Sultan St',
      },
      ShipperAddress: {
        ContactName: 'Gulf Vitamins Riyadh',
        City: 'Riyadh',
        PostalCode: '12211',
        // The lines run together: SMSA wants at least ten characters on the first.
        AddressLine1: 'King Fahd Road, Al Olaya, Building 4410',
      },
    });
    expect(body.ShipDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(result.trackingNumber).toBe('231200021000');
    expect(Buffer.from(result.label).equals(Buffer.from(label))).toBe(true);
  });

  it("dates a shipment on the sending country's clock: Riyadh's UTC+3, Dubai's UTC+4", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 29, 21, 30));
    try {
      for (const [country, shipDate] of [
        ['SA', '2026-11-30T00:30:00'],
        ['AE', '2026-11-30T01:30:00'],
      ] as const) {
        const { fetcher, sent } = recordingFetch([createdAnswer([await pdfWithPages(1)])]);
        await smsaCarrier({ apiKey: API_KEY }, { fetcher }).createShipment(
          order({ shipper: { ...shop, country }, currency: country === 'AE' ? 'AED' : 'SAR' }),
        );
        expect(JSON.parse(sent[0]!.body).ShipDate, country).toBe(shipDate);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("prints a parcel of several pieces as one PDF of their waybills, and sends nothing to collect when it's paid", async () => {
    const { fetcher, sent } = recordingFetch([createdAnswer([await pdfWithPages(1), await pdfWithPages(1)])]);
    const result = await smsaCarrier({ apiKey: API_KEY }, { fetcher }).createShipment(
      order({ pieces: 2, codAmount: 0 }),
    );
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ Parcels: 2, CODAmount: 0 });
    expect((await PDFDocument.load(result.label)).getPageCount()).toBe(2);
  });

  it('creates a return as a C2B pickup from the shopper back to the shop', async () => {
    const { fetcher, sent } = recordingFetch([createdAnswer([await pdfWithPages(1)])]);
    await smsaCarrier({ apiKey: API_KEY }, { fetcher }).createShipment(
      order({ direction: 'return', shipper: noura, consignee: shop, codAmount: 0 }),
    );
    expect(sent[0]!.url).toBe('https://ecomapis.smsaexpress.com/api/c2b/new');
    const body = JSON.parse(sent[0]!.body);
    expect(body.PickupAddress).toMatchObject({ ContactName: 'Noura Saad', City: 'Jeddah' });
    expect(body.ReturnToAddress).toMatchObject({ ContactName: 'Gulf Vitamins Riyadh', City: 'Riyadh' });
    expect(body).not.toHaveProperty('CODAmount');
  });

  it("refuses with SMSA's field and words when it rejects the address", async () => {
    const { fetcher } = recordingFetch([
      Response.json(
        {
          type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
          title: 'One or more validation errors occurred.',
          status: 400,
          errors: { 'ConsigneeAddress.City': ['The city Jedda is not a valid SMSA city.'] },
        },
        { status: 400 },
      ),
    ]);
    const error = await smsaCarrier({ apiKey: API_KEY }, { fetcher })
      .createShipment(order())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRefused);
    expect(error).toMatchObject({ carrier: 'smsa', carrierCode: 'ConsigneeAddress.City' });
    expect((error as CarrierRefused).carrierMessage).toContain('The city Jedda is not a valid SMSA city.');

    const plain = recordingFetch([new Response('Duplicate OrderNumber', { status: 400 })]);
    await expect(
      smsaCarrier({ apiKey: API_KEY }, { fetcher: plain.fetcher }).createShipment(order()),
    ).rejects.toMatchObject({ carrierCode: 'HTTP_400', carrierMessage: 'Duplicate OrderNumber' });
  });

  it('reports SMSA failing, a rejected key or a slow answer as unavailable (retried)', async () => {
    for (const status of [500, 502, 401]) {
      const { fetcher } = recordingFetch([new Response('error', { status })]);
      await expect(smsaCarrier({ apiKey: API_KEY }, { fetcher }).createShipment(order())).rejects.toBeInstanceOf(
        CarrierUnavailable,
      );
    }
    const slow = smsaCarrier({ apiKey: API_KEY }, { fetcher: hangingFetch(), timeoutMs: 20 }).track(['231200021000']);
    await expect(slow).rejects.toThrow(/timed out/);
  });

  it('books no pickup through an API that has none, and says so to staff', async () => {
    const { fetcher, sent } = recordingFetch([]);
    const error = await smsaCarrier({ apiKey: API_KEY }, { fetcher })
      .bookPickup({
        day: '2026-11-29',
        readyMinute: 600,
        closeMinute: 960,
        address: shop,
        trackingNumbers: ['231200021000'],
        pieces: 1,
        weightGrams: 500,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRefused);
    expect(error).toMatchObject({ carrierCode: 'NO_PICKUP_API' });
    expect(sent).toHaveLength(0);
  });

  it('tracks in bulk and maps the scans to our steps, with the same key for the same scan', async () => {
    /** The bulk tracking answer: one object per AWB with its scans (SMSA's tracking model). */
    const answer = () =>
      Response.json([
        {
          AWB: '231200021000',
          Reference: 'GV-2001-1',
          Pieces: 1,
          CODAmount: 123.45,
          ContentDesc: 'Food supplements',
          RecipientName: 'Noura Saad',
          OriginCity: 'Riyadh',
          OriginCountry: 'SA',
          DesinationCity: 'Jeddah',
          DesinationCountry: 'SA',
          isDelivered: true,
          Scans: [
            {
              ScanType: 'DL',
              ScanDescription: 'Delivered',
              ScanDateTime: '2026-11-30T13:05:00',
              ScanTimeZone: '+03:00',
              ScanCity: 'Jeddah',
              ScanCountry: 'SA',
              ReceivedBy: 'Noura',
            },
            {
              ScanType: 'PU',
              ScanDescription: 'Picked Up',
              ScanDateTime: '2026-11-28T16:00:00',
              ScanTimeZone: '+03:00',
              ScanCity: 'Riyadh',
              ScanCountry: 'SA',
            },
            {
              ScanType: 'OD',
              ScanDescription: 'Out for Delivery',
              ScanDateTime: '2026-11-30T08:30:00',
              ScanTimeZone: '+03:00',
              ScanCity: 'Jeddah',
              ScanCountry: 'SA',
            },
          ],
        },
      ]);
    const { fetcher, sent } = recordingFetch([answer(), answer()]);
    const smsa = smsaCarrier({ apiKey: API_KEY }, { fetcher });
    const events = await smsa.track(['231200021000']);
    expect(sent[0]!.url).toBe('https://ecomapis.smsaexpress.com/api/track/bulk/');
    expect(JSON.parse(sent[0]!.body)).toEqual(['231200021000']);
    expect(events.map((e) => [e.carrierCode, e.status])).toEqual([
      ['PU', 'picked_up'],
      ['OD', 'out_for_delivery'],
      ['DL', 'delivered'],
    ]);
    expect(events[2]).toMatchObject({ at: Date.UTC(2026, 10, 30, 10, 5), location: 'Jeddah, SA' });
    expect((await smsa.track(['231200021000'])).map((e) => e.eventKey)).toEqual(events.map((e) => e.eventKey));
  });

  it('reads a scan without an offset on the clocks of where it was made', async () => {
    // A parcel from Riyadh to Dubai: the hub's scan names its country, the last names none, so the
    // destination's clocks (UTC+4) read it, not Riyadh's (UTC+3).
    const answer = () =>
      Response.json({
        AWB: '231200021001',
        OriginCountry: 'SA',
        DesinationCountry: 'ae',
        Scans: [
          { ScanType: 'PU', ScanDateTime: '2026-11-28T16:00:00', ScanCountry: 'SA' },
          { ScanType: 'AF', ScanDateTime: '2026-11-29T10:00:00', ScanCity: 'Dubai', ScanCountry: 'AE' },
          { ScanType: 'DL', ScanDateTime: '2026-11-30T13:05:00' },
        ],
      });
    const { fetcher } = recordingFetch([answer()]);
    const events = await smsaCarrier({ apiKey: API_KEY }, { fetcher }).track(['231200021001']);
    expect(events.map((e) => [e.carrierCode, e.at])).toEqual([
      ['PU', Date.UTC(2026, 10, 28, 13, 0)],
      ['AF', Date.UTC(2026, 10, 29, 6, 0)],
      ['DL', Date.UTC(2026, 10, 30, 9, 5)],
    ]);
  });

  it('reads scan types it does not list from their words', () => {
    expect(smsaStatus('XX', 'Consignee not available')).toBe('failed_attempt');
    expect(smsaStatus('XY', 'Returned to shipper')).toBe('returned');
    expect(smsaStatus('XZ', 'Arrived Delivery Facility')).toBe('in_transit');
  });
});
