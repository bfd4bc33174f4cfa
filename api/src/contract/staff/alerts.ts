// Alerts: the back-in-stock report.
import type { RouteContract } from '../route-contract';

export const STAFF_ALERT_CONTRACTS = {
  'GET /staff/alerts/back-in-stock': {
    tag: 'staff',
    summary:
      'Per SKU: people waiting for its product, back-in-stock alerts sent, purchases within 7 days of an alert, conversion',
    noDevice: true,
    staff: 'catalogue:read',
  },
} as const satisfies Record<string, RouteContract>;
