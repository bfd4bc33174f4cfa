import { Hono } from 'hono';
import { auditQuerySchema } from '#shared/api/staff-schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { AuditPageResponse } from '#shared/api/staff-audit-responses';
import { AuditPage } from '../pages/Audit';
import { apiFailurePage } from './failure';
import { filledQuery } from '../lib/filter-query';

export const auditRoutes = new Hono<StaffAppEnv>().get('/audit', staffPage('audit:read'), async (c) => {
  const parsed = auditQuerySchema.safeParse(filledQuery(c.req.query()));
  const filters = parsed.success ? parsed.data : {};
  const query = new URLSearchParams(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  const answer = await staffApi<AuditPageResponse>(c, 'GET', `/staff/audit${query.size ? `?${query}` : ''}`);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <AuditPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      entries={answer.envelope.data.entries}
      nextBefore={answer.envelope.data.next_before}
      filters={filters}
    />,
  );
});
