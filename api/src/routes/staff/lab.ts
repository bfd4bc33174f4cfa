// The back office's Blood tests area: the day's visits, results and their second-person
// approval, test prices, collection capacity and blackout days. Lists filter by the countries the
// grant allows; one record checks the grant for its own country (api/src/blood-tests/lab-*.ts).
import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { ok } from '#shared/api/envelope';
import { gulfDate } from '#shared/blood-tests/slot-rules';
import { COUNTRY_CODES } from '#shared/locale';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import type { RouteContract } from '#api/src/contract/route-contract';
import { contract } from '#api/src/contract/validate';
import { siteOrigin } from '#api/src/lib/site-origin';
import { signBookingDocuments, signSoon } from '#api/src/e-invoice-sales';
import { requireStaff } from '#api/src/middleware/staff';
import type { StaffMember } from '#api/src/staff/sessions';
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

/** What every route here shares: the back office's tag, and no device token (the staff app has none). */
const LAB = { tag: 'staff', noDevice: true } as const;

/**
 * A change that is one call of its domain function (api/src/blood-tests/) with the checked body,
 * answered as it returns: most of this area's changes are only that, so they share this contract
 * and handler rather than each spelling them out again. The function's input is typed by the body
 * schema named here, so a schema and a function that do not fit fail the typecheck.
 */
function bodyCall<const E extends Omit<RouteContract, 'tag' | 'noDevice'> & { body: z.ZodType }, R>(
  entry: E,
  act: (db: D1Database, member: StaffMember, body: z.output<E['body']>) => Promise<R>,
) {
  return [
    contract({ ...LAB, ...entry }),
    async (c: Context<AppEnv, string, { in: object; out: { json: z.output<E['body']> } }>) => {
      const member = await requireStaff(c);
      return c.json(ok(await act(c.env.DB, member, c.req.valid('json'))));
    },
  ] as const;
}

export const staffLabRoutes = new Hono<AppEnv>()
  .get(
    '/visits',
    contract({
      ...LAB,
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
      ...LAB,
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
    ...bodyCall(
      {
        summary: 'Assign a booked visit to one of the lab’s nurses of its country (clears an earlier confirmation)',
        body: visitNurseSchema,
        staff: 'visits:collect',
        response: visitChangeSchema,
        messages: ['not_found', 'transition_not_allowed', 'nurse_not_found', 'nurse_not_available'],
      },
      assignNurse,
    ),
  )
  .post(
    '/visits/confirm',
    ...bodyCall(
      {
        summary: 'Confirm a booked visit that has its nurse; the shopper gets a mail naming the nurse and the time',
        body: labOrderBodySchema,
        staff: 'visits:collect',
        response: visitChangeSchema,
        messages: ['not_found', 'transition_not_allowed', 'visit_needs_nurse', 'nurse_not_found'],
      },
      (db, member, { order_id }) => confirmVisit(db, member, order_id),
    ),
  )
  .get(
    '/nurses',
    contract({
      ...LAB,
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
    ...bodyCall(
      {
        summary: 'Add a nurse (name and mobile number of that country)',
        body: nurseCreateSchema,
        staff: 'bloodtests:write',
        response: nurseAddedSchema,
        messages: [],
      },
      addNurse,
    ),
  )
  .post(
    '/nurses/active',
    ...bodyCall(
      {
        summary: 'Take a nurse off the list, or back on it',
        body: nurseActiveSchema,
        staff: 'bloodtests:write',
        response: changedSchema,
        messages: ['nurse_not_found'],
      },
      setNurseActive,
    ),
  )
  .post(
    '/visits/atLab',
    ...bodyCall(
      {
        summary: 'Mark a collected sample as received by the lab (sample_collected → at_lab)',
        body: labOrderBodySchema,
        staff: 'visits:collect',
        response: visitStepSchema,
        messages: ['not_found', 'transition_not_allowed', 'visit_not_started'],
      },
      (db, member, { order_id }) => advanceVisit(db, member, order_id, 'at_lab'),
    ),
  )
  .get(
    '/results',
    contract({
      ...LAB,
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
      ...LAB,
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
    ...bodyCall(
      {
        summary: 'Enter or change results (a change clears the result’s approval; refused once released)',
        body: resultsSaveSchema,
        staff: 'results:enter',
        response: resultsSavedSchema,
        messages: ['not_found', 'results_locked', 'transition_not_allowed', 'visit_not_started', 'result_unit_invalid'],
      },
      saveResults,
    ),
  )
  .post(
    '/results/approve',
    contract({
      ...LAB,
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
      ...LAB,
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
    ...bodyCall(
      {
        summary: "Set a blood-test SKU's price and old price in a country (major units as typed)",
        body: testPriceSchema,
        staff: 'bloodtests:write',
        response: testPriceSetSchema,
        messages: ['not_found'],
      },
      setTestPrice,
    ),
  )
  .post(
    '/bloodTests/active',
    ...bodyCall(
      {
        summary: 'Offer or withdraw a blood test (every country: needs an unrestricted grant)',
        body: testActiveSchema,
        staff: 'bloodtests:write',
        response: testActiveSetSchema,
        messages: ['not_found'],
      },
      setTestActive,
    ),
  )
  .get(
    '/bloodTests/capacity',
    contract({
      ...LAB,
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
    ...bodyCall(
      {
        summary: "Set a zone's places in a window",
        body: capacitySchema,
        staff: 'bloodtests:write',
        response: capacitySetSchema,
        messages: ['slot_zone_mismatch'],
      },
      setCapacity,
    ),
  )
  .post(
    '/bloodTests/capacity/remove',
    ...bodyCall(
      {
        summary: "Return a zone's window to the default places",
        body: capacityRemoveSchema,
        staff: 'bloodtests:write',
        response: capacitySetSchema,
        // A zone no country has (its country decides who may change it).
        messages: ['slot_zone_mismatch'],
      },
      (db, member, body) => setCapacity(db, member, { ...body, capacity: null }),
    ),
  )
  .post(
    '/bloodTests/blackout',
    ...bodyCall(
      {
        summary: 'Add a day without collections in a country (a holiday)',
        body: blackoutSchema,
        staff: 'bloodtests:write',
        response: blackoutAddedSchema,
        messages: [],
      },
      addBlackout,
    ),
  )
  .post(
    '/bloodTests/blackout/remove',
    ...bodyCall(
      {
        summary: 'Remove a blackout day',
        body: blackoutRemoveSchema,
        staff: 'bloodtests:write',
        response: blackoutRemovedSchema,
        messages: ['not_found'],
      },
      removeBlackout,
    ),
  );
