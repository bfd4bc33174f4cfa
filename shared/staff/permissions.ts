// Staff roles and permissions. A permission is `resource:action`; a role is a named set of
// them; a staff member holds roles, each for every country or limited to one (Saleor's channel-scoped
// permission groups). The API checks every route against this table and the staff app hides what a
// role may not use, from the same data.
import type { CountryCode } from '../locale';

export const PERMISSIONS = [
  'dashboard:read',
  'catalogue:read',
  'catalogue:write',
  'orders:read',
  'orders:fulfil',
  'orders:cancel',
  'orders:refund',
  'customers:read',
  'customers:wallet',
  'customers:export',
  'customers:erase',
  'bloodtests:read',
  'bloodtests:write',
  'visits:read',
  'visits:collect',
  'results:read',
  'results:enter',
  'results:approve',
  'promotions:read',
  'promotions:write',
  'search:read',
  'search:write',
  'reviews:read',
  'reviews:moderate',
  'nutritionists:read',
  // A nutritionist's public profile and recommended lists: her own (nutritionists.staff_id) only, unless
  // the member may also manage every nutritionist.
  'nutritionists:write',
  // Every nutritionist's profile and lists, adding and deleting nutritionists: the catalogue's, not a
  // nutritionist's, whose name would otherwise sign another's advice.
  'nutritionists:manage',
  // A nutritionist's own practice: hours, bookings, notes, lists and marks (health data: only the
  // consultation's own nutritionist, checked per record, never by permission alone).
  'consultations:read',
  'consultations:write',
  // Every nutritionist's schedule, marks and earnings, never their shoppers' health data.
  'consultations:manage',
  // Loyalty (issue 47): each country's rules and tiers, and the monthly points report (the liability).
  // A shopper's points are read with customers:read and adjusted with customers:wallet.
  'loyalty:manage',
  // Delivery (issue 62): each country's working days, cut-offs, speeds, fees and holidays; read with orders:read.
  'delivery:manage',
  // The shop's own drivers (issue 62): a driver sees and marks only the stops of her own run.
  'deliveries:drive',
  // Cash on delivery settled (issue 62): carriers' remittance statements imported and matched, drivers'
  // cash hand-ins counted, the differences listed.
  'cod:reconcile',
  // Returns (issue 62): the queue, receiving, inspecting and rejecting; a return's refund needs orders:refund too.
  'returns:manage',
  // Saudi e-invoices (issue 75): what ZATCA answered for each document, refusals and warnings. The owner's.
  'einvoices:read',
  // Saudi e-invoicing (issue 75): the seller's legal data and the stamp's onboarding with ZATCA. The
  // owner's alone: it holds the shop's legal identity and its signing key.
  'einvoicing:manage',
  'staff:read',
  'staff:write',
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = [
  'owner',
  'catalogue_manager',
  'fulfilment',
  'lab_coordinator',
  'support',
  'nutritionist',
  'driver',
] as const;
export type Role = (typeof ROLES)[number];

/** What each role may do. The owner may do everything; nobody else manages staff or reads the audit log. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  catalogue_manager: [
    'dashboard:read',
    'catalogue:read',
    'catalogue:write',
    'promotions:read',
    'promotions:write',
    'search:read',
    'search:write',
    'reviews:read',
    'reviews:moderate',
    'nutritionists:read',
    'nutritionists:write',
    'nutritionists:manage',
  ],
  // Fulfilment assigns the drivers' stops and counts the cash they hand in.
  fulfilment: [
    'dashboard:read',
    'catalogue:read',
    'orders:read',
    'orders:fulfil',
    'orders:cancel',
    'cod:reconcile',
    'returns:manage',
  ],
  lab_coordinator: [
    'dashboard:read',
    'bloodtests:read',
    'bloodtests:write',
    'visits:read',
    'visits:collect',
    'results:read',
    'results:enter',
    'results:approve',
  ],
  // Support answers shoppers: their orders, refunds and wallet, and a data export on request. Erasure
  // is the owner's alone (Shopify keeps exporting and erasing customer data as separate rights).
  support: [
    'dashboard:read',
    'orders:read',
    'orders:cancel',
    'orders:refund',
    'returns:manage',
    'customers:read',
    'customers:wallet',
    'customers:export',
    'promotions:read',
    // Support hears shoppers' complaints, so it moderates what they write as well.
    'reviews:read',
    'reviews:moderate',
  ],
  nutritionist: [
    'catalogue:read',
    'nutritionists:read',
    'nutritionists:write',
    'consultations:read',
    'consultations:write',
  ],
  // A driver sees only her own day's stops (checked per stop, never by permission alone).
  driver: ['deliveries:drive'],
};

/** One role held by a staff member: everywhere (`country` null) or in one country. */
export interface RoleGrant {
  role: Role;
  country: CountryCode | null;
}

/** Whether the grants allow `permission` (in `country`, when the resource belongs to one). */
export function can(grants: readonly RoleGrant[], permission: Permission, country?: CountryCode | null): boolean {
  return grants.some(
    (g) =>
      ROLE_PERMISSIONS[g.role].includes(permission) &&
      (g.country === null || country === undefined || g.country === country),
  );
}

/**
 * The countries in which the grants allow `permission`: null for every country, else the list (empty:
 * none). Lists filter by it, so a Kuwait-only clerk never sees a Saudi order.
 */
export function countriesFor(grants: readonly RoleGrant[], permission: Permission): CountryCode[] | null {
  const allowing = grants.filter((g) => ROLE_PERMISSIONS[g.role].includes(permission));
  if (allowing.some((g) => g.country === null)) return null;
  return [...new Set(allowing.map((g) => g.country as CountryCode))];
}

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
