// The Aramex adapter against the Shipping Services and Tracking API manuals' JSON shapes: what it sends
// (ClientInfo, LabelInfo, the shipment's details, WCF dates) and how it reads Aramex's answers.
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '#shared/bytes';
import { aramexCarrier, aramexStatus, wcfDate } from './aramex';
import { hangingFetch, pdfWithPages, recordingFetch } from './test-fetch';
import { CarrierNotConfigured, CarrierRefused, CarrierUnavailable, type Party, type ShipmentRequest } from './types';

const settings = {
  username: 'api@gulfvitamins.example',
  password: 'R123456789$r',
  accounts: {
    KW: { number: '60500123', pin: '331421', entity: 'KWI' },
    SA: { number: '71800456', pin: '554433', entity: 'RUH' },
    AE: { number: '82900789', pin: '665544', entity: 'DXB' },
  },
};

const shopKw: Party = {
  name: 'Gulf Vitamins',
  phone: '+96522000000',
  email: 'ship@gulfvitamins.example',
  lines: ['Shuwaikh Industrial', 'Block 1, Street 12'],
  city: 'Shuwaikh',
  country: 'KW',
};
const sara: Party = {
  name: 'Sara Ahmed',
  phone: '+96598765432',
  lines: ['Salmiya', 'Block 10', 'Street 5', 'House 7'],
  city: 'Salmiya',
  country: 'KW',
};
const shopSa: Party = { ...shopKw, phone: '+966112000000', city: 'Riyadh', country: 'SA', lines: ['Al Olaya'] };
const noura: Party = {
  name: 'Noura Saad',
  phone: '+966512345678',
  lines: ['Al Hamra, 2231'],
  city: 'Jeddah',
  country: 'SA',
};

const order = (over: Partial<ShipmentRequest> = {}): ShipmentRequest => ({
  reference: 'GV-1042-1',
  orderNumber: '1042',
  direction: 'outbound',
  speed: 'next_day',
  shipper: shopKw,
  consignee: sara,
  weightGrams: 1250,
  pieces: 1,
  description: 'Food supplements',
  value: 12_345,
  codAmount: 12_345,
  currency: 'KWD',
  ...over,
});

/** CreateShipments' answer as the Shipping Services API manual shows it (JSON binding). */
const created = (id: string) =>
  Response.json({
    Transaction: { Reference1: 'GV-1042-1', Reference2: '', Reference3: '', Reference4: '', Reference5: '' },
    Notifications: [],
    HasErrors: false,
    Shipments: [
      {
        ID: id,
        Reference1: 'GV-1042-1',
        Reference2: '1042',
        Reference3: '',
        ForeignHAWB: null,
        HasErrors: false,
        Notifications: [],
        ShipmentLabel: { LabelURL: `https://ws.aramex.net/content/rpt_cache/${id}.pdf`, LabelFileContents: null },
        ShipmentDetails: null,
        ShipmentAttachments: [],
      },
    ],
  });

describe('Aramex adapter', () => {
  it('creates a Kuwaiti cash-on-delivery shipment with the documented fields and fetches its label', async () => {
    const pdf = await pdfWithPages(1);
    const { fetcher, sent } = recordingFetch([created('44013418063'), new Response(pdf)]);
    const result = await aramexCarrier(settings, { fetcher }).createShipment(order());

    expect(sent[0]!.url).toBe('https://ws.aramex.net/ShippingAPI.V2/Shipping/Service_1_0.svc/json/CreateShipments');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
    // A deadline on every call: a slow Aramex never holds the request.
    expect(sent[0]!.signal).toBeInstanceOf(AbortSignal);
    const body = JSON.parse(sent[0]!.body);
    expect(body.ClientInfo).toEqual({
      UserName: 'api@gulfvitamins.example',
      Password: 'R123456789$r',
      Version: 'v1.0',
      AccountNumber: '60500123',
      AccountPin: '331421',
      AccountEntity: 'KWI',
      AccountCountryCode: 'KW',
      Source: 24,
    });
    expect(body.LabelInfo).toEqual({ ReportID: 9729, ReportType: 'URL' });
    const shipment = body.Shipments[0];
    expect(shipment.Reference1).toBe('GV-1042-1');
    expect(shipment.Shipper.AccountNumber).toBe('60500123');
    expect(shipment.Consignee.PartyAddress).toMatchObject({
      Line1: 'Salmiya',
      Line2: 'Block 10',
      Line3: 'Street 5, House 7',
      City: 'Salmiya',
      CountryCode: 'KW',
    });
    expect(shipment.Consignee.Contact).toMatchObject({ PersonName: 'Sara Ahmed', PhoneNumber1: '+96598765432' });
    expect(shipment.Details).toMatchObject({
      ActualWeight: { Unit: 'KG', Value: 1.25 },
      NumberOfPieces: 1,
      ProductGroup: 'DOM',
      ProductType: 'ONP',
      PaymentType: 'P',
      Services: 'CODS',
      // 12 345 fils are 12.345 KWD: Kuwait's three decimals.
      CashOnDeliveryAmount: { CurrencyCode: 'KWD', Value: 12.345 },
      DescriptionOfGoods: 'Food supplements',
    });
    // WCF reads a date only in its escaped spelling.
    expect(sent[0]!.body).toMatch(/"ShippingDateTime":"\\\/Date\(\d+\+0300\)\\\/"/);

    expect(sent[1]).toMatchObject({
      url: 'https://ws.aramex.net/content/rpt_cache/44013418063.pdf',
      method: 'GET',
    });
    expect(result.trackingNumber).toBe('44013418063');
    expect(result.labelSize).toBe('4x6');
    expect(Buffer.from(result.label).equals(Buffer.from(pdf))).toBe(true);
  });

  it('tries the label once more when its download fails, and takes it inline when Aramex sends its bytes', async () => {
    const pdf = await pdfWithPages(1);
    const flaky = recordingFetch([created('44013418070'), new Response('busy', { status: 503 }), new Response(pdf)]);
    const result = await aramexCarrier(settings, { fetcher: flaky.fetcher }).createShipment(order());
    expect(flaky.sent.map((r) => r.method)).toEqual(['POST', 'GET', 'GET']);
    expect(Buffer.from(result.label).equals(Buffer.from(pdf))).toBe(true);

    const down = recordingFetch([
      created('44013418071'),
      new Response('busy', { status: 503 }),
      new Response('', { status: 502 }),
    ]);
    await expect(aramexCarrier(settings, { fetcher: down.fetcher }).createShipment(order())).rejects.toBeInstanceOf(
      CarrierUnavailable,
    );

    const answer = (await created('44013418072').json()) as { Shipments: { ShipmentLabel: unknown }[] };
    answer.Shipments[0]!.ShipmentLabel = { LabelURL: null, LabelFileContents: bytesToBase64(pdf) };
    const inline = recordingFetch([Response.json(answer)]);
    const fromInline = await aramexCarrier(settings, { fetcher: inline.fetcher }).createShipment(order());
    expect(inline.sent).toHaveLength(1);
    expect(Buffer.from(fromInline.label).equals(Buffer.from(pdf))).toBe(true);
  });

  it("uses the Saudi account for a Saudi parcel, with SAR's two decimals, and no COD when paid", async () => {
    const { fetcher, sent } = recordingFetch([created('44013418064'), new Response(await pdfWithPages(1))]);
    await aramexCarrier(settings, { fetcher }).createShipment(
      order({ shipper: shopSa, consignee: noura, currency: 'SAR', value: 12_345, codAmount: 0, speed: 'same_day' }),
    );
    const body = JSON.parse(sent[0]!.body);
    expect(body.ClientInfo).toMatchObject({
      AccountNumber: '71800456',
      AccountEntity: 'RUH',
      AccountCountryCode: 'SA',
    });
    expect(body.Shipments[0].Details).toMatchObject({
      ProductGroup: 'DOM',
      ProductType: 'SMP',
      Services: '',
      CashOnDeliveryAmount: null,
      CustomsValueAmount: null,
    });

    const cod = recordingFetch([created('44013418065'), new Response(await pdfWithPages(1))]);
    await aramexCarrier(settings, { fetcher: cod.fetcher }).createShipment(
      order({ shipper: shopSa, consignee: noura, currency: 'SAR', codAmount: 12_345 }),
    );
    // 12 345 halalas are 123.45 SAR.
    expect(JSON.parse(cod.sent[0]!.body).Shipments[0].Details.CashOnDeliveryAmount).toEqual({
      CurrencyCode: 'SAR',
      Value: 123.45,
    });
  });

  it('ships across the border as an express parcel with its customs value, and bills returns to the shop', async () => {
    const { fetcher, sent } = recordingFetch([created('44013418066'), new Response(await pdfWithPages(1))]);
    await aramexCarrier(settings, { fetcher }).createShipment(order({ consignee: noura, codAmount: 0 }));
    expect(JSON.parse(sent[0]!.body).Shipments[0].Details).toMatchObject({
      ProductGroup: 'EXP',
      ProductType: 'PPX',
      CustomsValueAmount: { CurrencyCode: 'KWD', Value: 12.345 },
    });

    const back = recordingFetch([created('44013418067'), new Response(await pdfWithPages(1))]);
    await aramexCarrier(settings, { fetcher: back.fetcher }).createShipment(
      order({ direction: 'return', shipper: sara, consignee: shopKw, codAmount: 0 }),
    );
    const shipment = JSON.parse(back.sent[0]!.body).Shipments[0];
    expect(shipment.Details.PaymentType).toBe('C');
    expect(shipment.Consignee.AccountNumber).toBe('60500123');
    expect(shipment.Shipper.AccountNumber).toBe('');
  });

  it("refuses with Aramex's own code and words when it refuses the address", async () => {
    const { fetcher, sent } = recordingFetch([
      Response.json({
        Transaction: null,
        Notifications: [],
        HasErrors: true,
        Shipments: [
          {
            ID: null,
            HasErrors: true,
            Notifications: [{ Code: 'ERR52', Message: 'Consignee Address - City is invalid' }],
            ShipmentLabel: null,
          },
        ],
      }),
    ]);
    const error = await aramexCarrier(settings, { fetcher })
      .createShipment(order())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierRefused);
    expect(error).toMatchObject({ carrier: 'aramex', carrierCode: 'ERR52' });
    expect((error as CarrierRefused).carrierMessage).toContain('Consignee Address - City is invalid');
    // No label is fetched for a refused parcel.
    expect(sent).toHaveLength(1);

    const top = recordingFetch([
      Response.json({
        HasErrors: true,
        Notifications: [{ Code: 'ERR08', Message: 'Invalid Product Type' }],
        Shipments: [],
      }),
    ]);
    await expect(aramexCarrier(settings, { fetcher: top.fetcher }).createShipment(order())).rejects.toMatchObject({
      carrierCode: 'ERR08',
      carrierMessage: 'ERR08: Invalid Product Type',
    });
  });

  it("waits rather than refuses when Aramex rejects the shop's own keys", async () => {
    const { fetcher } = recordingFetch([
      Response.json({
        HasErrors: true,
        Notifications: [{ Code: 'ERR01', Message: 'ClientInfo - Invalid username or password' }],
        Shipments: [],
      }),
    ]);
    const error = await aramexCarrier(settings, { fetcher })
      .createShipment(order())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierUnavailable);
    expect(error).not.toBeInstanceOf(CarrierRefused);
    expect(String(error)).toContain('ClientInfo - Invalid username or password');
  });

  it('reports Aramex down, failing or slow as unavailable (retried), never as a refusal', async () => {
    const down = recordingFetch([new Response('Service Unavailable', { status: 503 })]);
    await expect(aramexCarrier(settings, { fetcher: down.fetcher }).createShipment(order())).rejects.toBeInstanceOf(
      CarrierUnavailable,
    );
    const html = recordingFetch([new Response('<html>Request Error</html>', { status: 200 })]);
    await expect(aramexCarrier(settings, { fetcher: html.fetcher }).createShipment(order())).rejects.toBeInstanceOf(
      CarrierUnavailable,
    );
    const refusedNetwork = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(aramexCarrier(settings, { fetcher: refusedNetwork }).createShipment(order())).rejects.toBeInstanceOf(
      CarrierUnavailable,
    );
    const slow = aramexCarrier(settings, { fetcher: hangingFetch(), timeoutMs: 20 }).createShipment(order());
    await expect(slow).rejects.toBeInstanceOf(CarrierUnavailable);
    await expect(slow).rejects.toThrow(/timed out/);
  });

  it('needs an account in the parcel’s country, and says which keys to set', async () => {
    const { fetcher, sent } = recordingFetch([]);
    const kuwaitOnly = aramexCarrier({ ...settings, accounts: { KW: settings.accounts.KW } }, { fetcher });
    expect(kuwaitOnly.countries).toEqual(['KW']);
    const error = await kuwaitOnly
      .createShipment(order({ shipper: shopSa, consignee: noura }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierNotConfigured);
    expect(String(error)).toMatch(/ARAMEX_SA_ACCOUNT_NUMBER/);
    expect(sent).toHaveLength(0);
  });

  it('books a pickup for the day’s waybills in Kuwait’s time and returns its id', async () => {
    const { fetcher, sent } = recordingFetch([
      Response.json({
        Transaction: null,
        Notifications: [],
        HasErrors: false,
        ProcessedPickup: { ID: 'KWI1234567', GUID: 'b4e2b1f0-1111-2222-3333-444455556666', ProcessedShipments: [] },
      }),
    ]);
    const result = await aramexCarrier(settings, { fetcher }).bookPickup({
      day: '2026-11-29',
      readyMinute: 10 * 60,
      closeMinute: 16 * 60,
      address: shopKw,
      trackingNumbers: ['44013418063', '44013418064'],
      pieces: 3,
      weightGrams: 2500,
    });
    expect(result).toEqual({ carrierRef: 'KWI1234567' });
    expect(sent[0]!.url).toBe('https://ws.aramex.net/ShippingAPI.V2/Shipping/Service_1_0.svc/json/CreatePickup');
    const pickup = JSON.parse(sent[0]!.body).Pickup;
    // 10:00 in Kuwait on 29 November is 07:00 UTC.
    expect(pickup.ReadyTime).toBe(`/Date(${Date.UTC(2026, 10, 29, 7, 0)}+0300)/`);
    expect(pickup.ClosingTime).toBe(`/Date(${Date.UTC(2026, 10, 29, 13, 0)}+0300)/`);
    expect(pickup.PickupItems[0]).toMatchObject({
      NumberOfShipments: 2,
      NumberOfPieces: 3,
      ShipmentWeight: { Unit: 'KG', Value: 2.5 },
    });
    expect(pickup.ExistingShipments).toEqual([
      { Number: '44013418063', OriginEntity: 'KWI', ProductGroup: 'DOM' },
      { Number: '44013418064', OriginEntity: 'KWI', ProductGroup: 'DOM' },
    ]);
  });

  it('books a pickup in the Emirates on Dubai’s clocks, its WCF dates with +0400', async () => {
    const { fetcher, sent } = recordingFetch([
      Response.json({
        Transaction: null,
        Notifications: [],
        HasErrors: false,
        ProcessedPickup: { ID: 'DXB7654321', GUID: 'b4e2b1f0-1111-2222-3333-444455556667', ProcessedShipments: [] },
      }),
    ]);
    const shopAe: Party = { ...shopKw, phone: '+97148800000', city: 'Dubai', country: 'AE', lines: ['Al Quoz 3'] };
    await aramexCarrier(settings, { fetcher }).bookPickup({
      day: '2026-11-30',
      readyMinute: 10 * 60,
      closeMinute: 16 * 60,
      address: shopAe,
      trackingNumbers: ['44013418065'],
      pieces: 1,
      weightGrams: 1000,
    });
    const pickup = JSON.parse(sent[0]!.body).Pickup;
    // 10:00 in Dubai on 30 November is 06:00 UTC.
    expect(pickup.ReadyTime).toBe(`/Date(${Date.UTC(2026, 10, 30, 6, 0)}+0400)/`);
    expect(pickup.ClosingTime).toBe(`/Date(${Date.UTC(2026, 10, 30, 12, 0)}+0400)/`);
  });

  it('maps tracking updates to our steps, oldest first, with the same key for the same update', async () => {
    /** TrackShipments' answer as the Shipments Tracking API manual shows it (JSON binding). */
    const answer = () =>
      Response.json({
        Transaction: null,
        Notifications: [],
        HasErrors: false,
        TrackingResults: [
          {
            Key: '44013418063',
            Value: [
              {
                WaybillNumber: '44013418063',
                UpdateCode: 'SH005',
                UpdateDescription: 'Delivered',
                UpdateDateTime: '/Date(1764496800000+0300)/',
                UpdateLocation: 'Kuwait, Kuwait',
                Comments: 'Received by Sara',
                ProblemCode: '',
              },
              {
                WaybillNumber: '44013418063',
                UpdateCode: 'SH043',
                UpdateDescription: 'Attempted Delivery - Consignee not available',
                UpdateDateTime: '/Date(1764410400000+0300)/',
                UpdateLocation: 'Kuwait, Kuwait',
                Comments: 'No answer on the phone',
                ProblemCode: 'A08',
              },
              {
                WaybillNumber: '44013418063',
                UpdateCode: 'SH014',
                UpdateDescription: 'Picked Up From Shipper',
                UpdateDateTime: '/Date(1764320400000+0300)/',
                UpdateLocation: 'Kuwait, Kuwait',
                Comments: '',
                ProblemCode: '',
              },
              {
                WaybillNumber: '44013418063',
                UpdateCode: 'SH003',
                UpdateDescription: 'Out for Delivery',
                UpdateDateTime: '/Date(1764403200000+0300)/',
                UpdateLocation: 'Kuwait, Kuwait',
                Comments: '',
                ProblemCode: '',
              },
            ],
          },
        ],
        NonExistingWaybills: ['44013418099'],
      });
    const { fetcher, sent } = recordingFetch([answer(), answer()]);
    const aramex = aramexCarrier(settings, { fetcher });
    const events = await aramex.track(['44013418063', '44013418099']);
    expect(sent[0]!.url).toBe('https://ws.aramex.net/ShippingAPI.V2/Tracking/Service_1_0.svc/json/TrackShipments');
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      Shipments: ['44013418063', '44013418099'],
      GetLastTrackingUpdateOnly: false,
    });
    expect(events.map((e) => [e.carrierCode, e.status])).toEqual([
      ['SH014', 'picked_up'],
      ['SH003', 'out_for_delivery'],
      ['SH043', 'failed_attempt'],
      ['SH005', 'delivered'],
    ]);
    expect(events[2]).toMatchObject({
      reason: 'No answer on the phone',
      location: 'Kuwait, Kuwait',
      at: 1764410400000,
      trackingNumber: '44013418063',
    });
    expect(events[3]!.reason).toBeNull();
    const again = await aramex.track(['44013418063']);
    expect(again.map((e) => e.eventKey)).toEqual(events.map((e) => e.eventKey));
    expect(new Set(events.map((e) => e.eventKey)).size).toBe(4);
  });

  it('reads codes it does not list from their words, and both date spellings', () => {
    expect(aramexStatus('SH069', 'Returned to Shipper')).toBe('returned');
    expect(aramexStatus('SH999', 'Return to shipper initiated')).toBe('returning');
    expect(aramexStatus('SH998', 'Shipment delivered to consignee')).toBe('delivered');
    expect(aramexStatus('SH997', 'Arrived at destination facility')).toBe('in_transit');
    expect(wcfDate('/Date(1764496800000+0300)/', 'Asia/Kuwait')).toBe(1764496800000);
    expect(wcfDate('2026-11-30T13:00:00', 'Asia/Kuwait')).toBe(Date.UTC(2026, 10, 30, 10, 0));
    // A time without a zone from the Emirates' account is Dubai's.
    expect(wcfDate('2026-11-30T13:00:00', 'Asia/Dubai')).toBe(Date.UTC(2026, 10, 30, 9, 0));
    expect(wcfDate('nonsense', 'Asia/Kuwait')).toBeNull();
  });
});
