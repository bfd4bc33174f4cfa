// Loyalty in the back office (issue 47), mounted at /staff/loyalty: the owner's rules and tiers per
// country (audited, and the rules cache forgotten so the storefront's next quote uses them), a shopper's
// points with the manual adjustment (the wallet adjustment's roles and country reach), and the owner's
// monthly points report with its CSV. The logic lives in api/src/loyalty/office/.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { homeMonth } from '#shared/api/staff-practice-schemas';
import {
  loyaltyRulesValues,
  loyaltyRulesInputSchema,
  pointsLedgerQuery,
  pointsAdjustSchema,
  loyaltyReportQuery,
  countryLoyaltyRulesSchema,
  loyaltyRulesListSchema,
  pointsAdjustedSchema,
  staffPointsViewSchema,
} from '#shared/api/staff-loyalty-schemas';
import { loyaltyReportSchema } from '#shared/loyalty/report';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { contract } from '#api/src/contract/validate';
import { assertCan, requireStaff } from '#api/src/middleware/staff';
import { auditStatement } from '#api/src/staff/audit';
import { forgetLoyaltyRules } from '#api/src/loyalty/rules-read';
import { loyaltyRulesOfAll, saveLoyaltyRules } from '#api/src/loyalty/office/rules';
import { adjustPoints, pointsView } from '#api/src/loyalty/office/points';
import { loyaltyReport, loyaltyReportCsv } from '#api/src/loyalty/office/report';
import { COUNTRY_CODES } from '#shared/locale';
import { reachable } from './customers';
import { idParams } from '#shared/api/route-schemas';

export const staffLoyaltyRoutes = new Hono<AppEnv>()
  .get(
    '/loyalty/rules',
    contract({
      tag: 'staff',
      summary:
        'Each country’s loyalty rules and its three tiers: earn rates, review and birthday points, redeem step, minimum payable, expiry, referral rewards and limits; money in minor units of the country’s currency',
      noDevice: true,
      staff: 'loyalty:manage',
      response: loyaltyRulesListSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'loyalty:manage');
      const countries = COUNTRY_CODES.filter((code) => allowed === null || allowed.includes(code));
      return c.json(ok({ countries: await loyaltyRulesOfAll(c.env.DB, countries) }));
    },
  )
  .post(
    '/loyalty/rules',
    contract({
      tag: 'staff',
      summary:
        'Sets one country’s rules and tiers, money typed in its currency (at most its decimals); tiers’ minimum spending increasing from 0, multipliers ×1 to ×5; audited (loyalty.rules_update, before and after)',
      body: loyaltyRulesInputSchema,
      noDevice: true,
      staff: 'loyalty:manage',
      response: countryLoyaltyRulesSchema,
      messages: ['points_rules_saved'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      assertCan(member, 'loyalty:manage', input.country);
      const saved = await saveLoyaltyRules(c.env.DB, member, input.country, loyaltyRulesValues(input));
      forgetLoyaltyRules();
      return c.json(ok(saved, 'points_rules_saved'));
    },
  )
  .get(
    '/loyalty/customers/:id',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      query: pointsLedgerQuery,
      summary:
        'A shopper’s points per country (balance, tier, last 12 months’ spending) and her points ledger, newest first, 25 a page (`before`: the `next` of the previous page)',
      staff: 'customers:read',
      response: staffPointsViewSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const { countries, route } = await reachable(c, member, 'customers:read', id);
      // Her points are in her shard (decision 61): its route came with reachable's batch.
      return c.json(ok(await pointsView(route.db, id, countries, c.req.valid('query').before, c.env.DB)));
    },
  )
  .post(
    '/loyalty/customers/:id/adjust',
    contract({
      params: idParams,
      badParams: 'not_found',
      noDevice: true,
      tag: 'staff',
      summary:
        'Adds or takes away points in a country with a reason the shopper reads in her history; once per event_key (a double submit writes once); audited (points.adjust); 409 points_insufficient past her balance',
      body: pointsAdjustSchema,
      staff: 'customers:wallet',
      response: pointsAdjustedSchema,
      messages: ['points_adjusted', 'not_found', 'service_busy', 'points_insufficient', 'points_adjust_key_used'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      assertCan(member, 'customers:wallet', input.country);
      const { customer, route } = await reachable(c, member, 'customers:wallet', id);
      if (customer.deleted_at !== null) throw new ApiError(404, 'not_found');
      if (route.moving) throw new ApiError(503, 'service_busy');
      const result = await adjustPoints(route.db, member, id, input, Date.now(), c.env.DB);
      return c.json(ok(result, 'points_adjusted'));
    },
  )
  .get(
    '/loyalty/report',
    contract({
      tag: 'staff',
      summary:
        'Per country, the 12 Gulf months up to `month` (default this one): points issued by kind, spent, reversed, expired, adjusted down, forfeited on erasure, outstanding at the month’s end and their value at the current redeem rate (the liability)',
      query: loyaltyReportQuery,
      noDevice: true,
      staff: 'loyalty:manage',
      response: loyaltyReportSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'loyalty:manage');
      const countries = COUNTRY_CODES.filter((code) => allowed === null || allowed.includes(code));
      const month = c.req.valid('query').month ?? homeMonth(Date.now());
      return c.json(ok(await loyaltyReport(c.env, month, countries)));
    },
  )
  .get(
    '/loyalty/report/csv',
    contract({
      tag: 'staff',
      summary: 'The points report as CSV (money as decimals of each country’s currency, never converted); audited',
      query: loyaltyReportQuery,
      fileResponse: ['text/csv'],
      noDevice: true,
      staff: 'loyalty:manage',
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const allowed = countriesFor(member.grants, 'loyalty:manage');
      const countries = COUNTRY_CODES.filter((code) => allowed === null || allowed.includes(code));
      const month = c.req.valid('query').month ?? homeMonth(Date.now());
      const report = await loyaltyReport(c.env, month, countries);
      await auditStatement(c.env.DB, member, {
        action: 'loyalty.report_export',
        resource: 'loyalty_report',
        resourceId: month,
      }).run();
      return new Response(loyaltyReportCsv(report), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="points-report-${month}.csv"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  );
