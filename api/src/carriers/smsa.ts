// SMSA Express (Saudi Arabia), through its e-commerce REST API ("SMSA Express API", the ecom API
// documented at https://ecomapis.smsaexpress.com/swagger, v1; sandbox https://ecomapis-sandbox.azurewebsites.net).
// Every call carries the account's key in the `apikey` header.
// - POST /api/shipment/b2c/new: ShipperAddress and ConsigneeAddress {ContactName, ContactPhoneNumber,
//   Country, City, AddressLine1, AddressLine2, District, PostalCode}, OrderNumber, DeclaredValue, CODAmount,
//   Parcels, ShipDate, ShipmentCurrency, WaybillType 'PDF', Weight + WeightUnit 'KG', ContentDescription.
//   The answer: {sawb, createDate, shipmentParcelsCount, waybills: [{awb, awbFile (the label, base64)}]}.
// - POST /api/c2b/new: a return collected from the shopper, PickupAddress → ReturnToAddress; same answer.
// - POST /api/track/bulk/: a JSON array of AWBs → [{AWB, Reference, isDelivered, Scans: [{ScanType,
//   ScanDescription, ScanDateTime, ScanTimeZone, ScanCity, ScanCountry, ReceivedBy}]}].
// A refusal is a 400 with the ASP.NET validation shape {title, errors: {field: [messages]}} or a plain
// message: its words go to staff as they came.
// The API books no pickups (SMSA collects from the account's agreed daily pickup) and documents no webhooks:
// bookPickup says so as a refusal staff can read, and events are polled.
import { base64ToBytes } from '#shared/bytes';
import { type CarrierHttpOptions, carrierFetch, carrierJson, decimalAmount, eventKey, kilograms, onePdf } from './http';
import {
  type Carrier,
  CarrierRefused,
  CarrierUnavailable,
  type CreatedShipment,
  type ParcelStatus,
  type Party,
  type TrackingEvent,
} from './types';
import { countriesServedBy } from '#shared/countries/rules';
import { HOME_COUNTRY } from '#shared/countries';
import { isCountryCode } from '#shared/countries/codes';
import { timeZoneOf, wallTimeIn, wallTimeInstant } from '#shared/country-days';

const SMSA_BASE_URL = 'https://ecomapis.smsaexpress.com';

export interface SmsaSettings {
  apiKey: string;
  baseUrl?: string;
}

interface ShipmentAnswer {
  sawb?: string;
  createDate?: string;
  shipmentParcelsCount?: number;
  waybills?: { awb?: string; awbFile?: string }[];
}

interface Scan {
  ScanType?: string;
  ScanDescription?: string;
  ScanDateTime?: string;
  ScanTimeZone?: string;
  ScanCity?: string;
  ScanCountry?: string;
  ReceivedBy?: string;
}

interface TrackAnswer {
  AWB?: string;
  Reference?: string;
  isDelivered?: boolean;
  OriginCountry?: string;
  /** SMSA's own spelling. */
  DesinationCountry?: string;
  Scans?: Scan[] | null;
}

/** SMSA's scan types (its status lookup, GET /api/track/statuslookup) onto our steps. */
const SCAN_TYPES: Record<string, ParcelStatus> = {
  DATA: 'created',
  PU: 'picked_up', // Picked up
  AF: 'in_transit', // Arrived delivery facility
  DF: 'in_transit', // Departed facility
  HS: 'in_transit',
  CC: 'in_transit', // Processing for consignee collection
  OD: 'out_for_delivery', // Out for delivery
  WC: 'out_for_delivery',
  DL: 'delivered', // Delivered
  POD: 'delivered',
  NA: 'failed_attempt', // Consignee not available
  CA: 'failed_attempt', // Closed on arrival
  BA: 'failed_attempt', // Bad address
  RF: 'failed_attempt', // Refused by consignee
  RTS: 'returning', // Return to shipper
  RT: 'returned', // Returned to shipper
};

export function smsaStatus(type: string, description: string): ParcelStatus {
  const known = SCAN_TYPES[type.toUpperCase()];
  if (known) return known;
  const words = description.toLowerCase();
  if (/returned to (shipper|origin)/.test(words)) return 'returned';
  if (/return/.test(words)) return 'returning';
  if (/out for delivery|with courier/.test(words)) return 'out_for_delivery';
  if (/attempt|not available|refused|bad address|closed/.test(words)) return 'failed_attempt';
  if (/delivered/.test(words)) return 'delivered';
  if (/picked up|collected/.test(words)) return 'picked_up';
  return 'in_transit';
}

/**
 * The clocks a scan without an offset was written on: the country it names, else the parcel's
 * destination, else the first country SMSA serves for the shop. A parcel crosses borders (a return from
 * Kuwait to Riyadh, a scan at a Dubai hub), so one country's clocks would move its scans by an hour.
 */
function scanClock(scan: Scan, shipment: TrackAnswer): string {
  const named = [scan.ScanCountry, shipment.DesinationCountry, shipment.OriginCountry]
    .map((c) => c?.trim().toUpperCase())
    .find(isCountryCode);
  return timeZoneOf(named ?? countriesServedBy('smsa')[0] ?? HOME_COUNTRY);
}

/**
 * A scan's time: SMSA writes local time without a zone and gives the offset beside it ("+03:00"); a scan
 * without one is read on the clocks of where it was made (`scanClock`).
 */
function scanTime(scan: Scan, timeZone: string): number | null {
  const text = scan.ScanDateTime;
  if (!text) return null;
  if (/[zZ]|[+-]\d\d:\d\d$/.test(text)) return Date.parse(text) || null;
  const offset = /^[+-]\d\d:\d\d$/.test(scan.ScanTimeZone ?? '') ? scan.ScanTimeZone : null;
  const at = offset ? Date.parse(`${text}${offset}`) : wallTimeInstant(timeZone, text.slice(0, 19));
  return Number.isNaN(at) ? null : at;
}

function address(p: Party) {
  // SMSA wants a first line of 10 to 100 characters: the shopper's lines run together ("Salmiya" alone
  // is too short), the rest on the second line.
  const text = p.lines.join(', ');
  return {
    ContactName: p.name,
    // SMSA takes the number with its country code and without the plus.
    ContactPhoneNumber: p.phone.replace(/^\+/, ''),
    Country: p.country,
    City: p.city,
    AddressLine1: text.slice(0, 100),
    AddressLine2: text.slice(100, 200),
    PostalCode: p.postalCode ?? '',
  };
}

/** An SMSA refusal's words: the validation errors field by field, else its message or title. */
async function refusal(response: Response): Promise<CarrierRefused> {
  const text = await response.text();
  let code = `HTTP_${response.status}`;
  let message = text.slice(0, 500);
  try {
    const body = JSON.parse(text) as { title?: string; message?: string; errors?: Record<string, string[]> | string[] };
    if (body.errors && !Array.isArray(body.errors)) {
      const entries = Object.entries(body.errors);
      if (entries[0]) code = entries[0][0];
      message = entries.map(([field, list]) => `${field}: ${[list].flat().join(' ')}`).join('; ');
    } else if (Array.isArray(body.errors)) message = body.errors.join('; ');
    else message = body.message ?? body.title ?? message;
  } catch {
    // A plain-text refusal: its words as they came.
  }
  return new CarrierRefused('smsa', code, message || `answered ${response.status}`);
}

export function smsaCarrier(settings: SmsaSettings, options: CarrierHttpOptions = {}): Carrier {
  const base = settings.baseUrl ?? SMSA_BASE_URL;
  const headers = { apikey: settings.apiKey, 'content-type': 'application/json', accept: 'application/json' };
  const post = (path: string, body: unknown) =>
    carrierFetch('smsa', `${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }, options);

  return {
    code: 'smsa',
    countries: countriesServedBy('smsa'),
    collectsCash: true,
    pushesEvents: false,

    async createShipment(request) {
      const common = {
        OrderNumber: request.reference,
        DeclaredValue: decimalAmount(request.value, request.currency),
        Parcels: request.pieces,
        ContentDescription: request.description,
      };
      const response =
        request.direction === 'return'
          ? await post('/api/c2b/new', {
              ...common,
              PickupAddress: address(request.shipper),
              ReturnToAddress: address(request.consignee),
            })
          : await post('/api/shipment/b2c/new', {
              ...common,
              ShipperAddress: address(request.shipper),
              ConsigneeAddress: address(request.consignee),
              CODAmount: decimalAmount(request.codAmount, request.currency),
              // The sending country's wall time, as SMSA's sample ("2021-01-01T10:40:53"): Riyadh's
              // UTC+3, Dubai's UTC+4 where the owner has SMSA serve the Emirates.
              ShipDate: wallTimeIn(timeZoneOf(request.shipper.country), Date.now()),
              ShipmentCurrency: request.currency,
              SMSARetailID: '0',
              WaybillType: 'PDF',
              Weight: kilograms(request.weightGrams),
              WeightUnit: 'KG',
              VatPaid: true,
              DutyPaid: false,
            });
      if (!response.ok) throw await refusal(response);
      const answer = await carrierJson<ShipmentAnswer>('smsa', response);
      const files = (answer.waybills ?? []).map((w) =>
        w.awbFile ? base64ToBytes(w.awbFile.replace(/\s+/g, '')) : null,
      );
      const trackingNumber = answer.sawb ?? answer.waybills?.[0]?.awb;
      if (!trackingNumber || files.length === 0 || files.some((f) => !f))
        throw new CarrierUnavailable('smsa', 'the shipment answer has no AWB or label');
      return {
        trackingNumber,
        trackingUrl: `https://www.smsaexpress.com/trackingdetails?tracknumbers=${encodeURIComponent(trackingNumber)}`,
        label: await onePdf(files as Uint8Array[]),
        labelSize: '4x6',
      } satisfies CreatedShipment;
    },

    async bookPickup() {
      throw new CarrierRefused(
        'smsa',
        'NO_PICKUP_API',
        "SMSA's API books no pickups: parcels go with the account's daily collection agreed with SMSA",
      );
    },

    async track(trackingNumbers) {
      if (trackingNumbers.length === 0) return [];
      const response = await post('/api/track/bulk/', trackingNumbers);
      // Tracking that fails is polled again later; it never refuses a parcel.
      if (!response.ok) throw new CarrierUnavailable('smsa', `track/bulk answered ${response.status}`);
      const answer = await carrierJson<TrackAnswer[] | TrackAnswer>('smsa', response);
      const events: TrackingEvent[] = [];
      for (const shipment of [answer].flat()) {
        const trackingNumber = shipment.AWB ?? '';
        for (const scan of shipment.Scans ?? []) {
          const at = scanTime(scan, scanClock(scan, shipment));
          const code = scan.ScanType ?? '';
          if (!trackingNumber || at === null || !code) continue;
          const description = scan.ScanDescription ?? code;
          const status = smsaStatus(code, description);
          events.push({
            trackingNumber,
            eventKey: eventKey('smsa', trackingNumber, code, at),
            status,
            carrierCode: code,
            description,
            location: [scan.ScanCity, scan.ScanCountry].filter(Boolean).join(', ') || null,
            reason: status === 'failed_attempt' ? description : null,
            at,
          });
        }
      }
      return events.sort((a, b) => a.at - b.at);
    },
  };
}
