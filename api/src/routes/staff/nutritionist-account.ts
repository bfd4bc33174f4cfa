// Which staff account practises as a nutritionist (decision 86): her consultations, her own profile and
// her recommended lists follow nutritionists.staff_id. The owner sets it (staff:write, as the team's
// grants are set): an active member holding the nutritionist role, one nutritionist per account, or
// none. Each change is one batch with its audit row.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { idParams } from '#shared/api/route-schemas';
import { changedRowSchema } from '#shared/api/staff-catalogue-responses';
import { nutritionistAccountSchema } from '#shared/api/staff-catalogue-schemas';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { audit, commit, notFound } from '#api/src/staff/catalogue-common';

export const staffNutritionistAccountRoutes = new Hono<AppEnv>().post(
  '/catalogue/nutritionists/:id{[0-9]+}/account',
  contract({
    tag: 'staff',
    noDevice: true,
    params: idParams,
    summary:
      'Link the staff account that practises as this nutritionist, or none (an active member with the nutritionist role, one nutritionist per account)',
    body: nutritionistAccountSchema,
    staff: 'staff:write',
    response: changedRowSchema,
    messages: ['not_found', 'nutritionist_account_taken'],
  }),
  async (c) => {
    const member = await requireStaff(c);
    const { id } = c.req.valid('param');
    const { staff_id: staffId } = c.req.valid('json');
    const db = c.env.DB;
    const [nutritionist, account] = await db.batch([
      db.prepare('SELECT id, staff_id FROM nutritionists WHERE id = ?').bind(id),
      db
        .prepare(
          `SELECT s.id,
             EXISTS (SELECT 1 FROM staff_roles r WHERE r.staff_id = s.id AND r.role = 'nutritionist') AS practises,
             (SELECT n.id FROM nutritionists n WHERE n.staff_id = s.id AND n.id <> ?2) AS elsewhere
           FROM staff s WHERE s.id = ?1 AND s.active = 1`,
        )
        .bind(staffId ?? 0, id),
    ]);
    const before = nutritionist!.results[0] as { id: number; staff_id: number | null } | undefined;
    if (!before) throw notFound();
    if (staffId !== null) {
      const row = account!.results[0] as { practises: number; elsewhere: number | null } | undefined;
      if (!row?.practises || row.elsewhere !== null) throw new ApiError(409, 'nutritionist_account_taken');
    }
    await commit(c, [
      // Guarded again as it runs: another nutritionist given the same account meanwhile keeps it.
      db
        .prepare(
          'UPDATE nutritionists SET staff_id = ?1 WHERE id = ?2 AND (?1 IS NULL OR NOT EXISTS (SELECT 1 FROM nutritionists WHERE staff_id = ?1 AND id <> ?2))',
        )
        .bind(staffId, id),
      audit(c, member, {
        action: 'nutritionist.account',
        resource: 'nutritionist',
        resourceId: id,
        before: { staff_id: before.staff_id },
        after: { staff_id: staffId },
      }),
    ]);
    return c.json(ok({ id }));
  },
);
