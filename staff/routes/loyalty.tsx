// Loyalty in the back office (issue 47): the owner's rules and tiers per country, the monthly points
// report with its CSV, and a shopper's points adjustment from her page. Each form is checked here with
// the API's own schema (staff-loyalty-schemas.ts) and handed on; Post/Redirect/Get on success, the page
// again with each field's message and what was typed on a refusal.
import { Hono, type Context } from 'hono';
import { fieldErrors, loyaltyRulesInputSchema, pointsAdjustSchema } from '#shared/api/staff-loyalty-schemas';
import { isCountryCode } from '#shared/locale';
import type { StaffAppEnv } from '../app-env';
import { staffPage } from '../middleware/guards';
import type { CountryLoyaltyRules } from '#shared/api/staff-loyalty-schemas';
import { RulesPage, type RulesFormState } from '../pages/loyalty/Rules';
import { ReportPage } from '../pages/loyalty/Report';
import type { LoyaltyReport } from '#shared/loyalty/report';
import { countrySettingsPage, handOn } from './country-settings';
import { customerPage, formFields } from './customers';
import { monthReportCsv, monthReportPage } from './month-report';

type C = Context<StaffAppEnv>;

function rulesPage(c: C, state?: RulesFormState, status = 200) {
  return countrySettingsPage<CountryLoyaltyRules, RulesFormState>(c, '/staff/loyalty/rules', RulesPage, state, status);
}

export const loyaltyRoutes = new Hono<StaffAppEnv>()
  .get('/loyalty', staffPage('loyalty:manage'), (c) =>
    rulesPage(c, c.req.query('done') === 'saved' ? { done: c.var.t.t('points_rules_saved') } : undefined),
  )
  .post('/loyalty', staffPage('loyalty:manage'), async (c) => {
    const values = await formFields(c);
    const country = isCountryCode(values.country) ? values.country : undefined;
    const input = loyaltyRulesInputSchema.safeParse(values);
    if (!input.success) return rulesPage(c, { country, fields: fieldErrors(input.error.issues), values }, 400);
    return handOn(c, '/staff/loyalty/rules', input.data, '/loyalty?done=saved', (answer) => {
      const fields = (answer.envelope.data as { fields?: { field: string; message: string }[] } | null)?.fields;
      return rulesPage(
        c,
        fields?.length
          ? { country, fields: Object.fromEntries(fields.map((f) => [f.field, f.message])), values }
          : { country, error: answer.envelope.meta.msg, values },
        answer.status,
      );
    });
  })
  .get('/loyalty/report', staffPage('loyalty:manage'), (c) =>
    monthReportPage<LoyaltyReport>(c, { page: '/loyalty/report', report: '/staff/loyalty/report' }, (data, months) => (
      <ReportPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={data} months={months} />
    )),
  )
  .get('/loyalty/report.csv', staffPage('loyalty:manage'), (c) => monthReportCsv(c, '/staff/loyalty/report/csv'))
  .post('/customers/:id{[0-9]{1,15}}/points', staffPage('customers:wallet'), async (c) => {
    const id = c.req.param('id');
    const values = await formFields(c);
    // The confirmation is the form's own: the API takes the adjustment as it is sent.
    if (values.confirm !== 'on')
      return customerPage(c, id, undefined, 400, { error: 'st_points_confirm_required', values });
    const input = pointsAdjustSchema.safeParse(values);
    if (!input.success)
      return customerPage(c, id, undefined, 400, {
        error: input.error.issues[0]?.message ?? 'validation_failed',
        values,
      });
    return handOn(
      c,
      `/staff/loyalty/customers/${id}/adjust`,
      input.data,
      `/customers/${id}?done=points#points`,
      (answer) => customerPage(c, id, undefined, answer.status, { error: answer.envelope.meta.msg, values }),
    );
  });
