// The nutritionist's side of the back office (issue 46), mounted at /staff/consultations: schedule
// reads and hours for a nutritionist's own practice (or any, with 'consultations:manage'), the health
// part of a booking and everything written with it for the consultation's own nutritionist only
// (api/src/consultations/practice/access.ts), and the owner's earnings.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { practiceDate } from '#shared/consultations/rules';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { countriesFor } from '#shared/staff/permissions';
import { auditStatement } from '#api/src/staff/audit';
import { healthKeyring, healthSealer, type HealthSealer } from '#api/src/consultations/seal';
import { consultationFor, ownConsultation, practiceFor } from '#api/src/consultations/practice/access';
import { bookingView } from '#api/src/consultations/practice/booking';
import { openSharedFile } from '#api/src/consultations/practice/shared-files';
import { keyringOf } from '#api/src/uploads/crypto';
import { addDayOff, dayView, removeDayOff, scheduleView, setHours } from '#api/src/consultations/practice/schedule';
import {
  saveNotes,
  saveRecommendations,
  searchForList,
  shareWithShopper,
} from '#api/src/consultations/practice/writing';
import { earningsCsv, earningsView, homeMonth } from '#api/src/consultations/practice/earnings';
import { markOutcome } from '#api/src/consultations/practice/marks';
import { notifySummaryShared } from '#api/src/consultations/notices';
import { siteOrigin } from '#api/src/lib/site-origin';
import {
  practiceDayQuery,
  practiceWhoQuery,
  hoursSchema,
  dayOffSchema,
  earningsQuery,
  sharedFileParams,
  productSearchQuery,
  notesSchema,
  recommendationsSchema,
  markSchema,
} from '#shared/api/staff-practice-schemas';
import { idParams } from '#shared/api/route-schemas';
import { UPLOAD_TYPES } from '#shared/api/blood-test-upload-schemas';
import {
  bookingViewSchema,
  dayViewSchema,
  earningsViewSchema,
  markedSchema,
  practiceChangeSchema,
  productSearchSchema,
  recommendationsSavedSchema,
  scheduleViewSchema,
  sharedSchema,
} from '#shared/consultations/practice-views';

/** Every route here: a back-office route, reached without a device token. */
const PRACTICE = { tag: 'staff', noDevice: true } as const;
/** The practice a read or change is about: the member's own, or the one a manager names. */
const PRACTICE_MESSAGES = ['not_found', 'practice_not_linked'] as const;
/** A change to one booking by its own nutritionist: sealed text needs the health key, and a cancelled booking is closed. */
const OWN_BOOKING_WRITE = { ...PRACTICE, params: idParams, staff: 'consultations:write' } as const;
const OWN_BOOKING_MESSAGES = ['not_found', 'practice_health_unavailable', 'practice_consultation_cancelled'] as const;

/** The request's health sealer; health text cannot be written or read without HEALTH_KEK. */
function sealerOf(c: Context<AppEnv>): HealthSealer | null {
  const ring = healthKeyring(c.var.config);
  return ring ? healthSealer(c.env.DB, ring) : null;
}

function requireSealer(c: Context<AppEnv>): HealthSealer {
  const sealer = sealerOf(c);
  if (!sealer) throw new ApiError(503, 'practice_health_unavailable');
  return sealer;
}

export const staffPracticeRoutes = new Hono<AppEnv>()
  .get(
    '/consultations/day',
    contract({
      ...PRACTICE,
      summary:
        "A nutritionist's bookings of one Gulf day (default today): time, the shopper's first name, service, mode, status; the owner may name any nutritionist",
      query: practiceDayQuery,
      staff: 'consultations:read',
      response: dayViewSchema,
      messages: PRACTICE_MESSAGES,
    }),
    async (c) => {
      const member = await requireStaff(c);
      const q = c.req.valid('query');
      const practice = await practiceFor(c.env.DB, member, q.nutritionist_id);
      return c.json(ok(await dayView(c.env.DB, member, practice, q.date ?? practiceDate(Date.now()))));
    },
  )
  .get(
    '/consultations/hours',
    contract({
      ...PRACTICE,
      summary: "A nutritionist's weekly hours (Gulf minutes, per service or all), days off from today, and services",
      query: practiceWhoQuery,
      staff: 'consultations:read',
      response: scheduleViewSchema,
      messages: PRACTICE_MESSAGES,
    }),
    async (c) => {
      const member = await requireStaff(c);
      const practice = await practiceFor(c.env.DB, member, c.req.valid('query').nutritionist_id);
      return c.json(ok(await scheduleView(c.env.DB, member, practice)));
    },
  )
  .post(
    '/consultations/hours',
    contract({
      ...PRACTICE,
      summary: 'Replace the weekly hours (no overlap for the same service, end after start, 5-minute steps); audited',
      body: hoursSchema,
      staff: 'consultations:write',
      response: practiceChangeSchema,
      messages: [...PRACTICE_MESSAGES, 'practice_service_unknown'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      const practice = await practiceFor(c.env.DB, member, input.nutritionist_id);
      return c.json(ok(await setHours(c.env.DB, member, practice, input.hours)));
    },
  )
  .post(
    '/consultations/daysOff',
    contract({
      ...PRACTICE,
      summary: 'Add a day off (a Gulf date from today to a year ahead); audited',
      body: dayOffSchema,
      staff: 'consultations:write',
      response: practiceChangeSchema,
      messages: [...PRACTICE_MESSAGES, 'practice_day_off_range'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      const practice = await practiceFor(c.env.DB, member, input.nutritionist_id);
      return c.json(ok(await addDayOff(c.env.DB, member, practice, input.date)));
    },
  )
  .post(
    '/consultations/daysOff/remove',
    contract({
      ...PRACTICE,
      summary: 'Remove a day off; audited',
      body: dayOffSchema,
      staff: 'consultations:write',
      response: practiceChangeSchema,
      messages: PRACTICE_MESSAGES,
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      const practice = await practiceFor(c.env.DB, member, input.nutritionist_id);
      return c.json(ok(await removeDayOff(c.env.DB, member, practice, input.date)));
    },
  )
  .get(
    '/consultations/earnings',
    contract({
      ...PRACTICE,
      summary:
        'Per nutritionist and currency for a Gulf month: sessions held, no-shows, gross, refunds, net, the shop’s share and the nutritionist’s part',
      query: earningsQuery,
      staff: 'consultations:manage',
      response: earningsViewSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const month = c.req.valid('query').month ?? homeMonth(Date.now());
      // An owner of one country reads that country's consultations, as the loyalty report does.
      return c.json(ok(await earningsView(c.env.DB, month, countriesFor(member.grants, 'consultations:manage'))));
    },
  )
  .get(
    '/consultations/earnings/csv',
    contract({
      ...PRACTICE,
      summary: 'The month’s earnings report as CSV (amounts as decimals of each currency, never converted)',
      query: earningsQuery,
      fileResponse: ['text/csv'],
      staff: 'consultations:manage',
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const month = c.req.valid('query').month ?? homeMonth(Date.now());
      const view = await earningsView(c.env.DB, month, countriesFor(member.grants, 'consultations:manage'));
      await auditStatement(c.env.DB, member, {
        action: 'earnings.export',
        resource: 'earnings',
        resourceId: month,
      }).run();
      return new Response(earningsCsv(view), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="consultation-earnings-${month}.csv"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  )
  .get(
    '/consultations/:id{[0-9]+}',
    contract({
      ...PRACTICE,
      summary:
        'A booking: schedule and what each outcome mark refunds; for its own nutritionist also the intake, past orders, shared results, previous notes, notes, summary and list (audited)',
      params: idParams,
      staff: 'consultations:read',
      response: bookingViewSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { consultation, health } = await consultationFor(c.env.DB, member, c.req.valid('param').id);
      return c.json(
        ok(
          await bookingView(
            c.env.DB,
            member,
            health ? sealerOf(c) : null,
            consultation,
            health,
            c.var.lang,
            Date.now(),
            c.env,
          ),
        ),
      );
    },
  )
  .get(
    '/consultations/:id{[0-9]+}/uploads/:upload{[0-9]+}/files/:fileId{[0-9a-f]+}',
    contract({
      ...PRACTICE,
      summary:
        "A file of a blood-test result the shopper shared in the intake, decrypted (an attachment; sandboxed, never cached); the consultation's own nutritionist only; audited",
      params: sharedFileParams,
      fileResponse: UPLOAD_TYPES,
      staff: 'consultations:read',
      messages: ['not_found', 'upload_unavailable'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id, upload, fileId } = c.req.valid('param');
      // Her own nutritionist only: the owner and other staff get the same 404 as a stranger.
      const consultation = await ownConsultation(c.env.DB, member, id);
      const ring = keyringOf(c.var.config);
      if (!ring) throw new ApiError(503, 'upload_unavailable');
      return openSharedFile(c.env.DB, c.env.UPLOADS, ring, member, consultation, upload, fileId);
    },
  )
  .get(
    '/consultations/:id{[0-9]+}/products',
    contract({
      ...PRACTICE,
      summary:
        'Catalogue SKUs for the recommendation list (name, product or SKU id), each with the warnings it raises for her',
      params: idParams,
      query: productSearchQuery,
      staff: 'consultations:write',
      response: productSearchSchema,
      messages: ['not_found', 'practice_health_unavailable'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const consultation = await ownConsultation(c.env.DB, member, c.req.valid('param').id);
      return c.json(
        ok(await searchForList(c.env.DB, member, requireSealer(c), consultation, c.req.valid('query').q, c.var.lang)),
      );
    },
  )
  .post(
    '/consultations/:id{[0-9]+}/notes',
    contract({
      ...OWN_BOOKING_WRITE,
      summary: 'Save the private notes and the summary for the shopper (sealed)',
      body: notesSchema,
      response: practiceChangeSchema,
      messages: OWN_BOOKING_MESSAGES,
    }),
    async (c) => {
      const member = await requireStaff(c);
      const consultation = await ownConsultation(c.env.DB, member, c.req.valid('param').id);
      return c.json(ok(await saveNotes(c.env.DB, member, requireSealer(c), consultation, c.req.valid('json'))));
    },
  )
  .post(
    '/consultations/:id{[0-9]+}/recommendations',
    contract({
      ...OWN_BOOKING_WRITE,
      summary:
        'Save the recommendation list whole; an item with a safety warning (upper limit, pregnancy, drug interaction) needs an acknowledging reason (422 otherwise), each acknowledgement audited',
      body: recommendationsSchema,
      response: recommendationsSavedSchema,
      messages: [
        ...OWN_BOOKING_MESSAGES,
        'practice_product_unknown',
        'practice_item_repeated',
        'practice_warning_unacknowledged',
      ],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const consultation = await ownConsultation(c.env.DB, member, c.req.valid('param').id);
      return c.json(
        ok(
          await saveRecommendations(
            c.env.DB,
            member,
            requireSealer(c),
            consultation,
            c.req.valid('json').items,
            c.var.lang,
          ),
        ),
      );
    },
  )
  .post(
    '/consultations/:id{[0-9]+}/share',
    contract({
      ...OWN_BOOKING_WRITE,
      summary: 'Share the summary and the list with the shopper (needs a summary); she is told',
      response: sharedSchema,
      messages: [...OWN_BOOKING_MESSAGES, 'practice_summary_required'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const consultation = await ownConsultation(c.env.DB, member, c.req.valid('param').id);
      const answer = await shareWithShopper(c.env.DB, member, consultation);
      // She hears once (a mail in her language and a push); a later share of changes does not mail again.
      if (answer.changed) await notifySummaryShared(c.env, consultation.id, siteOrigin(c));
      return c.json(ok(answer));
    },
  )
  .post(
    '/consultations/:id{[0-9]+}/mark',
    contract({
      ...PRACTICE,
      summary:
        'Mark what happened (held, shopper late, shopper no-show, nutritionist no-show, call failed) from the start time; the refund rules follow',
      params: idParams,
      body: markSchema,
      staff: 'consultations:write',
      response: markedSchema,
      messages: [
        'not_found',
        'practice_already_marked',
        'practice_mark_too_early',
        'practice_mark_closed',
        'consultation_not_changeable',
        'service_busy',
      ],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { consultation } = await consultationFor(c.env.DB, member, c.req.valid('param').id);
      return c.json(ok(await markOutcome(c, member, consultation, c.req.valid('json').outcome)));
    },
  );
