// Alerts: the one-click unsubscribe link's token, posted by the storefront's page.
import { z } from '#shared/zod';
import { ALERT_UNSUBSCRIBE_TOKEN } from './alert-token';

export const alertUnsubscribeSchema = z.object({
  token: z
    .string({ error: 'unsubscribe_link_invalid' })
    .regex(ALERT_UNSUBSCRIBE_TOKEN, { error: 'unsubscribe_link_invalid' }),
});

/** A row of the back office's back-in-stock report (GET /staff/alerts/back-in-stock), per SKU. */
export interface AlertReportRow {
  sku_id: number;
  product_id: number;
  product_en: string;
  product_ar: string;
  sku_en: string;
  sku_ar: string;
  stock: number;
  waiting: number;
  sent: number;
  purchases: number;
  /** purchases / sent, 0–1; null before any alert. */
  conversion: number | null;
}
