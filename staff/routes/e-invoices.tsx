// The owner's list of Saudi e-invoices as ZATCA answered them (issue 75): einvoices:read, the owner's.
import { Hono } from 'hono';
import { type EInvoiceListResponse, eInvoiceListQuery } from '#shared/api/staff-e-invoice-responses';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { filledQuery } from '../lib/filter-query';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import { EInvoicesPage } from '../pages/EInvoices';
import { apiFailurePage } from './failure';

export const eInvoiceRoutes = new Hono<StaffAppEnv>().get('/e-invoices', staffPage('einvoices:read'), async (c) => {
  const parsed = eInvoiceListQuery.safeParse(filledQuery(c.req.query()));
  const filters = parsed.success ? parsed.data : {};
  const query = new URLSearchParams(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  const answer = await staffApi<EInvoiceListResponse>(c, 'GET', `/staff/e-invoices${query.size ? `?${query}` : ''}`);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <EInvoicesPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} filters={filters} />,
  );
});
