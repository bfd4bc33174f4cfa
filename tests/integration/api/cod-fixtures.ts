// Cash parcels stored straight in D1 for the cash-on-delivery and own-driver tests (issue 62): the
// shipping and tracking that make them in the shop are other tests' concern.
import { env } from 'cloudflare:workers';
import type { ShipmentRequest } from '#api/src/carriers/types';
import { CORE, type CountryCode } from '#shared/countries';

const unique = () => crypto.randomUUID().slice(0, 8).toUpperCase();

export interface CashShipment {
  id: number;
  tracking: string;
  reference: string;
}

/** A delivered (by default) outbound parcel with cash to collect, delivered `daysAgo` days ago (or `at`). */
export async function cashShipment(options: {
  carrier: 'aramex' | 'smsa' | 'local' | 'own';
  country: CountryCode;
  cod: number;
  status?: string;
  daysAgo?: number;
  at?: number;
  tracking?: string;
}): Promise<CashShipment> {
  const tracking = options.tracking ?? `T${unique()}`;
  const reference = `R-${unique()}`;
  const at = options.at ?? Date.now() - (options.daysAgo ?? 1) * 24 * 60 * 60 * 1000;
  const row = await env.DB.prepare(
    `INSERT INTO shipments (order_id, country, carrier, speed, status, reference, tracking_number, cod_amount, currency,
       last_event_at, created_at, updated_at)
     VALUES (?, ?, ?, 'standard', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      Math.floor(Math.random() * 1e6),
      options.country,
      options.carrier,
      options.status ?? 'delivered',
      reference,
      tracking,
      options.cod,
      CORE[options.country].currency,
      at,
      at,
      at,
    )
    .first<{ id: number }>();
  return { id: row!.id, tracking, reference };
}

/** A Kuwait parcel for the own drivers, to the given area. */
export function ownRequest(area: string, codAmount: number, extra: Partial<ShipmentRequest> = {}): ShipmentRequest {
  const party = (name: string, city: string, phone: string) => ({
    name,
    phone,
    lines: ['Block 3', 'Street 12', 'House 7'],
    city,
    country: 'KW' as const,
  });
  return {
    reference: `R-${unique()}`,
    orderNumber: `KW-${unique()}`,
    direction: 'outbound',
    speed: 'next_day',
    shipper: party('Gulf Vitamins', 'Shuwaikh', '+96522000000'),
    consignee: party('Sara Al-Ali', area, '+96598765432'),
    weightGrams: 600,
    pieces: 1,
    description: 'Food supplements',
    value: codAmount || 12500,
    codAmount,
    currency: 'KWD',
    ...extra,
  };
}
