// Blood-test booking (spec §7): collection slots and holds, /bloodTestOrder/calculate and
// /submit, the shopper's saved patients, and /user/bloodTestOrder/* (list, detail, tests, reschedule,
// cancel, calendar entry). Everything about an order is scoped to its owner: another shopper's order
// answers 404 like one that does not exist, a guest 401.
import type { CountryCode } from '#shared/locale';
import { bookingInvoiceRecord, signBookingDocuments, signSoon } from '../e-invoice-sales';
import { Hono, type Context } from 'hono';
import { z } from '#shared/zod';
import { ok } from '#shared/api/envelope';
import { gatewayMethodsFor } from '#shared/payments/gateway-methods';
import { WINDOW_HOURS } from '#shared/blood-tests/slot-rules';
import type { BloodTestPayAgainAnswer, BloodTestSubmitAnswer } from '#shared/blood-tests/order-types';
import { ApiError } from '../lib/errors';
import { paged } from '../lib/params';
import { siteOrigin } from '../lib/site-origin';
import { contract } from '../contract/validate';
import { currentUser, requireUser } from '../middleware/user';
import { startCharge } from './orders';
import { bookingPaymentUrl } from './booking-payment';
import type { AppEnv } from '../app-env';
import { cancelBooking, payAgain, reschedule } from '../blood-tests/changes';
import { visitCalendar } from '../blood-tests/ics';
import { listPatients, removePatient, savePatient } from '../blood-tests/patients';
import { bookBloodTests, bookingReturnPath } from '../blood-tests/place';
import { BOOKING_COUPON_PROBLEMS, bloodTestQuote } from '../blood-tests/quote';
import { holdSlot, slotsFor } from '../blood-tests/slots';
import { calendarTexts } from '../blood-tests/texts';
import { advanceStatement, LIVE_STATUSES } from '../blood-tests/transitions';
import { earnStatements } from '../loyalty/earn';
import { earnAcross } from '../loyalty/across';
import { shardFor, userOwner } from '../db/databases';
import { orderPage, orderRows, toDetail } from '../blood-tests/view';
import {
  slotQuerySchema,
  slotHoldSchema,
  bloodTestCalculateSchema,
  bloodTestSubmitSchema,
  bloodTestPayAgainSchema,
  patientSchema,
  bloodTestOrderIdQuerySchema,
  bloodTestRescheduleSchema,
  bloodTestCancelSchema,
} from '#shared/api/blood-test-order-schemas';
import { idParams, pageParams } from '#shared/api/route-schemas';
import {
  bloodTestCalculateAnswerSchema,
  bloodTestCancelAnswerSchema,
  bloodTestOrderDetailSchema,
  bloodTestOrderItemsSchema,
  bloodTestOrderListSchema,
  bloodTestPatientListSchema,
  bloodTestPatientSchema,
  bloodTestPayAgainAnswerSchema,
  bloodTestSubmitAnswerSchema,
  slotHoldAnswerSchema,
  slotsAnswerSchema,
} from '#shared/api/blood-test-order-responses';
import type { MessageKey } from '#shared/api/message-keys';

/** The card way asked for is not the country's, not for this amount, or STC Pay without a Saudi mobile. */
const CARD_METHOD_PROBLEMS = [
  'payment_method_unavailable',
  'payment_method_below_minimum',
  'payment_method_above_maximum',
  'stc_pay_phone_invalid',
] as const satisfies readonly MessageKey[];

export const bloodTestSlotRoutes = new Hono<AppEnv>()
  .get(
    '/slots',
    contract({
      tag: 'blood-tests',
      summary: 'Collection windows of the next 14 days for a Kuwait area or Saudi city, with places left',
      query: slotQuerySchema,
      response: slotsAnswerSchema,
      messages: ['slot_zone_mismatch', 'blood_test_unavailable'],
    }),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(ok(await slotsFor(c.env.DB, { ...q, country: c.var.country })));
    },
  )
  .post(
    '/slots/hold',
    contract({
      tag: 'blood-tests',
      summary: 'Hold a collection window for 10 minutes (replaces the shopper’s previous hold)',
      body: slotHoldSchema,
      user: true,
      response: slotHoldAnswerSchema,
      messages: ['slot_zone_mismatch', 'blood_test_unavailable', 'slot_unavailable', 'slot_full'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      return c.json(ok(await holdSlot(c.env.DB, { ...input, userId: user.id, country: c.var.country })));
    },
  );

export const bloodTestOrderRoutes = new Hono<AppEnv>()
  .post(
    '/calculate',
    contract({
      tag: 'blood-tests',
      summary: 'Price blood tests: country prices, coupon, VAT line, wallet',
      body: bloodTestCalculateSchema,
      response: bloodTestCalculateAnswerSchema,
      messages: ['blood_test_unavailable'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const user = await currentUser(c);
      const priced = await bloodTestQuote(c.env.DB, input, {
        country: c.var.country,
        lang: c.var.lang,
        userId: user?.id ?? null,
        env: c.env,
      });
      return c.json(
        ok({
          ...priced.quote,
          payment_methods: ['card', ...(user && priced.quote.wallet_balance > 0 ? ['wallet'] : []), 'pay_at_visit'],
          // The gateway's ways for what is due (pay later within the providers' limits, STC Pay), and why
          // the others are not offered.
          ...methodsFor(c.var.country, priced.quote.due),
        }),
      );
    },
  )
  .post(
    '/submit',
    contract({
      tag: 'blood-tests',
      summary: 'Book blood tests on a held slot (idempotent per key); a card booking gets its payment page',
      body: bloodTestSubmitSchema,
      user: true,
      response: bloodTestSubmitAnswerSchema,
      messages: [
        'idempotency_conflict',
        'slot_hold_expired',
        'address_required',
        'address_country_mismatch',
        'checkout_country_changed',
        'slot_zone_mismatch',
        'patient_not_found',
        'blood_test_unavailable',
        'service_busy',
        ...BOOKING_COUPON_PROBLEMS,
        'slot_unavailable',
        'blood_test_min_age',
        'blood_test_female_only',
        'blood_test_male_only',
        'wallet_insufficient',
        ...CARD_METHOD_PROBLEMS,
        'payment_unavailable',
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const booked = await bookBloodTests(
        { db: c.env.DB, country: c.var.country, lang: c.var.lang, user, env: c.env },
        input,
      );
      const url = await bookingPaymentUrl(c, user, booked, {
        ref: `blood-test:${booked.orderId}`,
        logged: { bloodTestOrderId: booked.orderId },
        description: `Blood tests ${booked.orderId}`,
        returnPath: bookingReturnPath(c.var.lang, booked.orderId),
      });
      const rows = (await orderRows(c.env.DB, booked.orderId, user.id))!;
      const answer: BloodTestSubmitAnswer = {
        order_id: booked.orderId,
        status: rows.order.status,
        payment_url: url,
        order: toDetail(rows, c.var.lang),
        replayed: booked.replayed,
      };
      return c.json(ok(answer));
    },
  )
  .post(
    '/payAgain',
    contract({
      tag: 'blood-tests',
      summary: 'Pay again for a booking whose card payment failed: takes its place again, opens a payment',
      body: bloodTestPayAgainSchema,
      user: true,
      response: bloodTestPayAgainAnswerSchema,
      messages: [
        'not_found',
        'order_not_payable',
        'blood_test_change_closed',
        'slot_unavailable',
        'slot_full',
        'coupon_used_up',
        ...CARD_METHOD_PROBLEMS,
        'payment_unavailable',
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const p = await payAgain(c.env.DB, {
        userId: user.id,
        orderId: input.order_id,
        cardMethod: input.card_method,
        stcPayPhone: input.stc_pay_phone,
        lang: c.var.lang,
      });
      const url = await startCharge(c, {
        paymentId: p.paymentId,
        amount: p.amount,
        currency: p.currency,
        method: p.cardMethod,
        description: `Blood tests ${input.order_id}`,
        customer: { name: user.name, email: user.email, phone: user.phone },
        returnPath: bookingReturnPath(c.var.lang, input.order_id),
      });
      const rows = (await orderRows(c.env.DB, input.order_id, user.id))!;
      const answer: BloodTestPayAgainAnswer = {
        order_id: input.order_id,
        status: rows.order.status,
        payment_url: url,
        order: toDetail(rows, c.var.lang),
        replayed: false,
      };
      return c.json(ok(answer));
    },
  );

function methodsFor(country: CountryCode, due: number) {
  const { offered, unavailable } = gatewayMethodsFor(country, due);
  return { card_methods: offered, unavailable_methods: unavailable };
}

export const bloodTestPatientRoutes = new Hono<AppEnv>()
  .get(
    '/',
    contract({
      tag: 'blood-tests',
      summary: "The shopper's saved patients",
      user: true,
      response: bloodTestPatientListSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(ok({ items: await listPatients(c.env.DB, user.id) }));
    },
  )
  .post(
    '/new',
    contract({
      tag: 'blood-tests',
      summary: 'Save a patient (the shopper or a family member)',
      body: patientSchema,
      user: true,
      response: bloodTestPatientSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const row = await savePatient(c.env.DB, user.id, c.req.valid('json'));
      return c.json(ok((await listPatients(c.env.DB, user.id)).find((p) => p.id === row.id)));
    },
  )
  .post(
    '/:id{[0-9]+}/remove',
    contract({
      tag: 'blood-tests',
      summary: 'Remove a saved patient',
      params: idParams,
      user: true,
      response: z.object({ id: z.int() }),
      messages: ['patient_not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      await removePatient(c.env.DB, user.id, c.req.valid('param').id);
      return c.json(ok({ id: c.req.valid('param').id }));
    },
  );

async function ownedDetail(c: Context<AppEnv>, id: number) {
  const user = await requireUser(c);
  const rows = await orderRows(c.env.DB, id, user.id);
  if (!rows) throw new ApiError(404, 'not_found');
  return { user, rows };
}

async function list(c: Context<AppEnv>, page: number) {
  const user = await requireUser(c);
  const result = await orderPage(c.env.DB, user.id, page);
  return c.json(ok(paged(result.items, page, result.per_page, result.total)));
}

export const userBloodTestOrderRoutes = new Hono<AppEnv>()
  .get(
    '/list/All',
    contract({
      tag: 'blood-tests',
      summary: "The shopper's blood-test orders (first page)",
      user: true,
      response: bloodTestOrderListSchema,
      messages: [],
    }),
    (c) => list(c, 1),
  )
  .get(
    '/list/:page{[0-9]+}',
    contract({
      tag: 'blood-tests',
      summary: "The shopper's blood-test orders, a later page",
      params: pageParams,
      badParams: 'bad_request',
      user: true,
      response: bloodTestOrderListSchema,
      messages: [],
    }),
    (c) => list(c, c.req.valid('param').page),
  )
  .get(
    '/getOrder',
    contract({
      tag: 'blood-tests',
      summary: 'A blood-test order: timeline, patient, slot, address, tests with preparation, totals, payment',
      query: bloodTestOrderIdQuerySchema,
      user: true,
      response: bloodTestOrderDetailSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const { rows } = await ownedDetail(c, c.req.valid('query').id);
      return c.json(ok(toDetail(rows, c.var.lang)));
    },
  )
  // The order's tests with their preparation (the results pages read them per test).
  .get(
    '/getOrderItem',
    contract({
      tag: 'blood-tests',
      summary: "A blood-test order's tests with their preparation",
      query: bloodTestOrderIdQuerySchema,
      user: true,
      response: bloodTestOrderItemsSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const { rows } = await ownedDetail(c, c.req.valid('query').id);
      const detail = toDetail(rows, c.var.lang);
      return c.json(ok({ order_id: detail.id, status: detail.status, slot: detail.slot, items: detail.items }));
    },
  )
  .post(
    '/reschedule',
    contract({
      tag: 'blood-tests',
      summary: 'Move a booked visit to a newly held slot (until the cut-off before the visit)',
      body: bloodTestRescheduleSchema,
      user: true,
      response: bloodTestOrderDetailSchema,
      messages: [
        'not_found',
        'blood_test_order_not_changeable',
        'blood_test_change_closed',
        'slot_hold_expired',
        'slot_zone_mismatch',
        'slot_unavailable',
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      await reschedule(c.env.DB, { userId: user.id, orderId: input.order_id, holdId: input.hold_id });
      return c.json(ok(toDetail((await orderRows(c.env.DB, input.order_id, user.id))!, c.var.lang)));
    },
  )
  .post(
    '/cancel',
    contract({
      tag: 'blood-tests',
      summary: 'Cancel a booked visit (until the cut-off); what was paid goes to the wallet',
      body: bloodTestCancelSchema,
      user: true,
      response: bloodTestCancelAnswerSchema,
      messages: ['not_found', 'service_busy', 'blood_test_order_not_changeable', 'blood_test_change_closed'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const { refunded } = await cancelBooking(
        c.env.DB,
        { userId: user.id, orderId: input.order_id },
        Date.now(),
        c.env,
      );
      // A Saudi paid booking's credit note was recorded with the cancel; signed now.
      if (refunded > 0)
        signSoon(c.executionCtx, () => signBookingDocuments(c.env, `blood-test:${input.order_id}`), {
          bloodTestOrderId: input.order_id,
        });
      const detail = toDetail((await orderRows(c.env.DB, input.order_id, user.id))!, c.var.lang);
      return c.json(ok({ ...detail, refunded_to_wallet: refunded }));
    },
  )
  .get(
    '/ics',
    contract({
      tag: 'blood-tests',
      summary: 'The visit as a calendar entry (text/calendar)',
      query: bloodTestOrderIdQuerySchema,
      user: true,
      fileResponse: ['text/calendar'],
      messages: ['not_found'],
    }),
    async (c) => {
      const { rows } = await ownedDetail(c, c.req.valid('query').id);
      const lang = c.var.lang;
      const detail = toDetail(rows, lang);
      const o = rows.order;
      const texts = calendarTexts(lang, {
        id: o.id,
        slot: detail.slot,
        address: detail.address.text,
        items: detail.items,
        country: o.country,
      });
      const body = visitCalendar({
        uid: `blood-test-${o.id}@${new URL(siteOrigin(c)).hostname}`,
        start: o.visit_at,
        end: o.visit_at + (WINDOW_HOURS[o.slot_window].end - WINDOW_HOURS[o.slot_window].start) * 3_600_000,
        now: Date.now(),
        ...texts,
        location: detail.address.text,
        lang,
      });
      return c.body(body, 200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="blood-test-${o.id}.ics"`,
        'cache-control': 'private, no-store',
      });
    },
  );

const advanceSchema = z.object({
  order_id: z.number().int().positive(),
  status: z.enum(['sample_collected', 'at_lab', 'results_ready']),
});

const visitNowSchema = z.object({ order_id: z.number().int().positive() });

// Local mode only: moves an order along its timeline for tests (staff move it in the back office), and
// starts a booked visit now: the lab may collect nothing before a visit's time, and a slot can only be
// booked for later.
const buildDevBloodTestRoutes = () =>
  new Hono<AppEnv>()
    .post('/advance', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const input = advanceSchema.safeParse(await c.req.json().catch(() => null));
      if (!input.success) throw new ApiError(400, 'bad_request');
      const { order_id, status } = input.data;
      const db = c.env.DB;
      const now = Date.now();
      // Results ready earns her points, as the lab's approval does (in the same batch).
      const head =
        status === 'results_ready'
          ? await db
              .prepare('SELECT user_id, country FROM blood_test_orders WHERE id = ?')
              .bind(order_id)
              .first<{ user_id: number; country: CountryCode }>()
          : null;
      // Her points in another order shard (decision 61): written there after the batch.
      const route = head ? await shardFor(c.env, userOwner(head.user_id)) : null;
      const away = route && route.binding !== 'DB' ? route : null;
      const points =
        head && !away
          ? await earnStatements(db, {
              source: 'blood_test',
              id: order_id,
              userId: head.user_id,
              country: head.country,
              now,
              siteOrigin: siteOrigin(c),
            })
          : [];
      // A visit paid at the door is a sale once collected: its e-invoice, as the back office's step records it.
      const [r] = await db.batch([
        advanceStatement(db, order_id, status, now, LIVE_STATUSES),
        ...points,
        bookingInvoiceRecord(db, 'blood-test', order_id, now),
      ]);
      if (!r!.meta.changes) throw new ApiError(404, 'not_found');
      if (head && away)
        await earnAcross(
          c.env,
          away,
          { source: 'blood_test', id: order_id, userId: head.user_id, country: head.country, now },
          siteOrigin(c),
        );
      return c.json(ok({ order_id, status }));
    })
    .post('/visitNow', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') throw new ApiError(404, 'not_found');
      const input = visitNowSchema.safeParse(await c.req.json().catch(() => null));
      if (!input.success) throw new ApiError(400, 'bad_request');
      const r = await c.env.DB.prepare('UPDATE blood_test_orders SET visit_at = min(visit_at, ?) WHERE id = ?')
        .bind(Date.now() - 1000, input.data.order_id)
        .run();
      if (!r.meta.changes) throw new ApiError(404, 'not_found');
      return c.json(ok({ order_id: input.data.order_id }));
    });

export const devBloodTestRoutes = /* @__PURE__ */ buildDevBloodTestRoutes();
