// The owner's E-invoicing page's API (issue 75, decision 75's amendment "the stamp store"): the seller's
// legal data and the stamp's onboarding with ZATCA in its order, then renewal. Owner only
// (einvoicing:manage, for Saudi Arabia). Every step is audited (api/src/e-invoice-stamp/onboarding.ts);
// a step ZATCA refuses answers 400 (a wrong one-time code) or 422 with ZATCA's messages in the data, one
// ZATCA could not answer 503; each can be tried again. No answer carries a key, a secret or a token.
import { type Context, Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  eInvoiceKeysSchema,
  eInvoiceOtpSchema,
  eInvoiceSellerSchema,
  eInvoicingViewSchema,
} from '#shared/api/e-invoicing-schemas';
import type { MessageKey } from '#shared/api/message-keys';
import { countriesFor } from '#shared/staff/permissions';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import {
  makeKeys,
  requestComplianceCsid,
  requestProductionCsid,
  runComplianceChecks,
  saveSeller,
} from '#api/src/e-invoice-stamp/onboarding';
import { renewStamp } from '#api/src/e-invoice-stamp/renew';
import type { StepContext } from '#api/src/e-invoice-stamp/step-kit';
import { ZATCA_COUNTRY } from '#api/src/e-invoice-stamp/step-kit';
import { eInvoicingView } from '#api/src/e-invoice-stamp/view';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';

const PERMISSION = 'einvoicing:manage';

/** The owner, for Saudi Arabia: an owner's grant limited to another country does not onboard its stamp. */
async function stepContext(c: Context<AppEnv>): Promise<StepContext> {
  const member = await requireStaff(c);
  const countries = countriesFor(member.grants, PERMISSION);
  if (countries !== null && !countries.includes(ZATCA_COUNTRY)) throw new ApiError(403, 'forbidden');
  return {
    db: c.env.DB,
    config: c.var.config,
    member,
    language: c.var.lang,
    now: Date.now(),
  };
}

const view = async (c: Context<AppEnv>, ctx: StepContext, msg?: MessageKey) =>
  c.json(ok(await eInvoicingView(ctx.db, ctx.config.ZATCA_ENVIRONMENT, ctx.now), msg));

/** A step's refusals, beyond validation: what the page names in the owner's language. */
const STEP_MESSAGES = [
  'e_invoicing_seller_missing',
  'e_invoicing_step_out_of_order',
  'e_invoicing_zatca_refused',
  'e_invoicing_zatca_unavailable',
] as const satisfies readonly MessageKey[];

const step = {
  tag: 'staff',
  noDevice: true,
  staff: PERMISSION,
  response: eInvoicingViewSchema,
} as const;

export const staffEInvoicingRoutes = new Hono<AppEnv>()
  .get(
    '/e-invoicing',
    contract({
      ...step,
      summary:
        'The Saudi e-invoicing set-up: ZATCA environment, seller’s legal data, the stamp in use and an onboarding under way with each step’s outcome in ZATCA’s words, days left before renewal',
      messages: [],
    }),
    async (c) => view(c, await stepContext(c)),
  )
  .post(
    '/e-invoicing/seller',
    contract({
      ...step,
      summary: 'Saves the seller’s legal data the e-invoices carry (name in Arabic, VAT number, CR, National Address)',
      body: eInvoiceSellerSchema,
      messages: ['e_invoicing_seller_saved'],
    }),
    async (c) => {
      const ctx = await stepContext(c);
      await saveSeller(ctx, c.req.valid('json'));
      return view(c, ctx, 'e_invoicing_seller_saved');
    },
  )
  .post(
    '/e-invoicing/keys',
    contract({
      ...step,
      summary:
        'Step 1: a new secp256k1 key pair (kept sealed, never shown) and its CSR with ZATCA’s fields for the EGS unit; an onboarding under way is abandoned',
      body: eInvoiceKeysSchema,
      messages: ['e_invoicing_keys_made', 'e_invoicing_seller_missing'],
    }),
    async (c) => {
      const ctx = await stepContext(c);
      await makeKeys(ctx, c.req.valid('json').unit);
      return view(c, ctx, 'e_invoicing_keys_made');
    },
  )
  .post(
    '/e-invoicing/compliance-csid',
    contract({
      ...step,
      summary: 'Step 2: the compliance CSID for the CSR, with the one-time code from the Fatoora portal',
      body: eInvoiceOtpSchema,
      messages: ['e_invoicing_compliance_csid_issued', 'e_invoicing_otp_refused', ...STEP_MESSAGES],
    }),
    async (c) => {
      const ctx = await stepContext(c);
      await requestComplianceCsid(ctx, c.req.valid('json').otp);
      return view(c, ctx, 'e_invoicing_compliance_csid_issued');
    },
  )
  .post(
    '/e-invoicing/compliance-checks',
    contract({
      ...step,
      summary:
        'Step 3: ZATCA’s compliance checks with a signed sample of each document type (simplified invoice, credit note, debit note)',
      messages: ['e_invoicing_checks_passed', ...STEP_MESSAGES],
    }),
    async (c) => {
      const ctx = await stepContext(c);
      await runComplianceChecks(ctx);
      return view(c, ctx, 'e_invoicing_checks_passed');
    },
  )
  .post(
    '/e-invoicing/production-csid',
    contract({
      ...step,
      summary: 'Step 4: the production CSID; the stamp then signs and reports every Saudi document',
      messages: ['e_invoicing_production_csid_issued', ...STEP_MESSAGES],
    }),
    async (c) => {
      const ctx = await stepContext(c);
      await requestProductionCsid(ctx);
      return view(c, ctx, 'e_invoicing_production_csid_issued');
    },
  )
  .post(
    '/e-invoicing/renew',
    contract({
      ...step,
      summary:
        'Renews the production CSID before it expires: a new key pair and CSR for the same EGS unit, with a new one-time code',
      body: eInvoiceOtpSchema,
      messages: ['e_invoicing_renewed', 'e_invoicing_otp_refused', 'e_invoicing_no_active_stamp', ...STEP_MESSAGES],
    }),
    async (c) => {
      const ctx = await stepContext(c);
      await renewStamp(ctx, c.req.valid('json').otp);
      return view(c, ctx, 'e_invoicing_renewed');
    },
  );
