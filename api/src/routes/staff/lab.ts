// The back office's Blood tests area: the day's visits, results and their second-person
// approval, test prices, collection capacity and blackout days. Lists filter by the countries the
// grant allows; one record checks the grant for its own country (api/src/blood-tests/lab-*.ts).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { gulfDate } from '#shared/blood-tests/slot-rules';
import { COUNTRY_CODES } from '#shared/locale';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/lib/validate';
import { siteOrigin } from '#api/src/lib/site-origin';
import { requireStaff } from '#api/src/middleware/staff';
import {
  advanceVisit,
  approveResults,
  dayVisits,
  orderResults,
  pendingResults,
  saveResults,
} from '#api/src/blood-tests/lab-staff';
import {
  addBlackout,
  collectionSettings,
  removeBlackout,
  setCapacity,
  setTestActive,
  setTestPrice,
  testCatalogue,
} from '#api/src/blood-tests/lab-catalogue';
import { addNurse, assignNurse, confirmVisit, listNurses, setNurseActive } from '#api/src/blood-tests/visit-staffing';
import { pushAfter, pushToUser } from '#api/src/push';
import { resultsReadyPush } from '#api/src/push/texts';

export const staffLabRoutes = new Hono<AppEnv>()
  .get('/visits', contract('GET /staff/visits'), async (c) => {
    const member = await requireStaff(c);
    const q = c.req.valid('query');
    const countries = (countriesFor(member.grants, 'visits:read') ?? [...COUNTRY_CODES]).filter(
      (k) => !q.country || k === q.country,
    );
    return c.json(
      ok(
        await dayVisits(
          c.env.DB,
          member,
          { date: q.date ?? gulfDate(Date.now()), zone: q.zone, countries },
          c.var.lang,
        ),
      ),
    );
  })
  .post('/visits/collect', contract('POST /staff/visits/collect'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await advanceVisit(c.env.DB, member, c.req.valid('json').order_id, 'sample_collected')));
  })
  .post('/visits/nurse', contract('POST /staff/visits/nurse'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await assignNurse(c.env.DB, member, c.req.valid('json'))));
  })
  .post('/visits/confirm', contract('POST /staff/visits/confirm'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await confirmVisit(c.env.DB, member, c.req.valid('json').order_id)));
  })
  .get('/nurses', contract('GET /staff/nurses'), async (c) => {
    const member = await requireStaff(c);
    const countries = countriesFor(member.grants, 'bloodtests:read') ?? [...COUNTRY_CODES];
    return c.json(ok({ nurses: await listNurses(c.env.DB, countries) }));
  })
  .post('/nurses', contract('POST /staff/nurses'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await addNurse(c.env.DB, member, c.req.valid('json'))));
  })
  .post('/nurses/active', contract('POST /staff/nurses/active'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await setNurseActive(c.env.DB, member, c.req.valid('json'))));
  })
  .post('/visits/atLab', contract('POST /staff/visits/atLab'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await advanceVisit(c.env.DB, member, c.req.valid('json').order_id, 'at_lab')));
  })
  .get('/results', contract('GET /staff/results'), async (c) => {
    const member = await requireStaff(c);
    const countries = countriesFor(member.grants, 'results:read') ?? [...COUNTRY_CODES];
    return c.json(ok(await pendingResults(c.env.DB, member, countries)));
  })
  .get('/results/:id{[0-9]+}', contract('GET /staff/results/:id{[0-9]+}'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await orderResults(c.env.DB, member, c.req.valid('param').id)));
  })
  .post('/results/save', contract('POST /staff/results/save'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await saveResults(c.env.DB, member, c.req.valid('json'))));
  })
  .post('/results/approve', contract('POST /staff/results/approve'), async (c) => {
    const member = await requireStaff(c);
    const orderId = c.req.valid('json').order_id;
    // The shopper's devices hear only that results are ready (no values), after the answer.
    const onReady = (userId: number) =>
      pushAfter(c, () => pushToUser(c.env, userId, 'results_ready', (lang) => resultsReadyPush(lang, orderId)));
    return c.json(ok(await approveResults(c.env.DB, member, orderId, siteOrigin(c), Date.now(), onReady, c.env)));
  })
  .get('/bloodTests', contract('GET /staff/bloodTests'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await testCatalogue(c.env.DB, member)));
  })
  .post('/bloodTests/price', contract('POST /staff/bloodTests/price'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await setTestPrice(c.env.DB, member, c.req.valid('json'))));
  })
  .post('/bloodTests/active', contract('POST /staff/bloodTests/active'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await setTestActive(c.env.DB, member, c.req.valid('json'))));
  })
  .get('/bloodTests/capacity', contract('GET /staff/bloodTests/capacity'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await collectionSettings(c.env.DB, member, c.req.valid('query').country)));
  })
  .post('/bloodTests/capacity', contract('POST /staff/bloodTests/capacity'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await setCapacity(c.env.DB, member, c.req.valid('json'))));
  })
  .post('/bloodTests/capacity/remove', contract('POST /staff/bloodTests/capacity/remove'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await setCapacity(c.env.DB, member, { ...c.req.valid('json'), capacity: null })));
  })
  .post('/bloodTests/blackout', contract('POST /staff/bloodTests/blackout'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await addBlackout(c.env.DB, member, c.req.valid('json'))));
  })
  .post('/bloodTests/blackout/remove', contract('POST /staff/bloodTests/blackout/remove'), async (c) => {
    const member = await requireStaff(c);
    return c.json(ok(await removeBlackout(c.env.DB, member, c.req.valid('json'))));
  });
