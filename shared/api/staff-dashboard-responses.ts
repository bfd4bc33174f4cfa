// What the back office's dashboard route answers (GET /staff/dashboard, api/src/routes/staff/dashboard.ts):
// the route's response schema (decision 68) and the type the dashboard page reads, one declaration.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';

/** Today in one country the member may see. */
const countryDaySchema = z.object({
  country: z.enum(COUNTRY_CODES),
  /** The country's today, YYYY-MM-DD on its own clocks (issue 77: the Emirates' day starts an hour before Kuwait's). */
  date: z.string(),
  currency: z.string(),
  orders: z.int(),
  /** Sum of today's order totals in the country's currency (minor units). */
  orders_total: z.int(),
  /** Orders paid or cash-on-delivery and not yet confirmed by the shop. */
  to_confirm: z.int(),
  /** Card payments still open, and failed payments of the last day. */
  payments_open: z.int(),
  payments_failed: z.int(),
  visits: z.int(),
  visits_to_collect: z.int(),
});
export type CountryDay = z.infer<typeof countryDaySchema>;

export const dashboardSchema = z.object({
  /** Today, YYYY-MM-DD in the home country (HOME_COUNTRY): the page's heading; each country has its own below. */
  date: z.string(),
  countries: z.array(countryDaySchema),
  /** SKUs at or below the low-stock mark, fewest first (20 at most). */
  low_stock: z.array(
    z.object({
      id: z.int(),
      product_id: z.int(),
      name_en: z.string(),
      name_ar: z.string(),
      sku_en: z.string(),
      sku_ar: z.string(),
      stock: z.int(),
    }),
  ),
  /**
   * Days left before the Saudi e-invoice stamp's certificate expires (0: expired) once within the
   * renewal warning's window (issue 75), for the owner (einvoicing:manage); null otherwise.
   */
  e_invoice_renew_within_days: z.int().nullable(),
});
export type DashboardData = z.infer<typeof dashboardSchema>;
