import { Hono } from 'hono';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import { DashboardPage, type DashboardData } from '../pages/Dashboard';
import { apiFailurePage } from './failure';

export const dashboardRoutes = new Hono<StaffAppEnv>().get('/', staffPage('dashboard:read'), async (c) => {
  const answer = await staffApi<DashboardData>(c, 'GET', '/staff/dashboard');
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(c, <DashboardPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} />);
});
