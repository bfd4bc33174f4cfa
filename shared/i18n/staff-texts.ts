// The staff app's whole dictionary: one pair of files per back-office area, merged here.
// No shopper page imports this.
import type { Translated } from './plural';
import { staffAr } from './staff.ar';
import { staffEn } from './staff.en';
import { staffCatalogueAr } from './staff-catalogue.ar';
import { staffCatalogueEn } from './staff-catalogue.en';
import { staffImportAr } from './staff-import.ar';
import { staffImportEn } from './staff-import.en';
import { staffLabAr } from './staff-lab.ar';
import { staffMessagesAr } from './staff-messages.ar';
import { staffMessagesEn } from './staff-messages.en';
import { staffLabEn } from './staff-lab.en';
import { staffOrdersAr } from './staff-orders.ar';
import { staffOrdersEn } from './staff-orders.en';
import { staffPeopleAr } from './staff-people.ar';
import { staffPeopleEn } from './staff-people.en';
import { staffTeamAr } from './staff-team.ar';
import { staffTeamEn } from './staff-team.en';
import { staffAlertsAr } from './staff-alerts.ar';
import { staffAlertsEn } from './staff-alerts.en';
import { staffCartRemindersAr } from './staff-cart-reminders.ar';
import { staffCartRemindersEn } from './staff-cart-reminders.en';
import { staffPromotionsAr } from './staff-promotions.ar';
import { staffPromotionsEn } from './staff-promotions.en';
import { staffQuizAr } from './staff-quiz.ar';
import { staffQuizEn } from './staff-quiz.en';
import { staffReviewsAr } from './staff-reviews.ar';
import { staffReviewsEn } from './staff-reviews.en';
import { staffSubscriptionsAr } from './staff-subscriptions.ar';
import { staffSubscriptionsEn } from './staff-subscriptions.en';
import { staffAmountsAr } from './staff-amounts.ar';
import { staffAmountsEn } from './staff-amounts.en';
import { staffConsultationCallAr } from './staff-consultation-call.ar';
import { staffConsultationCallEn } from './staff-consultation-call.en';
import { staffPracticeAr } from './staff-practice.ar';
import { staffPracticeEn } from './staff-practice.en';
import { staffLoyaltyAr } from './staff-loyalty.ar';
import { staffLoyaltyEn } from './staff-loyalty.en';
import { staffDeliveryAr } from './staff-delivery.ar';
import { staffDeliveryEn } from './staff-delivery.en';
import { staffCodAr } from './staff-cod.ar';
import { staffCodEn } from './staff-cod.en';
import { staffTrackingAr } from './staff-tracking.ar';
import { staffTrackingEn } from './staff-tracking.en';
import { staffReturnsAr } from './staff-returns.ar';
import { staffReturnsEn } from './staff-returns.en';
import { staffShippingAr } from './staff-shipping.ar';
import { staffShippingEn } from './staff-shipping.en';
import { staffEInvoicesAr } from './staff-e-invoices.ar';
import { staffEInvoicesEn } from './staff-e-invoices.en';
import { staffEInvoicingAr } from './staff-e-invoicing.ar';
import { staffEInvoicingEn } from './staff-e-invoicing.en';

export const staffTextsEn = {
  ...staffEn,
  ...staffMessagesEn,
  ...staffTeamEn,
  ...staffLabEn,
  ...staffCatalogueEn,
  ...staffImportEn,
  ...staffPeopleEn,
  ...staffOrdersEn,
  ...staffAlertsEn,
  ...staffCartRemindersEn,
  ...staffPromotionsEn,
  ...staffQuizEn,
  ...staffReviewsEn,
  ...staffSubscriptionsEn,
  ...staffAmountsEn,
  ...staffConsultationCallEn,
  ...staffPracticeEn,
  ...staffLoyaltyEn,
  ...staffDeliveryEn,
  ...staffCodEn,
  ...staffTrackingEn,
  ...staffReturnsEn,
  ...staffShippingEn,
  ...staffEInvoicesEn,
  ...staffEInvoicingEn,
} as const;

export const staffTextsAr: Translated<typeof staffTextsEn> = {
  ...staffAr,
  ...staffMessagesAr,
  ...staffTeamAr,
  ...staffLabAr,
  ...staffCatalogueAr,
  ...staffImportAr,
  ...staffPeopleAr,
  ...staffOrdersAr,
  ...staffAlertsAr,
  ...staffCartRemindersAr,
  ...staffPromotionsAr,
  ...staffQuizAr,
  ...staffReviewsAr,
  ...staffSubscriptionsAr,
  ...staffAmountsAr,
  ...staffConsultationCallAr,
  ...staffPracticeAr,
  ...staffLoyaltyAr,
  ...staffDeliveryAr,
  ...staffCodAr,
  ...staffTrackingAr,
  ...staffReturnsAr,
  ...staffShippingAr,
  ...staffEInvoicesAr,
  ...staffEInvoicingAr,
};
