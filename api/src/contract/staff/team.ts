// The team (owner): staff members, their role grants, invitations.
import {
  invitationAcceptSchema,
  invitationTokenParams,
  staffActiveSchema,
  staffGrantsSchema,
  staffInviteSchema,
} from '#shared/api/staff-schemas';
import { idParams } from '#shared/api/route-schemas';
import type { RouteContract } from '../route-contract';

export const STAFF_TEAM_CONTRACTS = {
  'GET /staff/team': {
    tag: 'staff',
    summary: 'Staff members with their role grants and whether their invitation is still open',
    noDevice: true,
    staff: 'staff:read',
  },
  'POST /staff/team': {
    tag: 'staff',
    summary: 'Invite a staff member: e-mail, name, language and role grants; the invitation is mailed',
    body: staffInviteSchema,
    noDevice: true,
    staff: 'staff:write',
  },
  'POST /staff/team/:id{[0-9]+}/grants': {
    tag: 'staff',
    summary: "Replace a staff member's role grants (the shop keeps an owner for every country)",
    params: idParams,
    body: staffGrantsSchema,
    noDevice: true,
    staff: 'staff:write',
  },
  'POST /staff/team/:id{[0-9]+}/active': {
    tag: 'staff',
    summary: 'Disable a staff member (their sessions end) or enable them again',
    params: idParams,
    body: staffActiveSchema,
    noDevice: true,
    staff: 'staff:write',
  },
  'GET /staff/invitation/:token': {
    tag: 'staff',
    summary: "An open invitation: the member's e-mail and name and the TOTP secret to enrol",
    params: invitationTokenParams,
    noDevice: true,
  },
  'POST /staff/invitation/:token': {
    tag: 'staff',
    summary: 'Accept an invitation: the password and a first code from the authenticator app',
    params: invitationTokenParams,
    body: invitationAcceptSchema,
    noDevice: true,
  },
} as const satisfies Record<string, RouteContract>;
