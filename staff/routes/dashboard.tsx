import { Hono } from 'hono';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { forbiddenPage, staffPage } from '../middleware/guards';
import { navFor } from '../nav';
import type { DashboardData } from '#shared/api/staff-dashboard-responses';
import { DashboardPage } from '../pages/Dashboard';
import { apiFailurePage } from './failure';

export const dashboardRoutes = new Hono<StaffAppEnv>().get('/', staffPage(), async (c) => {
  // A role without the dashboard (a nutritionist) lands where its work is, not on a refusal: the day's
  // consultations for whoever has them, else the first section the role may open.
  const { permissions } = c.var.me;
  if (!permissions.includes('dashboard:read')) {
    const home = permissions.includes('consultations:read') ? '/consultations' : navFor(permissions)[0]?.href;
    return home ? c.redirect(home, 303) : forbiddenPage(c, c.var.me);
  }
  const answer = await staffApi<DashboardData>(c, 'GET', '/staff/dashboard');
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(c, <DashboardPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} />);
});
