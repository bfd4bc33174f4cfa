// Nutritionist consultations (issue 46, decision 55): holding a time, booking and paying, packages,
// and the shopper's /user/consultation/* (list, detail, cancel, reschedule, mode, rating, calendar
// entry). Everything about a consultation is scoped to its owner: another shopper's answers 404 like
// one that does not exist, a guest 401.
import { signBookingDocuments, signSoon } from '../e-invoice-sales';
import { type Context, Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type {
  ConsultationBookAnswer,
  ConsultationCancelAnswer,
  ConsultationPackageAnswer,
} from '#shared/consultations/types';
import {
  consultationBookAnswerSchema,
  consultationCancelAnswerSchema,
  consultationCreditListSchema,
  consultationCreditSchema,
  consultationDetailSchema,
  consultationHoldAnswerSchema,
  consultationListPageSchema,
  consultationPackageAnswerSchema,
} from '#shared/consultations/answer-schemas';
import { ApiError } from '../lib/errors';
import { paged } from '../lib/params';
import { siteOrigin } from '../lib/site-origin';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import { startCharge } from './orders';
import { bookingPaymentUrl } from './booking-payment';
import type { AppEnv } from '../app-env';
import { calendarFileName, consultationCalendar } from '../consultations/calendar';
import { bookConsultation, consultationReturnPath } from '../consultations/book';
import { rateConsultation, rescheduleConsultation, setMode } from '../consultations/changes';
import { holdTime } from '../consultations/hold';
import { noticeRow } from '../consultations/notices';
import { cancelledText, movedText, pushChange } from '../consultations/change-notices';
import { buyPackage, listCredits } from '../consultations/packages';
import { packageReturnPath } from '../consultations/paths';
import { roomStub } from '../consultations/call/room';
import { cancelConsultation } from '../consultations/refund';
import { log } from '../lib/log';
import { healthKeyring } from '../consultations/seal';
import { listConsultations, ownedConsultation, ownedDetail, PER_PAGE } from '../consultations/view';
import {
  consultationHoldSchema,
  consultationPackageBuySchema,
  consultationBookSchema,
  consultationIdParams,
  consultationCancelSchema,
  consultationRescheduleSchema,
  consultationModeSchema,
  consultationRatingSchema,
} from '#shared/consultations/schemas';
import { pageParams } from '#shared/api/route-schemas';

/** What paying through the gateway may refuse a booking or a package with (payment-moves.ts, book.ts gatewayMethod). */
const GATEWAY_WAY_MESSAGES = [
  'payment_method_unavailable',
  'payment_method_below_minimum',
  'payment_method_above_maximum',
  'consultation_pay_later_unavailable',
  'stc_pay_phone_invalid',
  'payment_unavailable',
] as const;

/** Hers, in one D1 batch (the row, its health rows and key); another shopper's answers 404. */
async function detail(c: Context<AppEnv>, id: number, userId: number) {
  const d = await ownedDetail(c.env.DB, healthKeyring(c.var.config), id, userId, c.var.lang, c.var.country);
  if (!d) throw new ApiError(404, 'not_found');
  return d;
}

export const consultationRoutes = new Hono<AppEnv>()
  .post(
    '/hold',
    contract({
      tag: 'consultations',
      summary:
        'Hold a start time of a service for 10 minutes while she pays; a new hold replaces her older one. Two shoppers never hold one time: the second gets 409 consultation_time_unavailable',
      body: consultationHoldSchema,
      user: true,
      response: consultationHoldAnswerSchema,
      messages: [
        'not_found',
        'consultation_service_unavailable',
        'consultation_nutritionist_unavailable',
        'consultation_time_unavailable',
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      return c.json(
        ok(
          await holdTime(c.env.DB, {
            userId: user.id,
            serviceId: input.service_id,
            startsAt: input.starts_at,
            country: c.var.country,
            lang: c.var.lang,
          }),
        ),
      );
    },
  )
  .post(
    '/package',
    contract({
      tag: 'consultations',
      summary:
        'Buy a package of sessions of one service, paid like a booking; answers the package and the gateway page, if any',
      body: consultationPackageBuySchema,
      user: true,
      response: consultationPackageAnswerSchema,
      messages: [
        'consultation_service_unavailable',
        'consultation_nutritionist_unavailable',
        'wallet_insufficient',
        ...GATEWAY_WAY_MESSAGES,
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const bought = await buyPackage(
        c.env.DB,
        { country: c.var.country, lang: c.var.lang, user, siteOrigin: siteOrigin(c) },
        input,
      );
      // Paid from the wallet: the package's e-invoice (if any) was recorded with it; signed now.
      if (bought.state === 'paid')
        signSoon(c.executionCtx, () => signBookingDocuments(c.env, `package:${bought.creditId}`), {
          creditId: bought.creditId,
        });
      const url = bought.paymentId
        ? await startCharge(c, {
            paymentId: bought.paymentId,
            amount: bought.due,
            currency: bought.currency,
            method: bought.cardMethod!,
            description: `Consultation package ${bought.creditId}`,
            customer: { name: user.name, email: user.email, phone: user.phone },
            returnPath: packageReturnPath(c.var.lang, bought.creditId),
          })
        : null;
      const answer: ConsultationPackageAnswer = {
        credit_id: bought.creditId,
        payment_state: bought.state,
        payment_url: url,
        price: bought.price,
        currency: bought.currency,
      };
      return c.json(ok(answer));
    },
  )
  .post(
    '/',
    contract({
      tag: 'consultations',
      summary:
        'Book the held time: the intake (sealed at rest), consent, mode and payment (wallet, card or pay later through the gateway, the wallet first when asked, or a package session). Answers the consultation and the gateway page to pay on, if any. The idempotency key makes a retry answer the same booking',
      body: consultationBookSchema,
      user: true,
      response: consultationBookAnswerSchema,
      messages: [
        'not_found',
        'idempotency_conflict',
        'consultation_health_unavailable',
        'consultation_hold_expired',
        'consultation_follow_up_invalid',
        'consultation_package_invalid',
        'consultation_package_unpaid',
        'wallet_insufficient',
        'service_busy',
        ...GATEWAY_WAY_MESSAGES,
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const db = c.env.DB;
      const booked = await bookConsultation(
        {
          db,
          ring: healthKeyring(c.var.config),
          country: c.var.country,
          lang: c.var.lang,
          user,
          siteOrigin: siteOrigin(c),
          env: c.env,
        },
        input,
      );
      const url = await bookingPaymentUrl(c, user, booked, {
        ref: `consultation:${booked.id}`,
        logged: { consultationId: booked.id },
        description: `Consultation ${booked.id}`,
        returnPath: consultationReturnPath(c.var.lang, booked.id),
      });
      const d = await detail(c, booked.id, user.id);
      const answer: ConsultationBookAnswer = {
        id: booked.id,
        status: d.status,
        payment_url: url,
        payment: d.payment,
        consultation: d,
        replayed: booked.replayed,
      };
      return c.json(ok(answer));
    },
  );

/** Her consultations; the first page also carries her packages (the profile's page reads both in one trip). */
async function list(c: Context<AppEnv>, page: number) {
  const user = await requireUser(c);
  const [result, credits] = await Promise.all([
    listConsultations(c.env.DB, user.id, c.var.lang, page),
    page === 1 ? listCredits(c.env.DB, { userId: user.id, country: c.var.country, lang: c.var.lang }) : [],
  ]);
  return c.json(ok({ ...paged(result.items, page, PER_PAGE, result.total), credits }));
}

export const userConsultationRoutes = new Hono<AppEnv>()
  .get(
    '/credits',
    contract({
      tag: 'consultations',
      summary: "The shopper's packages in the request's country: sessions left, payment, expiry",
      user: true,
      response: consultationCreditListSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(
        ok({ items: await listCredits(c.env.DB, { userId: user.id, country: c.var.country, lang: c.var.lang }) }),
      );
    },
  )
  .get(
    '/credits/:id{[0-9]+}',
    contract({
      tag: 'consultations',
      summary:
        'One of her packages (the page a package payment returns to): its sessions, sessions left, payment state (failed too) and expiry; another shopper’s answers 404',
      params: consultationIdParams,
      badParams: 'not_found',
      user: true,
      response: consultationCreditSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const [credit] = await listCredits(c.env.DB, {
        userId: user.id,
        country: c.var.country,
        lang: c.var.lang,
        id: c.req.valid('param').id,
      });
      if (!credit) throw new ApiError(404, 'not_found');
      return c.json(ok(credit));
    },
  )
  .get(
    '/list',
    contract({
      tag: 'consultations',
      summary:
        "The shopper's consultations, newest first (first page), with her packages in the request's country (`credits`: sessions left, payment, expiry)",
      user: true,
      response: consultationListPageSchema,
      messages: [],
    }),
    (c) => list(c, 1),
  )
  .get(
    '/list/:page{[0-9]+}',
    contract({
      tag: 'consultations',
      summary: "The shopper's consultations, a later page",
      params: pageParams,
      badParams: 'bad_request',
      user: true,
      response: consultationListPageSchema,
      messages: [],
    }),
    (c) => list(c, c.req.valid('param').page),
  )
  .get(
    '/:id{[0-9]+}',
    contract({
      tag: 'consultations',
      summary:
        'One consultation: the rules with their times (free cancel until, reschedule until and how many left, the join window), mode, payment, her intake, and once shared the summary and the recommended products with dose and reason, and her rating',
      params: consultationIdParams,
      badParams: 'not_found',
      user: true,
      response: consultationDetailSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      return c.json(ok(await detail(c, c.req.valid('param').id, user.id)));
    },
  )
  .post(
    '/:id{[0-9]+}/cancel',
    contract({
      tag: 'consultations',
      summary:
        'Cancel a booked consultation: everything back until 24 hours before (to the wallet, or to the card where the gateway refunds it; a package session returns), nothing after',
      params: consultationIdParams,
      badParams: 'not_found',
      user: true,
      body: consultationCancelSchema,
      response: consultationCancelAnswerSchema,
      messages: ['not_found', 'consultation_not_changeable', 'service_busy'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      const done = await cancelConsultation(
        c.env.DB,
        { config: c.var.config, siteOrigin: siteOrigin(c), shards: c.env },
        { userId: user.id, id, refundTo: c.req.valid('json').refund_to },
      );
      // A Saudi sale's credit notes (its refund's) were recorded with it; signed now, else by the sweep.
      if (done.refunded > 0)
        signSoon(c.executionCtx, () => signBookingDocuments(c.env, `consultation:${id}`), { consultationId: id });
      // Her devices hear of it after the answer (the mail and WhatsApp update are queued already).
      const notice = done.notice;
      if (notice) c.executionCtx.waitUntil(pushChange(c.env, notice, (r) => cancelledText(r, done, siteOrigin(c))));
      // Anyone already in the call's room (its join window opens before the start) leaves it.
      c.executionCtx.waitUntil(
        roomStub(c.env, id)
          .end()
          .catch((error: unknown) => log.warn('consultation room not ended', { consultationId: id, error })),
      );
      const d = await detail(c, id, user.id);
      const answer: ConsultationCancelAnswer = {
        id,
        status: d.status,
        refunded: done.refunded,
        refund_to: done.to,
        currency: d.currency,
        consultation: d,
      };
      return c.json(ok(answer));
    },
  )
  .post(
    '/:id{[0-9]+}/reschedule',
    contract({
      tag: 'consultations',
      summary: 'Move a booked consultation to a time she has just held: until 24 hours before, at most twice',
      params: consultationIdParams,
      badParams: 'not_found',
      user: true,
      body: consultationRescheduleSchema,
      response: consultationDetailSchema,
      messages: [
        'not_found',
        'consultation_not_changeable',
        'consultation_reschedule_closed',
        'consultation_reschedule_limit',
        'consultation_hold_expired',
      ],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      const done = await rescheduleConsultation(c.env.DB, {
        userId: user.id,
        id,
        holdId: c.req.valid('json').hold_id,
        links: { secret: c.var.config.TOKEN_SECRET, siteOrigin: siteOrigin(c) },
      });
      // Her devices hear of it after the answer (the mail and WhatsApp update went in the move's batch).
      if (done) c.executionCtx.waitUntil(pushChange(c.env, done.moved, (r) => movedText(r, done.was, siteOrigin(c))));
      return c.json(ok(await detail(c, id, user.id)));
    },
  )
  .post(
    '/:id{[0-9]+}/mode',
    contract({
      tag: 'consultations',
      summary: 'Video with chat, or chat only: hers to change until the call ends',
      params: consultationIdParams,
      badParams: 'not_found',
      user: true,
      body: consultationModeSchema,
      response: consultationDetailSchema,
      messages: ['not_found', 'consultation_not_changeable'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      await setMode(c.env.DB, { userId: user.id, id, mode: c.req.valid('json').mode });
      return c.json(ok(await detail(c, id, user.id)));
    },
  )
  .post(
    '/:id{[0-9]+}/rating',
    contract({
      tag: 'consultations',
      summary: 'Rate a consultation that took place, once: shown or held by the product reviews\u2019 moderation rules',
      params: consultationIdParams,
      badParams: 'not_found',
      user: true,
      body: consultationRatingSchema,
      response: consultationDetailSchema,
      messages: ['not_found', 'consultation_rating_not_allowed', 'consultation_rating_exists'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      await rateConsultation(c.env.DB, {
        userId: user.id,
        id,
        rating: input.rating,
        body: input.body,
        lang: c.var.lang,
      });
      return c.json(ok(await detail(c, id, user.id)));
    },
  )
  .get(
    '/:id{[0-9]+}/ics',
    contract({
      tag: 'consultations',
      summary: 'The consultation as a calendar entry (text/calendar)',
      params: consultationIdParams,
      badParams: 'not_found',
      user: true,
      fileResponse: ['text/calendar'],
      messages: ['not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { id } = c.req.valid('param');
      const row = await ownedConsultation(c.env.DB, id, user.id, c.var.lang);
      const notice = row && (await noticeRow(c.env.DB, id));
      if (!row || !notice) throw new ApiError(404, 'not_found');
      // In the page's language; the UID and SEQUENCE are the ones the move's mail sends (calendar.ts).
      const body = consultationCalendar(
        { ...notice, lang: c.var.lang, service_name: row.service_name, nutritionist_name: row.n_name },
        siteOrigin(c),
        Date.now(),
      );
      return c.body(body, 200, {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="${calendarFileName(id)}"`,
        'cache-control': 'private, no-store',
      });
    },
  );
