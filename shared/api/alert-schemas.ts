// Alerts: the one-click unsubscribe link's token, posted by the storefront's page.
import { z } from '#shared/zod';
import { ALERT_UNSUBSCRIBE_TOKEN } from './alert-token';

export const alertUnsubscribeSchema = z.object({
  token: z
    .string({ error: 'unsubscribe_link_invalid' })
    .regex(ALERT_UNSUBSCRIBE_TOKEN, { error: 'unsubscribe_link_invalid' }),
});

/** A row of the back office's back-in-stock report (GET /staff/alerts/back-in-stock), per SKU. */
const alertReportRowSchema = z.object({
  sku_id: z.int(),
  product_id: z.int(),
  product_en: z.string(),
  product_ar: z.string(),
  sku_en: z.string(),
  sku_ar: z.string(),
  stock: z.int(),
  waiting: z.int(),
  sent: z.int(),
  purchases: z.int(),
  /** purchases / sent, 0–1; null before any alert. */
  conversion: z.number().min(0).max(1).nullable(),
});
export type AlertReportRow = z.infer<typeof alertReportRowSchema>;

/**
 * What GET /staff/alerts/back-in-stock answers (decision 68: the route's response schema); the back
 * office's page reads the same type.
 */
export const alertReportResponseSchema = z.object({
  skus: z.array(alertReportRowSchema),
  window_days: z.number(),
  expiry_days: z.number(),
});
export type AlertReportResponse = z.infer<typeof alertReportResponseSchema>;
