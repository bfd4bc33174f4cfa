// The back office's sections, each with the permission that opens it (navigation shows only
// what a role may use; the API enforces the same permission on every call behind the page).
import type { Permission } from '#shared/staff/permissions';
import type { StaffTextId } from './lib/i18n';

interface NavItem {
  href: string;
  label: StaffTextId;
  permission: Permission;
}

const NAV: readonly NavItem[] = [
  { href: '/', label: 'st_nav_dashboard', permission: 'dashboard:read' },
  { href: '/team', label: 'st_nav_team', permission: 'staff:read' },
  { href: '/lab/visits', label: 'st_nav_visits', permission: 'visits:read' },
  { href: '/lab/results', label: 'st_nav_results', permission: 'results:read' },
  { href: '/lab/tests', label: 'st_nav_blood_tests', permission: 'bloodtests:read' },
  { href: '/lab/nurses', label: 'st_nav_nurses', permission: 'bloodtests:read' },
  { href: '/catalogue', label: 'st_nav_catalogue', permission: 'catalogue:read' },
  { href: '/nutritionists', label: 'st_catalogue_nutritionists', permission: 'nutritionists:read' },
  { href: '/consultations', label: 'st_nav_consultations', permission: 'consultations:read' },
  { href: '/customers', label: 'st_nav_customers', permission: 'customers:read' },
  { href: '/data-requests', label: 'st_nav_data_requests', permission: 'customers:export' },
  { href: '/promotions', label: 'st_nav_promotions', permission: 'promotions:read' },
  { href: '/offers', label: 'st_nav_offers', permission: 'promotions:read' },
  { href: '/amounts', label: 'st_nav_amounts', permission: 'promotions:read' },
  { href: '/cart-reminders', label: 'st_nav_cart_reminders', permission: 'promotions:read' },
  { href: '/loyalty', label: 'st_nav_loyalty', permission: 'loyalty:manage' },
  { href: '/search', label: 'st_nav_search', permission: 'search:read' },
  { href: '/alerts', label: 'st_nav_alerts', permission: 'catalogue:read' },
  { href: '/quiz', label: 'st_nav_quiz', permission: 'catalogue:read' },
  { href: '/reviews', label: 'st_nav_reviews', permission: 'reviews:read' },
  { href: '/orders', label: 'st_nav_orders', permission: 'orders:read' },
  { href: '/shipping', label: 'st_nav_shipping', permission: 'orders:fulfil' },
  { href: '/delivery', label: 'st_nav_delivery', permission: 'orders:read' },
  { href: '/deliveries', label: 'st_nav_deliveries', permission: 'orders:read' },
  { href: '/cod', label: 'st_nav_cod', permission: 'cod:reconcile' },
  { href: '/driver', label: 'st_nav_driver', permission: 'deliveries:drive' },
  { href: '/returns', label: 'st_nav_returns', permission: 'returns:manage' },
  { href: '/subscriptions', label: 'st_nav_subscriptions', permission: 'orders:read' },
  { href: '/e-invoices', label: 'st_nav_e_invoices', permission: 'einvoices:read' },
  { href: '/e-invoicing', label: 'st_nav_e_invoicing', permission: 'einvoicing:manage' },
  { href: '/audit', label: 'st_nav_audit', permission: 'audit:read' },
];

export const navFor = (permissions: readonly Permission[]) =>
  NAV.filter((item) => permissions.includes(item.permission));
