// The shop's own drivers, in the country whose module lists them (issue 62): a parcel becomes a stop on
// a driver's run for its delivery day — the driver of its area, else of its governorate, else unassigned
// for staff to assign on the Deliveries page. The driver marks stops on her phone page (api/src/drivers/stops.ts); those
// marks are this carrier's tracking events. No outside service: the same adapter in both modes.
import { addDays } from '#shared/gulf-days';
import { countryDate } from '#shared/country-days';
import { plainLabel } from './label';
import { markEvent, type StatusMark } from './status-marks';
import type { Carrier, CreatedShipment } from './types';
import { CarrierRefused } from './types';
import { countriesServedBy } from '#shared/countries/rules';
import { textsOf } from '#shared/i18n/entry-text';
import { shellAr } from '#shared/i18n/shell.ar';
import { shellEn } from '#shared/i18n/shell.en';
import { staffShippingAr } from '#shared/i18n/staff-shipping.ar';
import { staffShippingEn } from '#shared/i18n/staff-shipping.en';
import type { Lang } from '#shared/locale';

const shippingText = textsOf(staffShippingEn, staffShippingAr);
/** The countries' names in each language (the shell's, as the country switcher writes them). */
const shell: Record<Lang, Record<string, unknown>> = { en: shellEn, ar: shellAr };
const countryName = (lang: Lang, country: string) => {
  const name = shell[lang][`country_${country}`];
  return typeof name === 'string' ? name : country;
};

interface StopRow {
  tracking_number: string;
  day: string;
  position: number;
  driver: string | null;
}

export function ownCarrier(db: D1Database, now: () => number = Date.now): Carrier {
  return {
    code: 'own',
    countries: countriesServedBy('own'),
    collectsCash: true,
    // The driver's marks are read by the tracking poller like any polled carrier's; a lead wanting the
    // order to move at the mark itself can call the poller for the one parcel after a mark.
    pushesEvents: false,
    async createShipment(request) {
      if (!countriesServedBy('own').includes(request.consignee.country))
        throw new CarrierRefused('own', 'COUNTRY', outsideFleetWords());
      if (!/^\+\d{8,15}$/.test(request.consignee.phone))
        throw new CarrierRefused('own', 'INVALID_PHONE', `Consignee phone "${request.consignee.phone}" is not valid`);
      let stop = await stopOf(db, request.reference);
      if (!stop) {
        const at = now();
        // The stop's day is the delivery country's today, on its clocks.
        const today = countryDate(request.consignee.country, at);
        const driver = await db
          .prepare(
            `SELECT z.staff_id AS id, r.started_at FROM driver_zones z
             JOIN areas a ON a.name_en = ?1 COLLATE NOCASE
             JOIN staff s ON s.id = z.staff_id AND s.active = 1
             LEFT JOIN driver_runs r ON r.staff_id = z.staff_id AND r.day = ?2
             WHERE (z.kind = 'area' AND z.zone_id = a.id) OR (z.kind = 'governorate' AND z.zone_id = a.governorate_id)
             ORDER BY z.kind = 'area' DESC LIMIT 1`,
          )
          .bind(request.consignee.city, today)
          .first<{ id: number; started_at: number | null }>();
        // A run whose van has left takes no more parcels: this one goes on the next day's run.
        const day = driver?.started_at ? addDays(today, 1) : today;
        const staffId = driver?.id ?? null;
        await db
          .prepare(
            `INSERT INTO driver_stops (reference, tracking_number, day, staff_id, position, order_number, name, phone,
               address_lines, area, cod_amount, currency, created_at)
             VALUES (?1, ?2, ?3, ?4,
               (SELECT COALESCE(MAX(position), 0) + 1 FROM driver_stops WHERE day = ?3 AND staff_id IS ?4),
               ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
             ON CONFLICT (reference) DO NOTHING`,
          )
          .bind(
            request.reference,
            ownTrackingNumber(request.reference),
            day,
            staffId,
            request.orderNumber,
            request.consignee.name,
            request.consignee.phone,
            // The typed parts by name (block, street…), so the driver's page prints them with their words;
            // a request without them (none from the shop's own orders) keeps its lines as given.
            JSON.stringify(request.consignee.address?.parts ?? request.consignee.lines),
            request.consignee.city,
            request.codAmount,
            request.currency,
            at,
          )
          .run();
        stop = (await stopOf(db, request.reference))!;
      }
      const run = { day: stop.day, driver: stop.driver, position: stop.position };
      return {
        trackingNumber: stop.tracking_number,
        trackingUrl: null,
        label: await plainLabel(request, stop.tracking_number, 'own', run),
        labelSize: '4x6',
      } satisfies CreatedShipment;
    },
    async bookPickup(request) {
      // The drivers load at the warehouse: nothing to book, a reference for the records.
      return { carrierRef: `OWN-${request.day.replaceAll('-', '')}` };
    },
    async track(trackingNumbers) {
      if (trackingNumbers.length === 0) return [];
      const { results } = await db
        .prepare(
          `SELECT e.id, s.tracking_number, e.status, e.reason, e.at FROM driver_stop_events e
           JOIN driver_stops s ON s.id = e.stop_id
           WHERE s.tracking_number IN (SELECT value FROM json_each(?)) ORDER BY e.at, e.id`,
        )
        .bind(JSON.stringify(trackingNumbers))
        .all<StatusMark>();
      return results.map((row) => markEvent('own', row));
    },
  };
}

/**
 * The refusal of a parcel for a country the drivers do not serve, as staff read a carrier's words on the
 * Shipping page: in English and in Arabic, the countries served named from the dictionaries.
 */
function outsideFleetWords(): string {
  const say = (lang: Lang) => {
    const names = countriesServedBy('own').map((c) => countryName(lang, c));
    const countries = new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
    return shippingText(lang, 'st_shipping_own_countries_only', { countries });
  };
  return `${say('en')} · ${say('ar')}`;
}

function stopOf(db: D1Database, reference: string) {
  return db
    .prepare(
      `SELECT d.tracking_number, d.day, d.position, s.name AS driver FROM driver_stops d
       LEFT JOIN staff s ON s.id = d.staff_id WHERE d.reference = ?`,
    )
    .bind(reference)
    .first<StopRow>();
}

/** A stable number per reference, so a retried creation finds the same stop. */
function ownTrackingNumber(reference: string): string {
  let hash = 2166136261;
  for (const ch of reference) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `GV${String(hash).padStart(10, '0')}`;
}
