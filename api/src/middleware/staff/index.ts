// The staff member behind a back-office call (decision 27): the staff app sends its session
// token as `authorization: Staff <token>` (signed with the rest of the request). A shopper's Bearer
// token is never a staff token, so a shopper gets 401 on every staff route; a staff member without the
// route's permission gets 403 `forbidden`.
import type { Context } from 'hono';
import { ApiError } from '#api/src/lib/errors';
import type { AppEnv } from '#api/src/app-env';
import { staffForToken, type StaffMember } from '#api/src/staff/sessions';
import { can, type Permission } from '#shared/staff/permissions';
import type { CountryCode } from '#shared/locale';

const resolved = new WeakMap<Request, Promise<StaffMember | null>>();

function staffToken(c: Context): string | null {
  return /^Staff ([0-9a-f]{64})$/.exec(c.req.header('authorization') ?? '')?.[1] ?? null;
}

export function currentStaff(c: Context<AppEnv>): Promise<StaffMember | null> {
  let member = resolved.get(c.req.raw);
  if (!member) {
    const token = staffToken(c);
    member = token ? staffForToken(c.env.DB, token) : Promise.resolve(null);
    resolved.set(c.req.raw, member);
  }
  return member;
}

export async function requireStaff(c: Context<AppEnv>): Promise<StaffMember> {
  const member = await currentStaff(c);
  if (!member) throw new ApiError(401, 'unauthorized');
  return member;
}

/** 403 unless the member may do `permission` (in `country`, for a resource of one country). */
export function assertCan(member: StaffMember, permission: Permission, country?: CountryCode | null): void {
  if (!can(member.grants, permission, country)) throw new ApiError(403, 'forbidden');
}
