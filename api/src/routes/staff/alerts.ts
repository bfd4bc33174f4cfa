// The back office's back-in-stock alerts report: per SKU, who waits, the alerts sent and the
// purchases that followed them (api/src/alerts/report.ts). Read with the catalogue permission.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { backInStockReport } from '#api/src/alerts/report';
import { CONVERSION_WINDOW_MS, REQUEST_TTL_MS } from '#api/src/alerts';
import { type AlertReportResponse, alertReportResponseSchema } from '#shared/api/alert-schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

export const staffAlertRoutes = new Hono<AppEnv>().get(
  '/alerts/back-in-stock',
  contract({
    tag: 'staff',
    summary:
      'Per SKU: people waiting for its product, back-in-stock alerts sent, purchases within 7 days of an alert, conversion',
    noDevice: true,
    staff: 'catalogue:read',
    response: alertReportResponseSchema,
    messages: [],
  }),
  async (c) =>
    c.json(
      ok<AlertReportResponse>({
        skus: await backInStockReport(c.env),
        window_days: CONVERSION_WINDOW_MS / DAY_MS,
        expiry_days: REQUEST_TTL_MS / DAY_MS,
      }),
    ),
);
