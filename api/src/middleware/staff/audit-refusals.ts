// A signed-in staff member refused a route (403: a role or a country they do not hold) leaves an audit
// row: probing for what one's role opens is something the owner should be able to see. Written after
// the answer is decided, in its own statement, so the refusal itself is unchanged.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#api/src/app-env';
import { auditStatement } from '#api/src/staff/audit';
import { currentStaff } from './index';

export function auditRefusals(): MiddlewareHandler<AppEnv> {
  return async function auditRefusedStaffCall(c, next) {
    await next();
    if (c.res.status !== 403) return;
    const member = await currentStaff(c);
    if (!member) return;
    await auditStatement(c.env.DB, member, {
      action: 'staff.refused',
      resource: 'route',
      resourceId: `${c.req.method} ${c.req.path}`,
    }).run();
  };
}
