// Sign-in, the signed-in member, the dashboard and the audit log.
import { auditQuerySchema, staffLangSchema, staffSignInSchema, staffVerifySchema } from '#shared/api/staff-schemas';
import type { RouteContract } from '../route-contract';

export const STAFF_CORE_CONTRACTS = {
  // Called by the staff worker only, never through the storefront's /api proxy.
  'POST /staff/auth/sign-in': {
    tag: 'staff',
    summary: 'Staff sign-in, first step: e-mail and password; answers a five-minute ticket for the code',
    body: staffSignInSchema,
    noDevice: true,
  },
  'POST /staff/auth/verify': {
    tag: 'staff',
    summary: 'Staff sign-in, second step: the ticket and the TOTP code; answers the session token',
    body: staffVerifySchema,
    noDevice: true,
  },
  'POST /staff/auth/sign-out': { tag: 'staff', summary: 'End the staff session', noDevice: true, staff: 'signed-in' },
  'GET /staff/me': {
    tag: 'staff',
    summary: 'The signed-in staff member with their role grants and permissions',
    noDevice: true,
    staff: 'signed-in',
  },
  'POST /staff/me/lang': {
    tag: 'staff',
    summary: "The staff member's language for the staff app and their mails",
    body: staffLangSchema,
    noDevice: true,
    staff: 'signed-in',
  },
  'GET /staff/dashboard': {
    tag: 'staff',
    summary: "Today's orders and blood-test visits per country, low stock, payments awaiting action",
    noDevice: true,
    staff: 'dashboard:read',
  },
  'GET /staff/audit': {
    tag: 'staff',
    summary: 'The audit log, newest first (50 a page; `before` an id to page on)',
    query: auditQuerySchema,
    noDevice: true,
    staff: 'audit:read',
  },
} as const satisfies Record<string, RouteContract>;
