// The owner's list of Saudi e-invoices as ZATCA answered them (issue 75, decision 75): refused, with
// warnings and waiting by default, filterable by status and date, with what needs her now (documents
// waiting over 12 hours, or for a stamp). Read-only; the owner's permission alone, in Saudi Arabia: an
// owner whose grant is another country's reads no Saudi sale, as she cannot onboard its stamp.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  type EInvoiceListResponse,
  eInvoiceListQuery,
  eInvoiceListSchema,
} from '#shared/api/staff-e-invoice-responses';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { reportingAttention } from '#api/src/e-invoice-reporting/attention';
import { listEInvoices } from '#api/src/e-invoice-reporting/list';
import { stampInUse } from '#api/src/e-invoice-stamp';
import { ZATCA_COUNTRY } from '#api/src/e-invoice-stamp/step-kit';
import { assertCan, requireStaff } from '#api/src/middleware/staff';

export const staffEInvoiceRoutes = new Hono<AppEnv>().get(
  '/e-invoices',
  contract({
    tag: 'staff',
    summary:
      "Saudi e-invoices as ZATCA answered them (refused, with warnings, waiting: by default), with ZATCA's messages and what needs the owner now",
    query: eInvoiceListQuery,
    noDevice: true,
    staff: 'einvoices:read',
    response: eInvoiceListSchema,
    messages: [],
  }),
  async (c) => {
    assertCan(await requireStaff(c), 'einvoices:read', ZATCA_COUNTRY);
    const q = c.req.valid('query');
    const stamp = await stampInUse(c.env);
    const [attention, documents] = await Promise.all([
      reportingAttention(c.env, Date.now(), stamp.reporting !== null),
      listEInvoices(c.env, q),
    ]);
    return c.json(ok<EInvoiceListResponse>({ attention, documents }));
  },
);
