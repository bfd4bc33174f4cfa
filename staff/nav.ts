// The back office's sections, each with the permission that opens it (issue 14: navigation shows only
// what a role may use; the API enforces the same permission on every call behind the page).
import type { Permission } from '#shared/staff/permissions';
import type { StaffTextId } from './lib/i18n';

export interface NavItem {
  href: string;
  label: StaffTextId;
  permission: Permission;
}

export const NAV: readonly NavItem[] = [
  { href: '/', label: 'st_nav_dashboard', permission: 'dashboard:read' },
  { href: '/orders', label: 'st_nav_orders', permission: 'orders:read' },
  { href: '/audit', label: 'st_nav_audit', permission: 'audit:read' },
];

export const navFor = (permissions: readonly Permission[]) =>
  NAV.filter((item) => permissions.includes(item.permission));
