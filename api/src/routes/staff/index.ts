// The back office's API (decision 27), mounted at /staff. Every route's contract names the
// permission it needs; the staff worker is its only caller.
import { Hono } from 'hono';
import type { AppEnv } from '#api/src/app-env';
import { staffAuthRoutes } from './auth';
import { staffDashboardRoutes } from './dashboard';
import { staffAuditRoutes } from './audit';
import { staffTeamRoutes } from './team';
import { staffLabRoutes } from './lab';
import { staffCatalogueRoutes } from './catalogue';
import { staffCatalogueCreateRoutes } from './catalogue-create';
import { staffHomeBannerRoutes } from './home-banners';
import { staffCustomerRoutes } from './customers';
import { staffDataRequestRoutes } from './data-requests';
import { staffPromotionRoutes } from './promotions';
import { staffSearchRoutes } from './search';
import { staffOrderRoutes } from './orders';
import { staffAlertRoutes } from './alerts';
import { staffPromotionRuleRoutes } from './promotion-rules';
import { staffQuizRoutes } from './quiz';
import { staffReviewRoutes } from './reviews';
import { staffSubscriptionRoutes } from './subscriptions';
import { staffAmountRoutes } from './amounts';
import { staffCartReminderRoutes } from './cart-reminders';
import { staffDeliveryRoutes } from './delivery';
import { staffReturnRoutes } from './returns';
import { staffShippingRoutes } from './shipping';
import { staffConsultationCallRoutes } from './consultation-call';
import { staffPracticeRoutes } from './consultation-practice';
import { staffLoyaltyRoutes } from './loyalty';
import { staffDriverRoutes } from './drivers';
import { staffCodRoutes } from './cod';
import { staffEInvoiceRoutes } from './e-invoices';
import { staffEInvoicingRoutes } from './e-invoicing';
import { auditRefusals } from '#api/src/middleware/staff/audit-refusals';

export const staffRoutes = new Hono<AppEnv>()
  .use(auditRefusals())
  .route('/', staffAuthRoutes)
  .route('/', staffDashboardRoutes)
  .route('/', staffAuditRoutes)
  .route('/', staffTeamRoutes)
  .route('/', staffLabRoutes)
  .route('/', staffCatalogueRoutes)
  .route('/', staffCatalogueCreateRoutes)
  .route('/', staffHomeBannerRoutes)
  .route('/', staffCustomerRoutes)
  .route('/', staffDataRequestRoutes)
  .route('/', staffPromotionRoutes)
  .route('/', staffSearchRoutes)
  .route('/', staffOrderRoutes)
  .route('/', staffAlertRoutes)
  .route('/', staffPromotionRuleRoutes)
  .route('/', staffQuizRoutes)
  .route('/', staffReviewRoutes)
  .route('/', staffSubscriptionRoutes)
  .route('/', staffAmountRoutes)
  .route('/', staffCartReminderRoutes)
  .route('/', staffDeliveryRoutes)
  .route('/', staffShippingRoutes)
  .route('/', staffConsultationCallRoutes)
  .route('/', staffPracticeRoutes)
  .route('/', staffLoyaltyRoutes)
  .route('/', staffDriverRoutes)
  .route('/', staffCodRoutes)
  .route('/', staffEInvoiceRoutes)
  .route('/', staffEInvoicingRoutes)
  .route('/', staffReturnRoutes);
