// The owner's E-invoicing page (issue 75): the seller's legal data and the stamp's onboarding with
// ZATCA, one form per step. Each form is checked here with the API's own schema and handed on; a
// success comes back with Post/Redirect/Get, a refusal shows the page again with the API's message and
// the step's outcome in ZATCA's words (the API keeps it on the stamp).
import { type Context, Hono } from 'hono';
import {
  eInvoiceKeysSchema,
  eInvoiceOtpSchema,
  eInvoiceSellerSchema,
  type EInvoicingView,
} from '#shared/api/e-invoicing-schemas';
import type { z } from 'zod';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import { EInvoicingPage, type EInvoicingForm, type EInvoicingState } from '../pages/EInvoicing';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

const DONE = new Set([
  'e_invoicing_seller_saved',
  'e_invoicing_keys_made',
  'e_invoicing_compliance_csid_issued',
  'e_invoicing_checks_passed',
  'e_invoicing_production_csid_issued',
  'e_invoicing_renewed',
]);

async function page(c: C, state?: EInvoicingState, status = 200) {
  const answer = await staffApi<EInvoicingView>(c, 'GET', '/staff/e-invoicing');
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <EInvoicingPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} view={answer.envelope.data} state={state} />,
    status,
  );
}

/** One step's form: checked with the API's schema, sent, then the page again (refused) or a redirect. */
function step(form: EInvoicingForm, path: string, schema?: z.ZodType) {
  return async (c: C) => {
    const values = await formFields(c);
    let body: unknown = {};
    if (schema) {
      const input = schema.safeParse(values);
      if (!input.success)
        return page(c, { form, error: input.error.issues[0]?.message ?? 'validation_failed', values }, 400);
      body = input.data;
    }
    const answer = await staffApi(c, 'POST', `/staff/e-invoicing/${path}`, body);
    if (answer.status === 401 || answer.status === 403) return apiFailurePage(c, answer.status);
    // The one-time code is never shown back: a refused code is not worth keeping, a new one is needed.
    const { otp: _, ...kept } = values;
    if (answer.status !== 200) return page(c, { form, error: answer.envelope.meta.msg, values: kept }, answer.status);
    return c.redirect(`/e-invoicing?done=${answer.envelope.meta.msg}#${form}`, 303);
  };
}

const OWNER = 'einvoicing:manage';

export const eInvoicingRoutes = new Hono<StaffAppEnv>()
  .get('/e-invoicing', staffPage(OWNER), (c) => {
    const done = c.req.query('done');
    return page(c, done && DONE.has(done) ? { done: c.var.t.tKey(done) } : undefined);
  })
  .post('/e-invoicing/seller', staffPage(OWNER), step('seller', 'seller', eInvoiceSellerSchema))
  .post('/e-invoicing/keys', staffPage(OWNER), step('keys', 'keys', eInvoiceKeysSchema))
  .post('/e-invoicing/compliance-csid', staffPage(OWNER), step('compliance', 'compliance-csid', eInvoiceOtpSchema))
  .post('/e-invoicing/compliance-checks', staffPage(OWNER), step('checks', 'compliance-checks'))
  .post('/e-invoicing/production-csid', staffPage(OWNER), step('production', 'production-csid'))
  .post('/e-invoicing/renew', staffPage(OWNER), step('renew', 'renew', eInvoiceOtpSchema));
