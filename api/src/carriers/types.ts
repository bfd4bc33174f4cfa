// One interface for every carrier (decision 66): the real adapters (Aramex, SMSA Express, DHL Express),
// the shop's own drivers in Kuwait, and the local carrier that needs no outside service. Everything
// above this file (shipping, tracking, pickups, returns, cash on delivery) talks to a Carrier only.
import type { PARCEL_CARRIERS, PARCEL_STATUSES } from '#shared/api/parcel-facts';
import type { DeliverySpeed } from '#shared/delivery/promise';
import type { Lang, CountryCode, CurrencyCode } from '#shared/locale';

export type CarrierCode = (typeof PARCEL_CARRIERS)[number];

/** A parcel's steps as every carrier's codes map onto them (the list: #shared/api/parcel-facts). */
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

export interface Party {
  name: string;
  /** E.164, e.g. +96550000000. */
  phone: string;
  email?: string;
  /** Address lines as the shopper wrote them (Kuwait: area, block, street…; Saudi: district, building…). */
  lines: string[];
  /** Kuwait area or Saudi city, in English (carriers want Latin city names). */
  city: string;
  country: CountryCode;
  postalCode?: string;
  /**
   * The address in its country's form, for the labels the shop prints itself (./label.ts) and the
   * driver's page: the typed parts by name, and the place names in both languages (Kuwait: area and
   * governorate; Saudi: the city, region null). Absent on the shop's own addresses.
   */
  address?: PartyAddress;
}

export interface PartyAddress {
  /** The stored address's typed keys (block, street…; district, building_number, postal_code…). */
  parts: Record<string, string>;
  places: Record<Lang, { area: string; region: string | null }>;
}

export interface ShipmentRequest {
  /** The shop's reference (shipments.reference): creating twice with it makes one parcel. */
  reference: string;
  /** The order's number as the shopper knows it, printed on the label. */
  orderNumber: string;
  direction: 'outbound' | 'return';
  speed: DeliverySpeed;
  shipper: Party;
  consignee: Party;
  weightGrams: number;
  pieces: number;
  /** What is inside, for customs and the label ("Food supplements"). */
  description: string;
  /** The goods' value and the cash to collect on delivery, minor units of `currency` (0: none). */
  value: number;
  codAmount: number;
  currency: CurrencyCode;
}

export interface CreatedShipment {
  trackingNumber: string;
  trackingUrl: string | null;
  /** The carrier's label, a PDF, in its own size. */
  label: Uint8Array;
  labelSize: '4x6' | 'A6' | 'A4';
}

interface PickupRequest {
  /**
   * The date YYYY-MM-DD, and the window the parcels are ready in (minutes from midnight), both on the
   * clocks of the pickup address's country.
   */
  day: string;
  readyMinute: number;
  closeMinute: number;
  address: Party;
  trackingNumbers: string[];
  pieces: number;
  weightGrams: number;
}

export interface TrackingEvent {
  trackingNumber: string;
  /** The carrier's event id, or a stable hash of tracking number, code and time when it has none. */
  eventKey: string;
  status: ParcelStatus;
  carrierCode: string;
  description: string;
  location: string | null;
  /** Why an attempt failed (the carrier's words), for failed_attempt. */
  reason: string | null;
  /** When it happened at the carrier (epoch ms). */
  at: number;
}

/** The carrier answered and said no (a bad address, a city it does not serve): not retried. */
export class CarrierRefused extends Error {
  constructor(
    readonly carrier: CarrierCode,
    /** The carrier's own code and words, shown to staff as they came. */
    readonly carrierCode: string,
    readonly carrierMessage: string,
  ) {
    super(`${carrier} refused: ${carrierCode} ${carrierMessage}`);
  }
}

/** The carrier could not be reached, timed out or failed on its side: the queue tries again. */
export class CarrierUnavailable extends Error {
  constructor(
    readonly carrier: CarrierCode,
    readonly detail: string,
  ) {
    super(`${carrier} unavailable: ${detail}`);
  }
}

/**
 * CARRIER_MODE=live and this carrier has no keys (or none for the parcel's country): the parcel waits in
 * the queue, as for a carrier that cannot be reached, and staff see which keys to set.
 */
export class CarrierNotConfigured extends CarrierUnavailable {}

/** A webhook whose signature or secret does not check out: answered 401, nothing recorded. */
export class WebhookRejected extends Error {}

/**
 * A signed webhook whose body is not events (not JSON, `null`, a `null` event, an event without its
 * parcel or status): answered 400, nothing recorded. A 4xx, never a 500, so the carrier stops sending it.
 */
export class WebhookMalformed extends Error {}

export interface Carrier {
  readonly code: CarrierCode;
  readonly countries: readonly CountryCode[];
  /** Whether the carrier collects cash on delivery and remits it. */
  readonly collectsCash: boolean;
  /** Whether it pushes tracking events (webhooks); otherwise they are polled. */
  readonly pushesEvents: boolean;
  createShipment(request: ShipmentRequest): Promise<CreatedShipment>;
  bookPickup(request: PickupRequest): Promise<{ carrierRef: string }>;
  /** The events the carrier knows for these parcels, oldest first (polling). */
  track(trackingNumbers: string[]): Promise<TrackingEvent[]>;
  /** A webhook's events after checking its signature (throws WebhookRejected, or WebhookMalformed). */
  readWebhook?(request: Request): Promise<TrackingEvent[]>;
  /**
   * After a failed attempt: the shopper's chosen day, or her corrected address and phone, sent to the
   * carrier. A carrier without it leaves the request to staff (the back office's order page), who call.
   */
  requestRedelivery?(trackingNumber: string, request: RedeliveryRequest): Promise<void>;
}

interface RedeliveryRequest {
  /** Gulf date YYYY-MM-DD. */
  day: string;
  /** Her corrected address lines and phone (E.164), when she corrected them. */
  address: string[] | null;
  phone: string | null;
}
