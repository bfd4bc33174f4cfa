// The DHL Express adapter against the MyDHL API specification (OpenAPI 3.1.1): the shipment, pickup and
// tracking requests it sends, and the documented answers (the domestic shipment example, the problem+json
// refusals, the tracking response model) it reads.
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '#shared/bytes';
import { dhlCarrier, dhlStatus } from './dhl';
import { hangingFetch, pdfWithPages, recordingFetch } from './test-fetch';
import { CarrierRefused, CarrierUnavailable, type Party, type ShipmentRequest } from './types';

const settings = { apiKey: 'gulfvitaminsKW', apiSecret: 'S$3cr3tV4lue', accountNumber: '451012345' };

const shopKw: Party = {
  name: 'Gulf Vitamins',
  phone: '+96522000000',
  email: 'ship@gulfvitamins.example',
  lines: ['Shuwaikh Industrial Area, Block 1, Street 12, Warehouse 9'],
  city: 'Shuwaikh',
  country: 'KW',
};
const shopSa: Party = {
  ...shopKw,
  phone: '+966112000000',
  lines: ['King Fahd Road, Al Olaya'],
  city: 'Riyadh',
  country: 'SA',
  postalCode: '12211',
};
const shopAe: Party = {
  ...shopKw,
  phone: '+97148800000',
  lines: ['Al Quoz Industrial Area 3, Warehouse 21'],
  city: 'Dubai',
  country: 'AE',
};
const noura: Party = {
  name: 'Noura Saad',
  phone: '+966512345678',
  lines: ['Al Hamra, 2231 Prince Sultan St'],
  city: 'Jeddah',
  country: 'SA',
};

const order = (over: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  reference: 'GV-3001-1',
  orderNumber: '3001',
  direction: 'outbound',
  speed: 'next_day',
  shipper: shopSa,
  consignee: noura,
  weightGrams: 1250,
  pieces: 1,
  description: 'Food supplements',
  value: 12_345,
  codAmount: 0,
  currency: 'SAR',
  ...over,
});

/** The specification's domesticDocShipmentResponse example, with a real PDF as the label's content. */
const createdAnswer = (label: Uint8Array) =>
  Response.json(
    {
      shipmentTrackingNumber: '5374534546',
      trackingUrl: 'https://expressapi.dhl.com/mydhlapi/shipments/5374534546/tracking',
      packages: [
        {
          referenceNumber: 1,
          trackingNumber: 'JD014600004617230779',
          trackingUrl:
            'https://expressapi.dhl.com/mydhlapi/shipments/5374534546/tracking?pieceTrackingNumber=JD014600004617230779',
        },
      ],
      documents: [{ imageFormat: 'PDF', content: bytesToBase64(label), typeCode: 'label' }],
    },
    { status: 201 },
  );

describe('DHL Express adapter', () => {
  it('creates a domestic Saudi shipment with Basic auth and the documented fields, and returns its label', async () => {
    const label = await pdfWithPages(1);
    const { fetcher, sent } = recordingFetch([createdAnswer(label)]);
    const result = await dhlCarrier(settings, { fetcher }).createShipment(order());

    expect(sent[0]!.url).toBe('https://express.api.dhl.com/mydhlapi/shipments');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers).toMatchObject({
      authorization: `Basic ${Buffer.from('gulfvitaminsKW:S$3cr3tV4lue').toString('base64')}`,
      'content-type': 'application/json',
      'x-version': '3.1.0',
    });
    expect(sent[0]!.signal).toBeInstanceOf(AbortSignal);
    const body = JSON.parse(sent[0]!.body);
    expect(body.plannedShippingDateAndTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d GMT\+03:00$/);
    expect(body).toMatchObject({
      pickup: { isRequested: false },
      productCode: 'N',
      accounts: [{ typeCode: 'shipper', number: '451012345' }],
      customerReferences: [{ value: 'GV-3001-1', typeCode: 'CU' }],
      customerDetails: {
        shipperDetails: {
          postalAddress: {
            postalCode: '12211',
            cityName: 'Riyadh',
            countryCode: 'SA',
            addressLine1: 'King Fahd Road, Al Olaya',
          },
          contactInformation: { phone: '+966112000000', companyName: 'Gulf Vitamins', fullName: 'Gulf Vitamins' },
        },
        receiverDetails: {
          postalAddress: { cityName: 'Jeddah', countryCode: 'SA' },
          contactInformation: { phone: '+966512345678', fullName: 'Noura Saad' },
        },
      },
      content: {
        packages: [{ weight: 1.25 }],
        isCustomsDeclarable: false,
        description: 'Food supplements',
        incoterm: 'DAP',
        unitOfMeasurement: 'metric',
      },
    });
    expect(body.content).not.toHaveProperty('exportDeclaration');
    expect(body.outputImageProperties.imageOptions[0]).toEqual({
      typeCode: 'label',
      templateName: 'ECOM26_A6_002',
      isRequested: true,
    });
    expect(result).toMatchObject({ trackingNumber: '5374534546', labelSize: 'A6' });
    expect(Buffer.from(result.label).equals(Buffer.from(label))).toBe(true);
  });

  it('ships from Kuwait to Saudi Arabia as express worldwide with a customs declaration in KWD', async () => {
    const { fetcher, sent } = recordingFetch([createdAnswer(await pdfWithPages(1))]);
    await dhlCarrier(settings, { fetcher }).createShipment(
      order({ shipper: shopKw, currency: 'KWD', value: 12_345, pieces: 2 }),
    );
    const body = JSON.parse(sent[0]!.body);
    expect(body.productCode).toBe('P');
    // Address lines longer than DHL's 45 characters are cut.
    expect(body.customerDetails.shipperDetails.postalAddress.addressLine1).toHaveLength(45);
    expect(body.content).toMatchObject({
      // The weight shared between the two pieces.
      packages: [{ weight: 0.625 }, { weight: 0.625 }],
      isCustomsDeclarable: true,
      // 12 345 fils: KWD's three decimals.
      declaredValue: 12.345,
      declaredValueCurrency: 'KWD',
      exportDeclaration: {
        lineItems: [
          {
            number: 1,
            description: 'Food supplements',
            price: 12.345,
            quantity: { value: 1, unitOfMeasurement: 'PCS' },
            manufacturerCountry: 'KW',
            weight: { netValue: 1.25, grossValue: 1.25 },
          },
        ],
        invoice: { number: '3001' },
      },
    });
  });

  it('refuses cash on delivery itself: DHL collects none for the shop', async () => {
    const { fetcher, sent } = recordingFetch([]);
    const dhl = dhlCarrier(settings, { fetcher });
    expect(dhl.collectsCash).toBe(false);
    await expect(dhl.createShipment(order({ codAmount: 5000 }))).rejects.toMatchObject({
      carrier: 'dhl',
      carrierCode: 'COD_NOT_OFFERED',
    });
    expect(sent).toHaveLength(0);
  });

  it("refuses with DHL's code and words from its problem answers", async () => {
    const { fetcher } = recordingFetch([
      // The specification's "Invalid parameter" 400 example.
      Response.json(
        {
          instance: '/expressapi/shipments',
          detail:
            "7008: The requested Special Service Code  #/valueAddedServices/0/serviceCode 'xx' is not available between this origin and destination.",
          title: 'Bad request',
          message: 'Bad request',
          status: '400',
        },
        { status: 400 },
      ),
      // Its "Schema validation error" 422 example.
      Response.json(
        {
          instance: 'expressapi/shipments',
          detail: '#/content/packages/0/identifiers/0: extraneous key [dataIdentifier] is not permitted',
          title: 'Validation error',
          message: 'Unprocessable Entity',
          status: '422',
        },
        { status: 422 },
      ),
    ]);
    const dhl = dhlCarrier(settings, { fetcher });
    const first = await dhl.createShipment(order()).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(CarrierRefused);
    expect(first).toMatchObject({ carrierCode: '7008' });
    expect((first as CarrierRefused).carrierMessage).toContain('is not available between this origin and destination');
    await expect(dhl.createShipment(order())).rejects.toMatchObject({
      carrierCode: '422',
      carrierMessage: '#/content/packages/0/identifiers/0: extraneous key [dataIdentifier] is not permitted',
    });
  });

  it("reports DHL's process errors and a slow DHL as unavailable (retried)", async () => {
    const { fetcher } = recordingFetch([
      // The specification's 500 "Process Error" example.
      Response.json(
        {
          instance: '/expressapi/shipments',
          detail: '999: Process failure occurred. Process ID associated for that transaction (1234567890)',
          title: 'Internal Server Error',
          message: 'Internal Server Error',
          code: '500',
        },
        { status: 500 },
      ),
    ]);
    await expect(dhlCarrier(settings, { fetcher }).createShipment(order())).rejects.toBeInstanceOf(CarrierUnavailable);
    const slow = dhlCarrier(settings, { fetcher: hangingFetch(), timeoutMs: 20 }).createShipment(order());
    await expect(slow).rejects.toBeInstanceOf(CarrierUnavailable);
  });

  it('books a pickup for the waybills in Riyadh’s time and returns its dispatch confirmation number', async () => {
    const { fetcher, sent } = recordingFetch([
      // The specification's nonDocRequestPickupResponse example.
      Response.json({ dispatchConfirmationNumbers: ['PRG221222000062'] }, { status: 201 }),
    ]);
    const result = await dhlCarrier(settings, { fetcher }).bookPickup({
      day: '2026-11-29',
      readyMinute: 10 * 60 + 30,
      closeMinute: 17 * 60,
      address: shopSa,
      trackingNumbers: ['5374534546', '5374534547'],
      pieces: 2,
      weightGrams: 3000,
    });
    expect(result).toEqual({ carrierRef: 'PRG221222000062' });
    expect(sent[0]!.url).toBe('https://express.api.dhl.com/mydhlapi/pickups');
    const body = JSON.parse(sent[0]!.body);
    expect(body).toMatchObject({
      plannedPickupDateAndTime: '2026-11-29T10:30:00 GMT+03:00',
      closeTime: '17:00',
      accounts: [{ typeCode: 'shipper', number: '451012345' }],
      customerDetails: { shipperDetails: { postalAddress: { cityName: 'Riyadh', countryCode: 'SA' } } },
    });
    expect(body.shipmentDetails).toHaveLength(2);
    expect(body.shipmentDetails[0]).toMatchObject({
      shipmentTrackingNumber: '5374534546',
      isCustomsDeclarable: false,
      unitOfMeasurement: 'metric',
      packages: [{ weight: 1.5 }],
    });
  });

  it('writes a UAE shipment’s planned time and pickup on Dubai’s clocks, GMT+04:00', async () => {
    const label = await pdfWithPages(1);
    const { fetcher, sent } = recordingFetch([
      createdAnswer(label),
      Response.json({ dispatchConfirmationNumbers: ['PRG221222000063'] }, { status: 201 }),
    ]);
    const dhl = dhlCarrier(settings, { fetcher });
    const before = Date.now();
    await dhl.createShipment(order({ shipper: shopAe, consignee: { ...noura, country: 'AE', city: 'Sharjah' } }));
    const planned = JSON.parse(sent[0]!.body).plannedShippingDateAndTime as string;
    expect(planned).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d GMT\+04:00$/);
    // The wall time with its offset is the instant half an hour ahead (DHL refuses a time already past).
    const at = Date.parse(planned.replace(' GMT', ''));
    expect(at - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(at - before).toBeLessThan(31 * 60_000);

    await dhl.bookPickup({
      day: '2026-11-30',
      readyMinute: 10 * 60 + 30,
      closeMinute: 17 * 60,
      address: shopAe,
      trackingNumbers: ['5374534546'],
      pieces: 1,
      weightGrams: 1000,
    });
    expect(JSON.parse(sent[1]!.body)).toMatchObject({
      plannedPickupDateAndTime: '2026-11-30T10:30:00 GMT+04:00',
      closeTime: '17:00',
    });
  });

  it('tracks several waybills in one call and maps checkpoints to our steps, with stable keys', async () => {
    /** The tracking response model of the specification (supermodelIoLogisticsExpressTrackingResponse). */
    const answer = () =>
      Response.json({
        shipments: [
          {
            shipmentTrackingNumber: '5374534546',
            status: 'Success',
            shipmentTimestamp: '2026-11-28T18:00:31',
            productCode: 'N',
            description: 'Food supplements',
            totalWeight: 1.25,
            unitOfMeasurements: 'metric',
            events: [
              {
                date: '2026-11-28',
                time: '17:06:00',
                GMTOffset: '+03:00',
                typeCode: 'PU',
                description: 'Shipment picked up',
                serviceArea: [{ code: 'RUH', description: 'Riyadh-SA' }],
              },
              {
                date: '2026-11-29',
                time: '09:15:00',
                GMTOffset: '+03:00',
                typeCode: 'WC',
                description: 'With delivery courier',
                serviceArea: [{ code: 'JED', description: 'Jeddah-SA' }],
              },
              {
                date: '2026-11-29',
                time: '14:40:00',
                GMTOffset: '+03:00',
                typeCode: 'NH',
                description: 'Delivery attempted; recipient not home',
                serviceArea: [{ code: 'JED', description: 'Jeddah-SA' }],
              },
              {
                date: '2026-11-30',
                time: '12:00:00',
                GMTOffset: '+03:00',
                typeCode: 'OK',
                description: 'Delivered',
                serviceArea: [{ code: 'JED', description: 'Jeddah-SA' }],
                signedBy: 'Noura',
              },
            ],
          },
        ],
      });
    const { fetcher, sent } = recordingFetch([answer(), answer()]);
    const dhl = dhlCarrier(settings, { fetcher });
    const events = await dhl.track(['5374534546', '5374534547']);
    const url = new URL(sent[0]!.url);
    expect(url.origin + url.pathname).toBe('https://express.api.dhl.com/mydhlapi/tracking');
    expect(url.searchParams.getAll('shipmentTrackingNumber')).toEqual(['5374534546', '5374534547']);
    expect(url.searchParams.get('trackingView')).toBe('all-checkpoints');
    expect(sent[0]!.method).toBe('GET');
    expect(events.map((e) => [e.carrierCode, e.status])).toEqual([
      ['PU', 'picked_up'],
      ['WC', 'out_for_delivery'],
      ['NH', 'failed_attempt'],
      ['OK', 'delivered'],
    ]);
    expect(events[2]).toMatchObject({
      reason: 'Delivery attempted; recipient not home',
      location: 'Jeddah-SA',
      at: Date.UTC(2026, 10, 29, 11, 40),
    });
    expect((await dhl.track(['5374534546'])).map((e) => e.eventKey)).toEqual(events.map((e) => e.eventKey));
  });

  it('tracks more than 200 waybills in calls of 200, as the tracking service takes', async () => {
    const numbers = Array.from({ length: 201 }, (_, i) => String(5_374_534_000 + i));
    const { fetcher, sent } = recordingFetch([Response.json({ shipments: [] }), Response.json({ shipments: [] })]);
    expect(await dhlCarrier(settings, { fetcher }).track(numbers)).toEqual([]);
    expect(sent.map((r) => new URL(r.url).searchParams.getAll('shipmentTrackingNumber').length)).toEqual([200, 1]);
  });

  it('answers no events while DHL knows none yet (its 404), and maps unknown checkpoints as on the way', async () => {
    const { fetcher } = recordingFetch([
      Response.json(
        {
          instance: '/expressapi/tracking?shipmentTrackingNumber=5374534546',
          detail: 'No Shipments Found for shipmentTrackingNumber | 5374534546',
          title: 'Not data found',
          message: 'Not data found',
          status: '404',
        },
        { status: 404 },
      ),
    ]);
    expect(await dhlCarrier(settings, { fetcher }).track(['5374534546'])).toEqual([]);
    expect(dhlStatus('AF')).toBe('in_transit');
    expect(dhlStatus('RT')).toBe('returning');
  });
});
