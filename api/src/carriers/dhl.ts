// DHL Express, through the MyDHL API (DHL Express APIs, OpenAPI 3.1.1 released 2025-11-02,
// https://developer.dhl.com/api-reference/dhl-express-mydhl-api; production https://express.api.dhl.com/mydhlapi,
// test https://express.api.dhl.com/mydhlapi/test). HTTP Basic auth with the API key and secret, and the
// interface version in `x-version`.
// - POST /shipments: plannedShippingDateAndTime (the shipper's local time and its offset: "2025-01-18T17:00:00
//   GMT+03:00" in Kuwait, "… GMT+04:00" in Dubai), pickup {isRequested},
//   productCode (N domestic express, P express worldwide), accounts [{typeCode 'shipper', number}],
//   customerDetails {shipperDetails, receiverDetails: {postalAddress, contactInformation}}, content
//   {packages [{weight kg}], isCustomsDeclarable, declaredValue(+Currency) and exportDeclaration across a
//   border, description, incoterm, unitOfMeasurement 'metric'}, outputImageProperties for the label. The
//   201 answer: {shipmentTrackingNumber, trackingUrl, documents: [{typeCode 'label', imageFormat 'PDF',
//   content (base64)}]}.
// - POST /pickups → 201 {dispatchConfirmationNumbers: [...]}.
// - GET /tracking?shipmentTrackingNumber=…(repeated)&trackingView=all-checkpoints → {shipments: [{events:
//   [{date, time, GMTOffset, typeCode, description, serviceArea}]}]}; 404 when nothing is known yet.
// Errors are application/problem+json {instance, detail ("7008: …"), title, message, status}.
// DHL Express collects no cash on delivery for the shop; the MyDHL API has no webhooks: events are polled.
import { base64ToBytes } from '#shared/bytes';
import { dateIn, instantIn, offsetText, timeZoneOf, wallTimeIn, wallTimeInstant } from '#shared/country-days';
import { HOME_COUNTRY } from '#shared/countries';
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

const DHL_BASE_URL = 'https://express.api.dhl.com/mydhlapi';
/** The interface version the specification above names ("do not change this field value"). */
const API_VERSION = '3.1.0';
/** DHL's A6 transport label template, the thermal printers' size (ECOM26_84_001, its default, is 8×4). */
const LABEL_TEMPLATE = 'ECOM26_A6_002';
/** The most numbers one tracking call takes (shipmentTrackingNumber: maxItems 200). */
const TRACK_BATCH = 200;

export interface DhlSettings {
  apiKey: string;
  apiSecret: string;
  accountNumber: string;
  baseUrl?: string;
}

interface Problem {
  detail?: string;
  title?: string;
  message?: string;
  status?: string | number;
  additionalDetails?: string[];
}

interface ShipmentAnswer {
  shipmentTrackingNumber?: string;
  trackingUrl?: string;
  documents?: { typeCode?: string; imageFormat?: string; content?: string }[];
}

interface DhlEvent {
  date?: string;
  time?: string;
  GMTOffset?: string;
  typeCode?: string;
  description?: string;
  serviceArea?: { code?: string; description?: string }[];
}

interface TrackingAnswer {
  shipments?: { shipmentTrackingNumber?: string; events?: DhlEvent[] }[];
}

/** DHL Express checkpoint codes onto our steps; others are the parcel on its way. */
const CHECKPOINTS: Record<string, ParcelStatus> = {
  PU: 'picked_up', // Shipment picked up
  WC: 'out_for_delivery', // With delivery courier
  OK: 'delivered', // Delivered
  DD: 'delivered', // Delivered damaged
  NH: 'failed_attempt', // Not home
  BA: 'failed_attempt', // Bad address
  CA: 'failed_attempt', // Closed on arrival
  CM: 'failed_attempt', // Customer moved
  RD: 'failed_attempt', // Refused delivery
  NA: 'failed_attempt', // Not available
  RT: 'returning', // Returned to consignor
};

export function dhlStatus(code: string): ParcelStatus {
  return CHECKPOINTS[code.toUpperCase()] ?? 'in_transit';
}

/** DHL's own words for a refusal: "7008: The requested Special Service Code…" → code 7008. */
/** The events of one tracked shipment, as ours. */
function shipmentEvents(shipment: NonNullable<TrackingAnswer['shipments']>[number]): TrackingEvent[] {
  const trackingNumber = shipment.shipmentTrackingNumber ?? '';
  const events: TrackingEvent[] = [];
  for (const event of shipment.events ?? []) {
    const at = eventTime(event);
    const code = event.typeCode ?? '';
    if (!trackingNumber || at === null || !code) continue;
    const status = dhlStatus(code);
    const description = event.description ?? code;
    events.push({
      trackingNumber,
      eventKey: eventKey('dhl', trackingNumber, code, at),
      status,
      carrierCode: code,
      description,
      location: event.serviceArea?.[0]?.description ?? null,
      reason: status === 'failed_attempt' ? description : null,
      at,
    });
  }
  return events;
}

async function refusal(response: Response): Promise<CarrierRefused> {
  const text = await response.text();
  let problem: Problem = {};
  try {
    problem = JSON.parse(text) as Problem;
  } catch {
    problem = { detail: text.slice(0, 500) };
  }
  const detail = problem.detail ?? problem.message ?? problem.title ?? `answered ${response.status}`;
  const code = /^(\d{3,5}):/.exec(detail)?.[1] ?? String(problem.status ?? response.status);
  const extra = problem.additionalDetails?.length ? ` (${problem.additionalDetails.join('; ')})` : '';
  return new CarrierRefused('dhl', code, `${detail}${extra}`);
}

function customer(p: Party) {
  // DHL takes at most three lines of 45 characters.
  const [line1 = '', line2, ...rest] = p.lines.map((l) => l.slice(0, 45));
  const line3 = rest.join(', ').slice(0, 45);
  return {
    postalAddress: {
      ...(p.postalCode ? { postalCode: p.postalCode } : {}),
      cityName: p.city,
      countryCode: p.country,
      addressLine1: line1,
      ...(line2 ? { addressLine2: line2 } : {}),
      ...(line3 ? { addressLine3: line3 } : {}),
    },
    contactInformation: {
      phone: p.phone,
      ...(p.email ? { email: p.email } : {}),
      companyName: p.name,
      fullName: p.name,
    },
  };
}

/** A local time in a zone as DHL writes it, with its real offset: "2026-11-29T10:30:00 GMT+04:00" in Dubai. */
function localDateTime(ms: number, timeZone: string): string {
  return `${wallTimeIn(timeZone, ms)} GMT${offsetText(timeZone, ms)}`;
}

/**
 * An event's time: its local date and time and the offset beside them. DHL always sends the offset; an
 * event without one is read on the home country's clocks (the place of a scan is not known here).
 */
function eventTime(event: DhlEvent): number | null {
  if (!event.date || !event.time) return null;
  const offset = /^[+-]\d\d:\d\d$/.test(event.GMTOffset ?? '') ? event.GMTOffset : null;
  const at = offset
    ? Date.parse(`${event.date}T${event.time}${offset}`)
    : wallTimeInstant(timeZoneOf(HOME_COUNTRY), `${event.date}T${event.time}`);
  return Number.isNaN(at) ? null : at;
}

export function dhlCarrier(settings: DhlSettings, options: CarrierHttpOptions = {}): Carrier {
  const base = settings.baseUrl ?? DHL_BASE_URL;
  const headers = {
    authorization: `Basic ${btoa(`${settings.apiKey}:${settings.apiSecret}`)}`,
    'content-type': 'application/json',
    accept: 'application/json',
    'x-version': API_VERSION,
  };
  const accounts = [{ typeCode: 'shipper', number: settings.accountNumber }];

  return {
    code: 'dhl',
    countries: countriesServedBy('dhl'),
    collectsCash: false,
    pushesEvents: false,

    async createShipment(request) {
      if (request.codAmount > 0)
        throw new CarrierRefused(
          'dhl',
          'COD_NOT_OFFERED',
          'DHL Express does not collect cash on delivery for the shop',
        );
      const domestic = request.shipper.country === request.consignee.country;
      const kg = kilograms(request.weightGrams);
      const pieces = Math.max(1, request.pieces);
      // DHL weighs each package: the parcel's weight shared between its pieces (never below a gram).
      const perPiece = Math.max(0.001, Math.ceil((kg / pieces) * 1000) / 1000);
      // Tendered a little ahead: DHL refuses a time that is already past when the request arrives.
      const tendered = Date.now() + 30 * 60_000;
      // DHL reads the planned time as the shipper's local time with its offset: its country's clocks.
      const shipperZone = timeZoneOf(request.shipper.country);
      const value = decimalAmount(request.value, request.currency);
      const body = {
        plannedShippingDateAndTime: localDateTime(tendered, shipperZone),
        pickup: { isRequested: false },
        productCode: domestic ? 'N' : 'P',
        ...(domestic ? { localProductCode: 'N' } : {}),
        getRateEstimates: false,
        accounts,
        customerReferences: [{ value: request.reference.slice(0, 35), typeCode: 'CU' }],
        outputImageProperties: {
          encodingFormat: 'pdf',
          imageOptions: [
            { typeCode: 'label', templateName: LABEL_TEMPLATE, isRequested: true },
            { typeCode: 'waybillDoc', isRequested: false },
          ],
          splitTransportAndWaybillDocLabels: true,
          allDocumentsInOneImage: false,
        },
        customerDetails: {
          shipperDetails: customer(request.shipper),
          receiverDetails: customer(request.consignee),
        },
        content: {
          packages: Array.from({ length: pieces }, () => ({ weight: perPiece })),
          isCustomsDeclarable: !domestic,
          ...(domestic
            ? {}
            : {
                declaredValue: value,
                declaredValueCurrency: request.currency,
                exportDeclaration: {
                  lineItems: [
                    {
                      number: 1,
                      description: request.description,
                      price: value,
                      quantity: { value: 1, unitOfMeasurement: 'PCS' },
                      manufacturerCountry: request.shipper.country,
                      weight: { netValue: kg, grossValue: kg },
                    },
                  ],
                  invoice: { number: request.orderNumber, date: dateIn(shipperZone, tendered) },
                  exportReasonType: request.direction === 'return' ? 'return' : 'permanent',
                },
              }),
          description: request.description,
          // Delivered at place: duties, if any, are the receiver's (DHL's default for e-commerce).
          incoterm: 'DAP',
          unitOfMeasurement: 'metric',
        },
      };
      const response = await carrierFetch(
        'dhl',
        `${base}/shipments`,
        { method: 'POST', headers, body: JSON.stringify(body) },
        options,
      );
      if (!response.ok) throw await refusal(response);
      const answer = await carrierJson<ShipmentAnswer>('dhl', response);
      const documents = answer.documents ?? [];
      const labels = documents.some((d) => d.typeCode === 'label')
        ? documents.filter((d) => d.typeCode === 'label')
        : documents;
      const files = labels.map((d) => (d.content ? base64ToBytes(d.content.replace(/\s+/g, '')) : null));
      const trackingNumber = answer.shipmentTrackingNumber;
      if (!trackingNumber || files.length === 0 || files.some((f) => !f))
        throw new CarrierUnavailable('dhl', 'the shipment answer has no tracking number or label');
      return {
        trackingNumber,
        trackingUrl: `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${encodeURIComponent(trackingNumber)}`,
        label: await onePdf(files as Uint8Array[]),
        labelSize: 'A6',
      } satisfies CreatedShipment;
    },

    async bookPickup(request) {
      // The pickup's day and window are on the clocks of the address's country.
      const zone = timeZoneOf(request.address.country);
      const midnight = instantIn(zone, request.day);
      const ready = midnight + request.readyMinute * 60_000;
      const close = wallTimeIn(zone, midnight + request.closeMinute * 60_000).slice(11, 16);
      const perShipment = Math.max(
        0.001,
        Math.ceil((kilograms(request.weightGrams) / Math.max(1, request.trackingNumbers.length)) * 1000) / 1000,
      );
      const body = {
        plannedPickupDateAndTime: localDateTime(ready, zone),
        closeTime: close,
        location: 'reception',
        locationType: 'business',
        accounts,
        customerDetails: { shipperDetails: customer(request.address) },
        shipmentDetails: request.trackingNumbers.map((n) => ({
          productCode: 'N',
          isCustomsDeclarable: false,
          unitOfMeasurement: 'metric',
          shipmentTrackingNumber: n,
          packages: [{ weight: perShipment }],
        })),
      };
      const response = await carrierFetch(
        'dhl',
        `${base}/pickups`,
        { method: 'POST', headers, body: JSON.stringify(body) },
        options,
      );
      if (!response.ok) throw await refusal(response);
      const answer = await carrierJson<{ dispatchConfirmationNumbers?: string[] }>('dhl', response);
      const ref = answer.dispatchConfirmationNumbers?.[0];
      if (!ref) throw new CarrierUnavailable('dhl', 'the pickup answer has no dispatch confirmation number');
      return { carrierRef: ref };
    },

    async track(trackingNumbers) {
      const events: TrackingEvent[] = [];
      // The tracking service takes up to 200 numbers a call.
      for (let i = 0; i < trackingNumbers.length; i += TRACK_BATCH) {
        const query = new URLSearchParams();
        for (const n of trackingNumbers.slice(i, i + TRACK_BATCH)) query.append('shipmentTrackingNumber', n);
        query.set('trackingView', 'all-checkpoints');
        query.set('levelOfDetail', 'shipment');
        const response = await carrierFetch('dhl', `${base}/tracking?${query}`, { method: 'GET', headers }, options);
        // 404: DHL knows no event yet (a label printed, nothing scanned).
        if (response.status === 404) continue;
        if (!response.ok) throw new CarrierUnavailable('dhl', `tracking answered ${response.status}`);
        const answer = await carrierJson<TrackingAnswer>('dhl', response);
        for (const shipment of answer.shipments ?? []) events.push(...shipmentEvents(shipment));
      }
      return events.sort((a, b) => a.at - b.at);
    },
  };
}
