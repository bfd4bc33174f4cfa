// The back office's shipping (issue 62, decision 66). Shipping needs orders:fulfil (the permission of
// the order's own ship step, so the fulfilment role ships as before) in the order's country; the
// carrier rules are read with orders:read and changed with delivery:manage. Every change is audited.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { countryDate, homeDate } from '#shared/country-days';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { WAREHOUSE } from '#shared/countries/delivery';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { carrierFor } from '#api/src/carriers';
import { CarrierRefused, CarrierUnavailable, type CarrierCode } from '#api/src/carriers/types';
import { orderShards } from '#api/src/db/databases';
import { ApiError } from '#api/src/lib/errors';
import { contract } from '#api/src/contract/validate';
import { assertCan, requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import { orderFor, STAGE_SQL } from '#api/src/order-office/common';
import type { CarrierRuleRow } from '#api/src/db/rows';
import { companyEntity } from '#shared/company';
import { manifestCsv, manifestLines, mergeLabels } from '#api/src/shipping/documents';
import { sendShipments } from '#api/src/shipping/queue';
import { type CarrierRule, chooseCarrier, loadCarrierRules, NoCarrierRule } from '#api/src/shipping/carrier-rules';
import { carriersFor, linesToShip, orderAt, planParcel, queueParcel } from '#api/src/shipping/ship';
import { needsPickup } from '#shared/api/parcel-facts';
import {
  shippingListQuery,
  shipOrdersSchema,
  shipPartSchema,
  labelsQuery,
  manifestQuery,
  pickupSchema,
  carrierRulesSchema,
  carrierRulesListSchema,
  carrierRulesSavedSchema,
  manifestSchema,
  orderParcelsSchema,
  parcelQueuedSchema,
  type ParcelView,
  pickupBookedSchema,
  shipOrdersAnswerSchema,
  shippingPageSchema,
} from '#shared/api/staff-shipping-schemas';
import { idParams } from '#shared/api/route-schemas';
import type { CurrencyCode } from '#shared/countries';

interface ParcelRow {
  id: number;
  order_id: number;
  country: CountryCode;
  carrier: ParcelView['carrier'];
  status: ParcelView['status'];
  reference: string;
  tracking_number: string | null;
  label_key: string | null;
  weight_grams: number;
  cod_amount: number;
  currency: CurrencyCode;
  create_tries: number;
  carrier_error: string | null;
  created_at: number;
  items: string | null;
}

const PARCEL_SQL = `SELECT s.id, s.order_id, s.country, s.carrier, s.status, s.reference, s.tracking_number, s.label_key,
  s.weight_grams, s.cod_amount, s.currency, s.create_tries, s.carrier_error, s.created_at,
  (SELECT json_group_array(json_object('sku_id', i.sku_id, 'count', i.count)) FROM shipment_items i WHERE i.shipment_id = s.id) AS items
  FROM shipments s`;

function parcelView(r: ParcelRow): ParcelView {
  return {
    id: r.id,
    order_id: r.order_id,
    country: r.country,
    carrier: r.carrier,
    status: r.status,
    reference: r.reference,
    tracking_number: r.tracking_number,
    label: r.label_key !== null,
    weight_grams: r.weight_grams,
    cod_amount: r.cod_amount,
    currency: r.currency,
    create_tries: r.create_tries,
    error: r.carrier_error ? (JSON.parse(r.carrier_error) as ParcelView['error']) : null,
    items: r.items ? (JSON.parse(r.items) as ParcelView['items']) : [],
    created_at: r.created_at,
  };
}

function allowedCountries(grants: Parameters<typeof countriesFor>[0], permission: 'orders:fulfil' | 'orders:read') {
  const allowed = countriesFor(grants, permission);
  return COUNTRY_CODES.filter((code) => allowed === null || allowed.includes(code));
}

export const staffShippingRoutes = new Hono<AppEnv>()
  .get(
    '/shipping',
    contract({
      tag: 'staff',
      noDevice: true,
      summary:
        'Orders ready to ship (confirmed or packed, or shipped in part) of a country, and the recent parcels: queued, refused, created',
      query: shippingListQuery,
      staff: 'orders:fulfil',
      response: shippingPageSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const wanted = c.req.valid('query').country;
      const countries = allowedCountries(member.grants, 'orders:fulfil').filter((k) => !wanted || k === wanted);
      if (countries.length === 0) throw new ApiError(403, 'forbidden');
      const marks = countries.map(() => '?').join(',');
      // Orders ready: confirmed or packed (paid, or cash on delivery), or shipped with lines still waiting.
      const core = c.env.DB;
      const shards = await orderShards(c.env);
      const ready: Array<{
        id: number;
        country: CountryCode;
        currency: string;
        total: number;
        payment_method: string;
        stage_packed: number;
        status: string;
        created_at: number;
      }> = [];
      for (const shard of shards.length > 0 ? shards : [{ db: c.env.DB }]) {
        const { results } = await shard.db
          .prepare(
            `SELECT o.id, o.country, o.currency, o.total, o.payment_method, o.status, o.created_at,
             CASE WHEN o.packed_at IS NULL THEN 0 ELSE 1 END AS stage_packed
           FROM orders o WHERE o.country IN (${marks})
             AND ((${STAGE_SQL.confirmed}) OR (${STAGE_SQL.packed}) OR (${STAGE_SQL.shipped}))
           ORDER BY o.id LIMIT 200`,
          )
          .bind(...countries)
          .all<(typeof ready)[number]>();
        ready.push(...results);
      }
      // A shipped order is listed only while some of its lines are in no parcel yet, with the carrier the
      // rules choose for what is left and the others staff may choose instead.
      const rules = new Map<CountryCode, CarrierRule[]>();
      for (const country of countries) rules.set(country, await loadCarrierRules(core, country));
      const listed: Array<
        (typeof ready)[number] & { left: number; carrier: CarrierCode | null; carriers: CarrierCode[] }
      > = [];
      for (const o of ready) {
        const { order, db } = await orderAt(c.env, o.id);
        const lines = await linesToShip(c.env, order, db);
        const left = lines.reduce((s, l) => s + l.ordered - l.shipped, 0);
        if (left === 0) continue;
        const { parcel } = await planParcel(c.env, order, lines);
        const countryRules = rules.get(order.country) ?? [];
        let carrier: CarrierCode | null = null;
        try {
          carrier = chooseCarrier(countryRules, parcel).carrier;
        } catch (error) {
          if (!(error instanceof NoCarrierRule)) throw error;
        }
        listed.push({ ...o, left, carrier, carriers: carriersFor(c.env, countryRules, parcel) });
      }
      const since = Date.now() - 7 * 86_400_000;
      const { results: parcels } = await core
        .prepare(
          `${PARCEL_SQL} WHERE s.country IN (${marks}) AND s.direction = 'outbound' AND (s.status IN ('queued', 'refused') OR s.created_at >= ?) ORDER BY s.id DESC LIMIT 200`,
        )
        .bind(...countries, since)
        .all<ParcelRow>();
      const { results: pickups } = await core
        .prepare(
          `SELECT id, carrier, country, day, carrier_ref, status, carrier_error FROM pickups WHERE country IN (${marks}) AND day >= ? ORDER BY id DESC LIMIT 50`,
        )
        // A week back on the clocks of the country farthest ahead (its date is the earliest of theirs then).
        .bind(...countries, countries.map((code) => countryDate(code, since)).sort()[0] ?? homeDate(since))
        .all();
      const now = Date.now();
      const days = Object.fromEntries(countries.map((code) => [code, countryDate(code, now)]));
      return c.json(
        ok({
          countries,
          today: homeDate(now),
          days,
          orders: listed,
          parcels: parcels.map(parcelView),
          pickups,
        }),
      );
    },
  )
  .post(
    '/shipping/ship',
    contract({
      tag: 'staff',
      noDevice: true,
      summary:
        'Ships the chosen orders: one parcel each of what is still to ship, its carrier by the rules or one staff chose among those the rules allow, queued for creation at the carrier',
      body: shipOrdersSchema,
      staff: 'orders:fulfil',
      response: shipOrdersAnswerSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      const chosen = new Map((input.carriers ?? []).map((x) => [x.order_id, x.carrier]));
      const queued: number[] = [];
      const failed: Array<{ order_id: number; msg: string }> = [];
      for (const id of input.order_ids) {
        try {
          const { order, db, moving } = await orderFor(c, id, 'orders:fulfil');
          if (moving) throw new ApiError(503, 'service_busy');
          queued.push(await queueParcel(c.env, member, order, db, undefined, chosen.get(id)));
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          failed.push({ order_id: id, msg: error.key });
        }
      }
      await sendShipments(c.env, queued);
      return c.json(ok({ queued, failed }));
    },
  )
  .post(
    '/shipping/orders/:id{[0-9]+}/parcel',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Ships part of an order: a parcel of the chosen lines and counts; the rest waits for stock',
      params: idParams,
      body: shipPartSchema,
      badParams: 'not_found',
      staff: 'orders:fulfil',
      response: parcelQueuedSchema,
      messages: [
        'transition_not_allowed',
        'shipping_nothing_left',
        'shipping_more_than_left',
        'shipping_no_carrier_rule',
        'shipping_in_progress',
      ],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { order, db, moving } = await orderFor(c, c.req.valid('param').id, 'orders:fulfil');
      if (moving) throw new ApiError(503, 'service_busy');
      const id = await queueParcel(c.env, member, order, db, c.req.valid('json').lines);
      await sendShipments(c.env, [id]);
      return c.json(ok({ queued: [id] }));
    },
  )
  .get(
    '/shipping/orders/:id{[0-9]+}/parcels',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'An order’s parcels (carrier, tracking number, status, refusal) and the lines still to ship',
      params: idParams,
      badParams: 'not_found',
      staff: 'orders:read',
      response: orderParcelsSchema,
      messages: [],
    }),
    async (c) => {
      const { order, db } = await orderFor(c, c.req.valid('param').id, 'orders:read');
      const { results } = await c.env.DB.prepare(`${PARCEL_SQL} WHERE s.order_id = ? ORDER BY s.id`)
        .bind(order.id)
        .all<ParcelRow>();
      const lines = await linesToShip(c.env, order, db);
      return c.json(ok({ parcels: results.map(parcelView), lines }));
    },
  )
  .post(
    '/shipping/shipments/:id{[0-9]+}/retry',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Tries a refused or waiting parcel at its carrier again (after the address was corrected)',
      params: idParams,
      badParams: 'not_found',
      staff: 'orders:fulfil',
      response: parcelQueuedSchema,
      messages: ['shipping_not_retryable'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const core = c.env.DB;
      const s = await core
        .prepare('SELECT id, order_id, country, status FROM shipments WHERE id = ?')
        .bind(c.req.valid('param').id)
        .first<{ id: number; order_id: number; country: CountryCode; status: string }>();
      if (!s) throw new ApiError(404, 'not_found');
      assertCan(member, 'orders:fulfil', s.country);
      if (s.status !== 'queued' && s.status !== 'refused') throw new ApiError(409, 'shipping_not_retryable');
      await core.batch([
        core
          .prepare(
            "UPDATE shipments SET status = 'queued', updated_at = ? WHERE id = ? AND status IN ('queued', 'refused')",
          )
          .bind(Date.now(), s.id),
        auditStatement(core, member, {
          action: 'shipment.retry',
          resource: 'shipment',
          resourceId: s.id,
          country: s.country,
          before: { status: s.status },
          after: { status: 'queued' },
        }),
      ]);
      await sendShipments(c.env, [s.id]);
      return c.json(ok({ queued: [s.id] }));
    },
  )
  .get(
    '/shipping/labels',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'The chosen parcels’ labels as one PDF, each page in its carrier’s size',
      query: labelsQuery,
      fileResponse: ['application/pdf'],
      staff: 'orders:fulfil',
      messages: ['shipping_no_parcels'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const ids = c.req.valid('query').ids.split(',').map(Number);
      const { results } = await c.env.DB.prepare(
        'SELECT id, country, label_key FROM shipments WHERE id IN (SELECT value FROM json_each(?)) AND label_key IS NOT NULL',
      )
        .bind(JSON.stringify(ids))
        .all<{ id: number; country: CountryCode; label_key: string }>();
      if (results.length === 0) throw new ApiError(404, 'shipping_no_parcels');
      const byId = new Map(results.map((r) => [r.id, r]));
      const labels: Uint8Array[] = [];
      for (const id of ids) {
        const row = byId.get(id);
        if (!row) continue;
        assertCan(member, 'orders:fulfil', row.country);
        const object = await c.env.UPLOADS.get(row.label_key);
        if (object) labels.push(new Uint8Array(await object.arrayBuffer()));
      }
      return new Response(await mergeLabels(labels), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'inline; filename="labels.pdf"',
          'cache-control': 'no-store',
        },
      });
    },
  )
  .get(
    '/shipping/manifest',
    contract({
      tag: 'staff',
      noDevice: true,
      summary:
        'A carrier’s parcels of a day (the country’s date, on its clocks): tracking numbers, weights, cash to collect; JSON or CSV',
      query: manifestQuery,
      fileResponse: ['text/csv'],
      staff: 'orders:fulfil',
      // format=json (or none) answers the envelope instead of the CSV file.
      response: manifestSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const q = c.req.valid('query');
      assertCan(member, 'orders:fulfil', q.country);
      const lines = await manifestLines(c.env.DB, q);
      if (q.format === 'csv')
        return new Response(manifestCsv(lines), {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="manifest-${q.carrier}-${q.country}-${q.day}.csv"`,
            'cache-control': 'no-store',
          },
        });
      return c.json(ok({ ...q, lines }));
    },
  )
  .post(
    '/shipping/pickups',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Books a pickup with a carrier for a day’s created parcels; a refusal is recorded and shown',
      body: pickupSchema,
      staff: 'orders:fulfil',
      response: pickupBookedSchema,
      messages: ['shipping_no_parcels', 'shipping_pickup_failed', 'shipping_pickup_not_needed'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const q = c.req.valid('json');
      assertCan(member, 'orders:fulfil', q.country);
      // The shop's own drivers load at its store, and SMSA collects with its standing daily pickup (its API
      // books none): there is no pickup to book, nor a record of one.
      if (!needsPickup(q.carrier)) throw new ApiError(409, 'shipping_pickup_not_needed');
      const lines = await manifestLines(c.env.DB, q);
      if (lines.length === 0) throw new ApiError(409, 'shipping_no_parcels');
      const company = companyEntity(q.country);
      let carrierRef: string | null = null;
      let error: string | null = null;
      try {
        carrierRef = (
          await carrierFor(c.env, c.var.config, q.carrier as CarrierCode).bookPickup({
            day: q.day,
            readyMinute: 14 * 60,
            closeMinute: 18 * 60,
            address: {
              name: company.legalName.en,
              phone: company.phone,
              lines: [company.address.en],
              city: WAREHOUSE[q.country].city,
              country: q.country,
            },
            trackingNumbers: lines.map((l) => l.tracking_number!),
            pieces: lines.reduce((s, l) => s + l.pieces, 0),
            weightGrams: lines.reduce((s, l) => s + l.weight_grams, 0),
          })
        ).carrierRef;
      } catch (e) {
        if (e instanceof CarrierRefused) error = `${e.carrierCode}: ${e.carrierMessage}`;
        else if (e instanceof CarrierUnavailable) error = e.detail;
        else throw e;
      }
      const core = c.env.DB;
      const now = Date.now();
      const [inserted] = await core.batch([
        core
          .prepare(
            'INSERT INTO pickups (carrier, country, day, carrier_ref, status, carrier_error, staff_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
          )
          .bind(q.carrier, q.country, q.day, carrierRef, error ? 'failed' : 'booked', error, member.id, now),
        auditStatement(core, member, {
          action: 'pickup.book',
          resource: 'pickup',
          country: q.country,
          after: { ...q, carrier_ref: carrierRef, error },
        }),
      ]);
      const id = (inserted!.results[0] as { id: number }).id;
      if (!error)
        await core
          .prepare(
            'UPDATE shipments SET pickup_id = ? WHERE country = ? AND carrier = ? AND pickup_id IS NULL AND tracking_number IN (SELECT value FROM json_each(?))',
          )
          .bind(id, q.country, q.carrier, JSON.stringify(lines.map((l) => l.tracking_number)))
          .run();
      if (error) throw new ApiError(502, 'shipping_pickup_failed', { pickup_id: id, carrier_error: error });
      return c.json(ok({ pickup_id: id, carrier_ref: carrierRef, parcels: lines.length }));
    },
  )
  .get(
    '/shipping/rules',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Each country’s carrier choice rules in priority order',
      staff: 'orders:read',
      response: carrierRulesListSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const countries = allowedCountries(member.grants, 'orders:read');
      const { results } = await c.env.DB.prepare(
        `SELECT * FROM carrier_rules WHERE country IN (SELECT value FROM json_each(?)) ORDER BY country, priority`,
      )
        .bind(JSON.stringify(countries))
        .all<CarrierRuleRow>();
      return c.json(ok({ countries, rules: results }));
    },
  )
  .post(
    '/shipping/rules',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Replaces a country’s carrier choice rules; needs delivery:manage there',
      body: carrierRulesSchema,
      staff: 'delivery:manage',
      response: carrierRulesSavedSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      assertCan(member, 'delivery:manage', input.country);
      const core = c.env.DB;
      const { results: before } = await core
        .prepare('SELECT * FROM carrier_rules WHERE country = ? ORDER BY priority')
        .bind(input.country)
        .all();
      const priorities = new Set(input.rules.map((r) => r.priority));
      if (priorities.size !== input.rules.length) throw new ApiError(400, 'validation_failed');
      const now = Date.now();
      await core.batch([
        core.prepare('DELETE FROM carrier_rules WHERE country = ?').bind(input.country),
        ...input.rules.map((r) =>
          core
            .prepare(
              'INSERT INTO carrier_rules (country, priority, zones, speed, cod, max_weight_grams, carrier, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
            )
            .bind(
              input.country,
              r.priority,
              r.zones === 'all' ? 'all' : r.zones.join(','),
              r.speed,
              r.cod,
              r.max_weight_grams,
              r.carrier,
              now,
            ),
        ),
        auditStatement(core, member, {
          action: 'settings.carrier_rules',
          resource: 'carrier_rules',
          resourceId: input.country,
          country: input.country,
          before,
          after: input.rules,
        }),
      ]);
      return c.json(ok({ saved: input.rules.length }));
    },
  );
