// The nutritionist's side of the back office (issue 46), mounted at /staff/consultations: schedule
// reads and hours for a nutritionist's own practice (or any, with 'consultations:manage'), the health
// part of a booking and everything written with it for the consultation's own nutritionist only
// (api/src/consultations/practice/access.ts), and the owner's earnings.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { gulfDate } from '#shared/gulf-days';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { contract } from '#api/src/lib/validate';
import { requireStaff } from '#api/src/middleware/staff';
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
import { earningsCsv, earningsView, gulfMonth } from '#api/src/consultations/practice/earnings';
import { markOutcome } from '#api/src/consultations/practice/marks';
import { notifySummaryShared } from '#api/src/consultations/notices';
import { siteOrigin } from '#api/src/lib/site-origin';

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
  .get('/consultations/day', contract('GET /staff/consultations/day'), async (c) => {
    const member = await requireStaff(c);
    const q = c.req.valid('query');
    const practice = await practiceFor(c.env.DB, member, q.nutritionist_id);
    return c.json(ok(await dayView(c.env.DB, member, practice, q.date ?? gulfDate(Date.now()))));
  })
  .get('/consultations/hours', contract('GET /staff/consultations/hours'), async (c) => {
    const member = await requireStaff(c);
    const practice = await practiceFor(c.env.DB, member, c.req.valid('query').nutritionist_id);
    return c.json(ok(await scheduleView(c.env.DB, member, practice)));
  })
  .post('/consultations/hours', contract('POST /staff/consultations/hours'), async (c) => {
    const member = await requireStaff(c);
    const input = c.req.valid('json');
    const practice = await practiceFor(c.env.DB, member, input.nutritionist_id);
    return c.json(ok(await setHours(c.env.DB, member, practice, input.hours)));
  })
  .post('/consultations/daysOff', contract('POST /staff/consultations/daysOff'), async (c) => {
    const member = await requireStaff(c);
    const input = c.req.valid('json');
    const practice = await practiceFor(c.env.DB, member, input.nutritionist_id);
    return c.json(ok(await addDayOff(c.env.DB, member, practice, input.date)));
  })
  .post('/consultations/daysOff/remove', contract('POST /staff/consultations/daysOff/remove'), async (c) => {
    const member = await requireStaff(c);
    const input = c.req.valid('json');
    const practice = await practiceFor(c.env.DB, member, input.nutritionist_id);
    return c.json(ok(await removeDayOff(c.env.DB, member, practice, input.date)));
  })
  .get('/consultations/earnings', contract('GET /staff/consultations/earnings'), async (c) => {
    await requireStaff(c);
    return c.json(ok(await earningsView(c.env.DB, c.req.valid('query').month ?? gulfMonth(Date.now()))));
  })
  .get('/consultations/earnings/csv', contract('GET /staff/consultations/earnings/csv'), async (c) => {
    const member = await requireStaff(c);
    const month = c.req.valid('query').month ?? gulfMonth(Date.now());
    const view = await earningsView(c.env.DB, month);
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
  })
  .get('/consultations/:id{[0-9]+}', contract('GET /staff/consultations/:id{[0-9]+}'), async (c) => {
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
  })
  .get(
    '/consultations/:id{[0-9]+}/uploads/:upload{[0-9]+}/files/:fileId{[0-9a-f]+}',
    contract('GET /staff/consultations/:id{[0-9]+}/uploads/:upload{[0-9]+}/files/:fileId{[0-9a-f]+}'),
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
  .get('/consultations/:id{[0-9]+}/products', contract('GET /staff/consultations/:id{[0-9]+}/products'), async (c) => {
    const member = await requireStaff(c);
    const consultation = await ownConsultation(c.env.DB, member, c.req.valid('param').id);
    return c.json(
      ok(await searchForList(c.env.DB, requireSealer(c), consultation, c.req.valid('query').q, c.var.lang)),
    );
  })
  .post('/consultations/:id{[0-9]+}/notes', contract('POST /staff/consultations/:id{[0-9]+}/notes'), async (c) => {
    const member = await requireStaff(c);
    const consultation = await ownConsultation(c.env.DB, member, c.req.valid('param').id);
    return c.json(ok(await saveNotes(c.env.DB, member, requireSealer(c), consultation, c.req.valid('json'))));
  })
  .post(
    '/consultations/:id{[0-9]+}/recommendations',
    contract('POST /staff/consultations/:id{[0-9]+}/recommendations'),
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
  .post('/consultations/:id{[0-9]+}/share', contract('POST /staff/consultations/:id{[0-9]+}/share'), async (c) => {
    const member = await requireStaff(c);
    const consultation = await ownConsultation(c.env.DB, member, c.req.valid('param').id);
    const answer = await shareWithShopper(c.env.DB, member, consultation);
    // She hears once (a mail in her language and a push); a later share of changes does not mail again.
    if (answer.changed) await notifySummaryShared(c.env, consultation.id, siteOrigin(c));
    return c.json(ok(answer));
  })
  .post('/consultations/:id{[0-9]+}/mark', contract('POST /staff/consultations/:id{[0-9]+}/mark'), async (c) => {
    const member = await requireStaff(c);
    const { consultation } = await consultationFor(c.env.DB, member, c.req.valid('param').id);
    return c.json(ok(await markOutcome(c, member, consultation, c.req.valid('json').outcome)));
  });
