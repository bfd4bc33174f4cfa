// The back office's Blood tests area: the day's visits, results and their second-person
// approval, test prices, collection capacity and blackout days. Lists filter by the countries the
// grant allows; one record checks the grant for its own country (api/src/blood-tests/lab-*.ts).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { gulfDate } from '#shared/blood-tests/slot-rules';
import { COUNTRY_CODES } from '#shared/locale';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { siteOrigin } from '#api/src/lib/site-origin';
import { signBookingDocuments, signSoon } from '#api/src/e-invoice-sales';
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
import {
  visitsQuerySchema,
  labOrderBodySchema,
  visitNurseSchema,
  nurseCreateSchema,
  nurseActiveSchema,
  resultsSaveSchema,
  testPriceSchema,
  testActiveSchema,
  capacityQuerySchema,
  capacitySchema,
  capacityRemoveSchema,
  blackoutSchema,
  blackoutRemoveSchema,
} from '#shared/api/staff-lab-schemas';
import { idParams } from '#shared/api/route-schemas';
import {
  blackoutAddedSchema,
  blackoutRemovedSchema,
  capacitySetSchema,
  changedSchema,
  collectionSettingsSchema,
  dayVisitsSchema,
  nurseAddedSchema,
  nursesSchema,
  orderResultsSchema,
  pendingResultsSchema,
  resultsApprovedSchema,
  resultsSavedSchema,
  testActiveSetSchema,
  testCatalogueSchema,
  testPriceSetSchema,
  visitChangeSchema,
  visitStepSchema,
} from '#shared/api/staff-lab-responses';

export const staffLabRoutes = new Hono<AppEnv>()
  .get(
    '/visits',
    contract({
      tag: 'staff',
      noDevice: true,
      summary:
        "The day's blood-test visits per zone (default today, Gulf time) with patient, window, address, tests, payment",
      query: visitsQuerySchema,
      staff: 'visits:read',
      response: dayVisitsSchema,
      messages: [],
    }),
    async (c) => {
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
    },
  )
  .post(
    '/visits/collect',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Mark a visit’s sample collected (booked → sample_collected)',
      body: labOrderBodySchema,
      staff: 'visits:collect',
      response: visitStepSchema,
      messages: ['not_found', 'transition_not_allowed', 'visit_not_started'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const done = await advanceVisit(c.env.DB, member, c.req.valid('json').order_id, 'sample_collected');
      // Paid at the visit: its e-invoice was recorded with the step; signed now.
      signSoon(c.executionCtx, () => signBookingDocuments(c.env, `blood-test:${done.order_id}`), {
        bloodTestOrderId: done.order_id,
      });
      return c.json(ok(done));
    },
  )
  .post(
    '/visits/nurse',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Assign a booked visit to one of the lab’s nurses of its country (clears an earlier confirmation)',
      body: visitNurseSchema,
      staff: 'visits:collect',
      response: visitChangeSchema,
      messages: ['not_found', 'transition_not_allowed', 'nurse_not_found', 'nurse_not_available'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await assignNurse(c.env.DB, member, c.req.valid('json'))));
    },
  )
  .post(
    '/visits/confirm',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Confirm a booked visit that has its nurse; the shopper gets a mail naming the nurse and the time',
      body: labOrderBodySchema,
      staff: 'visits:collect',
      response: visitChangeSchema,
      messages: ['not_found', 'transition_not_allowed', 'visit_needs_nurse', 'nurse_not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await confirmVisit(c.env.DB, member, c.req.valid('json').order_id)));
    },
  )
  .get(
    '/nurses',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'The lab’s nurses in the countries the grant allows, active first',
      staff: 'bloodtests:read',
      response: nursesSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const countries = countriesFor(member.grants, 'bloodtests:read') ?? [...COUNTRY_CODES];
      return c.json(ok({ nurses: await listNurses(c.env.DB, countries) }));
    },
  )
  .post(
    '/nurses',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Add a nurse (name and mobile number of that country)',
      body: nurseCreateSchema,
      staff: 'bloodtests:write',
      response: nurseAddedSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await addNurse(c.env.DB, member, c.req.valid('json'))));
    },
  )
  .post(
    '/nurses/active',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Take a nurse off the list, or back on it',
      body: nurseActiveSchema,
      staff: 'bloodtests:write',
      response: changedSchema,
      messages: ['nurse_not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await setNurseActive(c.env.DB, member, c.req.valid('json'))));
    },
  )
  .post(
    '/visits/atLab',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Mark a collected sample as received by the lab (sample_collected → at_lab)',
      body: labOrderBodySchema,
      staff: 'visits:collect',
      response: visitStepSchema,
      messages: ['not_found', 'transition_not_allowed', 'visit_not_started'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await advanceVisit(c.env.DB, member, c.req.valid('json').order_id, 'at_lab')));
    },
  )
  .get(
    '/results',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Orders whose results are awaited: to enter, or entered and waiting for a second person’s approval',
      staff: 'results:read',
      response: pendingResultsSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const countries = countriesFor(member.grants, 'results:read') ?? [...COUNTRY_CODES];
      return c.json(ok(await pendingResults(c.env.DB, member, countries)));
    },
  )
  .get(
    '/results/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: "An order's biomarkers with their results, who entered and approved them",
      params: idParams,
      staff: 'results:read',
      response: orderResultsSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await orderResults(c.env.DB, member, c.req.valid('param').id)));
    },
  )
  .post(
    '/results/save',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Enter or change results (a change clears the result’s approval; refused once released)',
      body: resultsSaveSchema,
      staff: 'results:enter',
      response: resultsSavedSchema,
      messages: ['not_found', 'results_locked', 'transition_not_allowed', 'visit_not_started', 'result_unit_invalid'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await saveResults(c.env.DB, member, c.req.valid('json'))));
    },
  )
  .post(
    '/results/approve',
    contract({
      tag: 'staff',
      noDevice: true,
      summary:
        "Approve an order's results as a second person; releases them to the shopper (results_ready) with a mail",
      body: labOrderBodySchema,
      staff: 'results:approve',
      response: resultsApprovedSchema,
      messages: [
        'not_found',
        'visit_not_started',
        'results_locked',
        'transition_not_allowed',
        'results_incomplete',
        'results_nothing_to_approve',
        'results_same_person',
        'service_busy',
      ],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const orderId = c.req.valid('json').order_id;
      // The shopper's devices hear only that results are ready (no values), after the answer.
      const onReady = (userId: number) =>
        pushAfter(c, () => pushToUser(c.env, userId, 'results_ready', (lang) => resultsReadyPush(lang, orderId)));
      return c.json(ok(await approveResults(c.env.DB, member, orderId, siteOrigin(c), Date.now(), onReady, c.env)));
    },
  )
  .get(
    '/bloodTests',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'The blood-test catalogue with each SKU’s price and old price per country and the active flag',
      staff: 'bloodtests:read',
      response: testCatalogueSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await testCatalogue(c.env.DB, member)));
    },
  )
  .post(
    '/bloodTests/price',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: "Set a blood-test SKU's price and old price in a country (major units as typed)",
      body: testPriceSchema,
      staff: 'bloodtests:write',
      response: testPriceSetSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await setTestPrice(c.env.DB, member, c.req.valid('json'))));
    },
  )
  .post(
    '/bloodTests/active',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Offer or withdraw a blood test (every country: needs an unrestricted grant)',
      body: testActiveSchema,
      staff: 'bloodtests:write',
      response: testActiveSetSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await setTestActive(c.env.DB, member, c.req.valid('json'))));
    },
  )
  .get(
    '/bloodTests/capacity',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Collection places per zone and window (where not the default) and blackout days',
      query: capacityQuerySchema,
      staff: 'bloodtests:read',
      response: collectionSettingsSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await collectionSettings(c.env.DB, member, c.req.valid('query').country)));
    },
  )
  .post(
    '/bloodTests/capacity',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: "Set a zone's places in a window",
      body: capacitySchema,
      staff: 'bloodtests:write',
      response: capacitySetSchema,
      messages: ['slot_zone_mismatch'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await setCapacity(c.env.DB, member, c.req.valid('json'))));
    },
  )
  .post(
    '/bloodTests/capacity/remove',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: "Return a zone's window to the default places",
      body: capacityRemoveSchema,
      staff: 'bloodtests:write',
      response: capacitySetSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await setCapacity(c.env.DB, member, { ...c.req.valid('json'), capacity: null })));
    },
  )
  .post(
    '/bloodTests/blackout',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Add a day without collections in a country (a holiday)',
      body: blackoutSchema,
      staff: 'bloodtests:write',
      response: blackoutAddedSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await addBlackout(c.env.DB, member, c.req.valid('json'))));
    },
  )
  .post(
    '/bloodTests/blackout/remove',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Remove a blackout day',
      body: blackoutRemoveSchema,
      staff: 'bloodtests:write',
      response: blackoutRemovedSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      return c.json(ok(await removeBlackout(c.env.DB, member, c.req.valid('json'))));
    },
  );
