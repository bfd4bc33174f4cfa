// Back-in-stock alerts: the report page, read with the catalogue permission.
import { Hono } from 'hono';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { AlertReportResponse } from '#shared/api/alert-schemas';
import { AlertsPage } from '../pages/Alerts';
import { apiFailurePage } from './failure';

export const alertRoutes = new Hono<StaffAppEnv>().get('/alerts', staffPage('catalogue:read'), async (c) => {
  const answer = await staffApi<AlertReportResponse>(c, 'GET', '/staff/alerts/back-in-stock');
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  const data = answer.envelope.data;
  return html(
    c,
    <AlertsPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      skus={data.skus}
      windowDays={data.window_days}
      expiryDays={data.expiry_days}
    />,
  );
});
