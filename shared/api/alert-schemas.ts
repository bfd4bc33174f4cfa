// Alerts: the one-click unsubscribe link's token, posted by the storefront's page.
import { z } from '#shared/zod';

/** au1.<b|p>.<user>.<id>.<64 hex>: what the API signs (api/src/alerts/token.ts). */
export const alertUnsubscribeSchema = z.object({
  token: z
    .string({ error: 'unsubscribe_link_invalid' })
    .regex(/^au1\.[bp]\.[0-9]{1,15}\.[0-9]{1,15}\.[0-9a-f]{64}$/, { error: 'unsubscribe_link_invalid' }),
});
export type AlertUnsubscribeInput = z.infer<typeof alertUnsubscribeSchema>;

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
