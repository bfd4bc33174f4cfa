// The signed-in staff member as every page reads it: who, their role grants and what those permit. Its
// own module: the app's context type (app-env.ts) carries it, and the API client (api.ts) fetches it.
import type { Permission, RoleGrant } from '#shared/staff/permissions';

export interface StaffSelf {
  staff: { id: number; name: string; email: string; lang: 'en' | 'ar' };
  grants: RoleGrant[];
  permissions: Permission[];
  /** The nutritionist the account practises as (her names in both languages), or null. */
  nutritionist?: { name_en: string; name_ar: string } | null;
}
