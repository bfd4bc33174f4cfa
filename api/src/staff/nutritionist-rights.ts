// Whose public profile and recommended lists a staff member may change (decision 86). A nutritionist's
// name signs her lists on the shop, so with 'nutritionists:write' alone a member changes only the
// nutritionist her account practises as (nutritionists.staff_id); 'nutritionists:manage' (the catalogue
// manager, the owner) changes any. Another's answers 404, as another nutritionist's consultation does
// (consultations/practice/access.ts): she learns nothing of a record that is not hers to change.
import { can } from '#shared/staff/permissions';
import type { StaffMember } from '#api/src/staff/sessions';
import { notFound } from '#api/src/staff/catalogue-common';

/** Whether the member may change every nutritionist, not only her own. */
export const managesNutritionists = (member: Pick<StaffMember, 'grants'>) => can(member.grants, 'nutritionists:manage');

/** 404 unless the member manages nutritionists or practises as this one. */
export async function assertMayChangeNutritionist(
  db: D1Database,
  member: Pick<StaffMember, 'id' | 'grants'>,
  nutritionistId: number,
): Promise<void> {
  if (managesNutritionists(member)) return;
  const own = await db
    .prepare('SELECT 1 AS own FROM nutritionists WHERE id = ? AND staff_id = ?')
    .bind(nutritionistId, member.id)
    .first();
  if (!own) throw notFound();
}
