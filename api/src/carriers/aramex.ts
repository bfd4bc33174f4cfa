// Aramex (Kuwait and Saudi Arabia), through its Shipping Services API and Shipments Tracking API, the
// JSON bindings of the v1.0 WCF services (Aramex "Shipping Services API Manual" and "Shipments Tracking
// API Manual", https://www.aramex.com/docs/default-source/resourses/resourcesdata/shipping-services-api-manual.pdf;
// endpoints https://ws.aramex.net/ShippingAPI.V2/{Shipping|Tracking}/Service_1_0.svc/json/{Operation}):
// - CreateShipments: ClientInfo {UserName, Password, Version 'v1.0', AccountNumber, AccountPin,
//   AccountEntity, AccountCountryCode, Source}, LabelInfo {ReportID 9729, ReportType 'URL'}, Shipments[]
//   with Shipper/Consignee {PartyAddress, Contact} and Details (ActualWeight in KG, ProductGroup DOM/EXP,
//   ProductType, PaymentType, Services 'CODS' with CashOnDeliveryAmount for cash on delivery). The answer
//   names each shipment's ID (the waybill) and ShipmentLabel.LabelURL, the label PDF we fetch.
// - CreatePickup: Pickup {PickupAddress, PickupContact, PickupDate/ReadyTime/LastPickupTime/ClosingTime,
//   PickupItems, ExistingShipments}; the answer's ProcessedPickup.ID is the pickup's reference.
// - TrackShipments: Shipments[] → TrackingResults [{Key: waybill, Value: [{UpdateCode, UpdateDescription,
//   UpdateDateTime, UpdateLocation, Comments, ProblemCode}]}].
// Every answer carries HasErrors and Notifications [{Code, Message}] (per shipment too): a refusal keeps
// the carrier's code and words for staff. Dates travel as WCF JSON dates, "\/Date(ms+hhmm)\/" with the
// offset of the account's country's clocks.
// Aramex accounts belong to one country (entity KWI for Kuwait, RUH/JED… for Saudi Arabia): a parcel uses
// the account of the country the shop's side of it is in. Aramex documents no webhooks: events are polled.
import { base64ToBytes } from '#shared/bytes';
import { instantIn, offsetText, timeZoneOf, wallTimeInstant } from '#shared/country-days';
import { type CarrierHttpOptions, carrierFetch, carrierJson, decimalAmount, eventKey, kilograms } from './http';
import {
  type Carrier,
  CarrierNotConfigured,
  CarrierRefused,
  CarrierUnavailable,
  type CreatedShipment,
  type ParcelStatus,
  type Party,
  type ShipmentRequest,
  type TrackingEvent,
} from './types';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';

const ARAMEX_BASE_URL = 'https://ws.aramex.net/ShippingAPI.V2';
/** The 4×6 thermal label report (Aramex's report ids: 9729 the 4×6 label, 9201 the A4 waybill). */
const LABEL_REPORT_ID = 9729;
/** Aramex's id for the calling integration (the manual's sample value; Aramex may assign its own). */
const SOURCE = 24;

type Country = CountryCode;

interface AramexAccount {
  number: string;
  pin: string;
  /** Aramex's entity code for the account's office (KWI, RUH, JED, DMM…). */
  entity: string;
}

export interface AramexSettings {
  username: string;
  password: string;
  accounts: Partial<Record<Country, AramexAccount>>;
  baseUrl?: string;
}

interface Notification {
  Code?: string;
  Message?: string;
}

interface ShipmentLabel {
  LabelURL?: string | null;
  LabelFileContents?: unknown;
}

interface CreateShipmentsAnswer {
  HasErrors?: boolean;
  Notifications?: Notification[] | null;
  Shipments?: {
    ID?: string;
    HasErrors?: boolean;
    Notifications?: Notification[] | null;
    ShipmentLabel?: ShipmentLabel | null;
  }[];
}

interface TrackingResult {
  WaybillNumber?: string;
  UpdateCode?: string;
  UpdateDescription?: string;
  UpdateDateTime?: string;
  UpdateLocation?: string;
  Comments?: string;
  ProblemCode?: string;
}

interface TrackShipmentsAnswer {
  HasErrors?: boolean;
  Notifications?: Notification[] | null;
  TrackingResults?: { Key?: string; Value?: TrackingResult[] }[] | null;
  NonExistingWaybills?: string[] | null;
}

interface CreatePickupAnswer {
  HasErrors?: boolean;
  Notifications?: Notification[] | null;
  ProcessedPickup?: { ID?: string; GUID?: string } | null;
}

/**
 * Aramex's update codes as its tracking manual lists them, onto our steps. A code not listed here is
 * read from its description (Aramex adds codes; its words are stable), and else counts as on the way.
 */
const UPDATE_CODES: Record<string, ParcelStatus> = {
  SH014: 'picked_up', // Picked up from shipper
  SH012: 'picked_up',
  SH047: 'in_transit', // Received at origin facility
  SH022: 'in_transit', // Departed
  SH001: 'in_transit', // Received at destination
  SH003: 'out_for_delivery', // Out for delivery
  SH252: 'out_for_delivery',
  SH005: 'delivered', // Delivered
  SH006: 'delivered', // Collected by consignee
  SH007: 'delivered', // Delivered (signed)
  SH033: 'failed_attempt', // Attempted delivery
  SH043: 'failed_attempt', // Attempted delivery: consignee not available
  SH076: 'failed_attempt',
  SH069: 'returned', // Returned to shipper
  SH070: 'returning', // Return to shipper initiated
  SH294: 'cancelled',
};

export function aramexStatus(code: string, description: string): ParcelStatus {
  const known = UPDATE_CODES[code.toUpperCase()];
  if (known) return known;
  const words = description.toLowerCase();
  if (/returned to (shipper|origin)/.test(words)) return 'returned';
  if (/return/.test(words)) return 'returning';
  if (/out for delivery/.test(words)) return 'out_for_delivery';
  if (/attempt|not available|refused|unable to deliver/.test(words)) return 'failed_attempt';
  if (/delivered|collected by consignee/.test(words)) return 'delivered';
  if (/picked up|collected from shipper/.test(words)) return 'picked_up';
  if (/cancel/.test(words)) return 'cancelled';
  return 'in_transit';
}

/**
 * A WCF JSON date ("/Date(1585560180000+0300)/", the milliseconds are UTC) or an ISO one, as epoch ms; an
 * ISO time without a zone is read on the clocks of `timeZone` (the account's country's).
 */
export function wcfDate(text: string | undefined, timeZone: string): number | null {
  if (!text) return null;
  const m = /\/Date\((-?\d+)([+-]\d{4})?\)\//.exec(text);
  if (m) return Number(m[1]);
  const parsed = /[zZ]|[+-]\d\d:?\d\d$/.test(text) ? Date.parse(text) : wallTimeInstant(timeZone, text.slice(0, 19));
  return Number.isNaN(parsed) ? null : parsed;
}

/** An instant as WCF writes it, with the offset of the country's clocks (+0300 in Kuwait, +0400 in Dubai). */
function wcf(ms: number, timeZone: string): string {
  return `/Date(${ms}${offsetText(timeZone, ms, '')})/`;
}

/**
 * The JSON body with its dates escaped as WCF's JSON reader expects them ("\/Date(…)\/"): the same
 * string to any JSON parser, the one spelling WCF takes as a date.
 */
function wcfJson(body: unknown): string {
  return JSON.stringify(body).replace(/"\/Date\((-?\d+[+-]\d{4})\)\/"/g, '"\\/Date($1)\\/"');
}

/**
 * Aramex's answer to a refused call as our error. A ClientInfo notification ("ClientInfo - Invalid
 * username or password") is about the shop's own keys, not the parcel: fixing them and trying again
 * works, so it is a wait, not a refusal shown as the address's fault.
 */
function refusalOf(note: { code: string; message: string }): CarrierRefused | CarrierUnavailable {
  if (/clientinfo/i.test(note.message)) return new CarrierUnavailable('aramex', note.message);
  return new CarrierRefused('aramex', note.code, note.message);
}

function notificationsText(list: Notification[] | null | undefined): { code: string; message: string } | null {
  const notes = (list ?? []).filter((n) => n.Code || n.Message);
  if (notes.length === 0) return null;
  return {
    code: notes[0]!.Code ?? 'ARAMEX',
    message: notes.map((n) => (n.Code ? `${n.Code}: ${n.Message ?? ''}` : (n.Message ?? ''))).join('; '),
  };
}

function party(p: Party, accountNumber: string, reference: string) {
  const [line1 = '', line2 = '', ...rest] = p.lines;
  return {
    Reference1: reference,
    Reference2: '',
    AccountNumber: accountNumber,
    PartyAddress: {
      Line1: line1,
      Line2: line2,
      Line3: rest.join(', '),
      City: p.city,
      StateOrProvinceCode: '',
      PostCode: p.postalCode ?? '',
      CountryCode: p.country,
    },
    Contact: contact(p),
  };
}

function contact(p: Party) {
  return {
    Department: '',
    PersonName: p.name,
    Title: '',
    // Aramex wants a company name for every party: a shopper's is her own name.
    CompanyName: p.name,
    PhoneNumber1: p.phone,
    PhoneNumber1Ext: '',
    PhoneNumber2: '',
    PhoneNumber2Ext: '',
    FaxNumber: '',
    CellPhone: p.phone,
    EmailAddress: p.email ?? '',
    Type: '',
  };
}

/** DOM within a country; EXP across a border. Same day where Aramex runs it, else overnight. */
function product(request: Pick<ShipmentRequest, 'speed' | 'shipper' | 'consignee'>) {
  const domestic = request.shipper.country === request.consignee.country;
  if (domestic) return { group: 'DOM', type: request.speed === 'same_day' ? 'SMP' : 'ONP' };
  return { group: 'EXP', type: request.speed === 'standard' ? 'EPX' : 'PPX' };
}

export function aramexCarrier(settings: AramexSettings, options: CarrierHttpOptions = {}): Carrier {
  const base = settings.baseUrl ?? ARAMEX_BASE_URL;
  const countries = COUNTRY_CODES.filter((c) => settings.accounts[c]);

  const accountFor = (country: Country): AramexAccount => {
    const account = settings.accounts[country];
    if (!account)
      throw new CarrierNotConfigured(
        'aramex',
        `no Aramex account for ${country}: set ARAMEX_${country}_ACCOUNT_NUMBER and ARAMEX_${country}_ACCOUNT_PIN`,
      );
    return account;
  };
  const clientInfo = (country: Country) => {
    const account = accountFor(country);
    return {
      UserName: settings.username,
      Password: settings.password,
      Version: 'v1.0',
      AccountNumber: account.number,
      AccountPin: account.pin,
      AccountEntity: account.entity,
      AccountCountryCode: country,
      Source: SOURCE,
    };
  };
  const post = (path: string, body: unknown) =>
    carrierFetch(
      'aramex',
      `${base}${path}`,
      {
        method: 'POST',
        // Without Accept the WCF service answers errors as an HTML page.
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: wcfJson(body),
      },
      options,
    );

  /**
   * The label: inline when Aramex sends its bytes (LabelFileContents, base64 or WCF's byte array), else
   * the PDF at LabelURL. The waybill exists once CreateShipments answered, so a failed download is tried
   * once more before giving up: a retry of the whole creation would make a second waybill.
   */
  const labelOf = async (label: ShipmentLabel | null | undefined): Promise<Uint8Array> => {
    const inline = label?.LabelFileContents;
    if (typeof inline === 'string' && inline) {
      const bytes = base64ToBytes(inline.replace(/\s+/g, ''));
      if (bytes) return bytes;
    }
    if (Array.isArray(inline) && inline.length > 0) return Uint8Array.from(inline as number[]);
    const url = label?.LabelURL;
    if (!url) throw new CarrierUnavailable('aramex', 'CreateShipments answered without a label');
    let failure: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const response = await carrierFetch('aramex', url, { method: 'GET' }, options);
        if (response.ok) return new Uint8Array(await response.arrayBuffer());
        failure = new CarrierUnavailable('aramex', `label ${url} answered ${response.status}`);
      } catch (err) {
        failure = err;
      }
    }
    throw failure;
  };

  return {
    code: 'aramex',
    countries,
    collectsCash: true,
    pushesEvents: false,

    async createShipment(request) {
      // The account is the shop's, on the shop's side of the parcel: the sender of an order, the
      // receiver of a return (which Aramex then bills to the consignee's account: PaymentType C).
      const shopCountry = request.direction === 'return' ? request.consignee.country : request.shipper.country;
      const account = accountFor(shopCountry);
      const { group, type } = product(request);
      const now = Date.now();
      const zone = timeZoneOf(shopCountry);
      const cod = request.codAmount > 0;
      const shipment = {
        Reference1: request.reference,
        Reference2: request.orderNumber,
        Reference3: '',
        Shipper: party(request.shipper, request.direction === 'return' ? '' : account.number, request.reference),
        Consignee: party(request.consignee, request.direction === 'return' ? account.number : '', request.reference),
        ThirdParty: null,
        ShippingDateTime: wcf(now, zone),
        DueDate: wcf(now + 3 * 86_400_000, zone),
        Comments: `Order ${request.orderNumber}`,
        PickupLocation: 'Reception',
        OperationsInstructions: '',
        AccountingInstrcutions: '',
        Details: {
          Dimensions: null,
          ActualWeight: { Unit: 'KG', Value: kilograms(request.weightGrams) },
          ChargeableWeight: null,
          DescriptionOfGoods: request.description,
          GoodsOriginCountry: request.shipper.country,
          NumberOfPieces: request.pieces,
          ProductGroup: group,
          ProductType: type,
          PaymentType: request.direction === 'return' ? 'C' : 'P',
          PaymentOptions: '',
          CustomsValueAmount:
            group === 'EXP'
              ? { CurrencyCode: request.currency, Value: decimalAmount(request.value, request.currency) }
              : null,
          CashOnDeliveryAmount: cod
            ? { CurrencyCode: request.currency, Value: decimalAmount(request.codAmount, request.currency) }
            : null,
          InsuranceAmount: null,
          CashAdditionalAmount: null,
          CashAdditionalAmountDescription: '',
          CollectAmount: null,
          Services: cod ? 'CODS' : '',
          Items: [],
        },
      };
      const response = await post('/Shipping/Service_1_0.svc/json/CreateShipments', {
        ClientInfo: clientInfo(shopCountry),
        LabelInfo: { ReportID: LABEL_REPORT_ID, ReportType: 'URL' },
        Shipments: [shipment],
        Transaction: { Reference1: request.reference, Reference2: '', Reference3: '', Reference4: '', Reference5: '' },
      });
      const answer = await carrierJson<CreateShipmentsAnswer>('aramex', response);
      const created = answer.Shipments?.[0];
      const refusal =
        notificationsText(created?.HasErrors ? created.Notifications : null) ??
        (answer.HasErrors
          ? (notificationsText(answer.Notifications) ?? {
              code: 'ARAMEX',
              message: 'Aramex refused the request without a reason',
            })
          : null);
      if (refusal) throw refusalOf(refusal);
      if (!response.ok)
        throw new CarrierRefused('aramex', `HTTP_${response.status}`, JSON.stringify(answer).slice(0, 300));
      const trackingNumber = created?.ID;
      if (!trackingNumber) throw new CarrierUnavailable('aramex', 'CreateShipments answered without a waybill');
      return {
        trackingNumber,
        trackingUrl: `https://www.aramex.com/track/results?ShipmentNumber=${encodeURIComponent(trackingNumber)}`,
        label: await labelOf(created.ShipmentLabel),
        labelSize: '4x6',
      } satisfies CreatedShipment;
    },

    async bookPickup(request) {
      const account = accountFor(request.address.country);
      // The pickup's day and window are on the clocks of the address's country.
      const zone = timeZoneOf(request.address.country);
      const midnight = instantIn(zone, request.day);
      const ready = midnight + request.readyMinute * 60_000;
      const close = midnight + request.closeMinute * 60_000;
      const { PartyAddress } = party(request.address, account.number, '');
      const response = await post('/Shipping/Service_1_0.svc/json/CreatePickup', {
        ClientInfo: clientInfo(request.address.country),
        LabelInfo: null,
        Pickup: {
          PickupAddress: PartyAddress,
          PickupContact: contact(request.address),
          PickupLocation: 'Reception',
          PickupDate: wcf(ready, zone),
          ReadyTime: wcf(ready, zone),
          LastPickupTime: wcf(close, zone),
          ClosingTime: wcf(close, zone),
          Comments: '',
          Reference1: `pickup-${request.day}`,
          Reference2: '',
          Vehicle: 'Car',
          Shipments: null,
          PickupItems: [
            {
              ProductGroup: 'DOM',
              ProductType: 'ONP',
              NumberOfShipments: request.trackingNumbers.length,
              PackageType: 'Box',
              Payment: 'P',
              ShipmentWeight: { Unit: 'KG', Value: kilograms(request.weightGrams) },
              ShipmentVolume: null,
              NumberOfPieces: request.pieces,
              CashAmount: null,
              ExtraCharges: null,
              ShipmentDimensions: null,
              Comments: '',
            },
          ],
          Status: 'Ready',
          ExistingShipments: request.trackingNumbers.map((n) => ({
            Number: n,
            OriginEntity: account.entity,
            ProductGroup: 'DOM',
          })),
          Branch: '',
          RouteCode: '',
        },
        Transaction: null,
      });
      const answer = await carrierJson<CreatePickupAnswer>('aramex', response);
      const refusal = answer.HasErrors
        ? (notificationsText(answer.Notifications) ?? {
            code: 'ARAMEX',
            message: 'Aramex refused the request without a reason',
          })
        : null;
      if (refusal) throw refusalOf(refusal);
      const id = answer.ProcessedPickup?.ID;
      if (!id) throw new CarrierUnavailable('aramex', 'CreatePickup answered without a pickup id');
      return { carrierRef: id };
    },

    async track(trackingNumbers) {
      if (trackingNumbers.length === 0) return [];
      const country = countries[0];
      if (!country) throw new CarrierNotConfigured('aramex', 'no Aramex account configured');
      const response = await post('/Tracking/Service_1_0.svc/json/TrackShipments', {
        ClientInfo: clientInfo(country),
        Shipments: trackingNumbers,
        GetLastTrackingUpdateOnly: false,
        Transaction: { Reference1: '', Reference2: '', Reference3: '', Reference4: '', Reference5: '' },
      });
      const answer = await carrierJson<TrackShipmentsAnswer>('aramex', response);
      // Polling again later is all there is to do when tracking fails: it is never the parcel's fault.
      if (answer.HasErrors) {
        const note = notificationsText(answer.Notifications);
        throw new CarrierUnavailable('aramex', `TrackShipments: ${note?.message ?? 'HasErrors'}`);
      }
      const events: TrackingEvent[] = [];
      for (const entry of answer.TrackingResults ?? []) {
        for (const result of entry.Value ?? []) {
          const trackingNumber = result.WaybillNumber ?? entry.Key ?? '';
          const at = wcfDate(result.UpdateDateTime, timeZoneOf(country));
          const code = result.UpdateCode ?? '';
          if (!trackingNumber || at === null || !code) continue;
          const description = result.UpdateDescription ?? code;
          const status = aramexStatus(code, description);
          events.push({
            trackingNumber,
            eventKey: eventKey('aramex', trackingNumber, code, at),
            status,
            carrierCode: code,
            description,
            location: result.UpdateLocation || null,
            reason: status === 'failed_attempt' ? result.Comments || result.ProblemCode || description : null,
            at,
          });
        }
      }
      return events.sort((a, b) => a.at - b.at);
    },
  };
}
