// Alerts (issue 16): the one-click unsubscribe link's token, posted by the storefront's page.
import { z } from '#shared/zod';

/** au1.<b|p>.<user>.<id>.<64 hex>: what the API signs (api/src/alerts/token.ts). */
export const alertUnsubscribeSchema = z.object({
  token: z
    .string({ error: 'unsubscribe_link_invalid' })
    .regex(/^au1\.[bp]\.[0-9]{1,15}\.[0-9]{1,15}\.[0-9a-f]{64}$/, { error: 'unsubscribe_link_invalid' }),
});
export type AlertUnsubscribeInput = z.infer<typeof alertUnsubscribeSchema>;
