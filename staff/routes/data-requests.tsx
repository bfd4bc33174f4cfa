// Data requests (decision 49): the list, and preparing a shopper's archive from her page. Posts
// redirect back (Post/Redirect/Get); a refused one shows the shopper's page again with the reason.
import { Hono } from 'hono';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { DataRequestRow } from '#shared/api/data-rights-schemas';
import { DataRequestsPage } from '../pages/DataRequests';
import { apiFailurePage } from './failure';

export const dataRequestRoutes = new Hono<StaffAppEnv>()
  .get('/data-requests', staffPage('customers:export'), async (c) => {
    const answer = await staffApi<{ requests: DataRequestRow[] }>(c, 'GET', '/staff/data-requests');
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <DataRequestsPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} requests={answer.envelope.data.requests} />,
    );
  })
  .post('/customers/:id{[0-9]{1,15}}/data-export', staffPage('customers:export'), async (c) => {
    const id = c.req.param('id');
    const answer = await staffApi(c, 'POST', `/staff/customers/${id}/data-export`, {});
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200)
      return c.redirect(`/customers/${id}?failed=${encodeURIComponent(answer.envelope.meta.msg)}`, 303);
    return c.redirect(`/customers/${id}?done=archive`, 303);
  });
