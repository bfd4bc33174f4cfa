// Consultation answers: what the API returns to the nutritionist, booking and profile pages, inferred
// from the routes' response schemas (./answer-schemas.ts, decision 68). Money is integer minor units of
// `currency` (KWD fils, SAR halalas), VAT included (SA 15 %). Times are ISO strings in UTC; `date` is a
// day of the practice's clock or of the booking's country (answer-schemas.ts says which). Shapes stay
// stable: fields are added, never renamed.
import type { z } from '../zod';
import type {
  consultationBookAnswerSchema,
  consultationCancelAnswerSchema,
  consultationCreditSchema,
  consultationDetailSchema,
  consultationHoldAnswerSchema,
  consultationListItemSchema,
  consultationListPageSchema,
  consultationPackageAnswerSchema,
  consultationPackageSchema,
  consultationPaymentSchema,
  consultationRatingAnswerSchema,
  consultationRatingsSchema,
  consultationRecommendationSchema,
  consultationServiceSchema,
  consultationSharedResultsSchema,
  consultationSlotDaySchema,
  consultationSlotsSchema,
  nutritionistBookingSchema,
  nutritionistCardSchema,
  nutritionistDetailSchema,
  nutritionistListSchema,
} from './answer-schemas';

export type ConsultationService = z.infer<typeof consultationServiceSchema>;

export type ConsultationPackage = z.infer<typeof consultationPackageSchema>;

/** The fields the list and the page add to a nutritionist (shared/catalogue/types.ts Nutritionist). */
export type NutritionistBooking = z.infer<typeof nutritionistBookingSchema>;

/** A nutritionist as the list shows one (POST /nutritionist/list): the catalogue's fields and the offer. */
export type NutritionistOfferCard = z.infer<typeof nutritionistCardSchema>;

export type NutritionistListPage = z.infer<typeof nutritionistListSchema>;

/** The shown (approved) ratings of a nutritionist's consultations: how many, their average, the latest. */
export type ConsultationRatings = z.infer<typeof consultationRatingsSchema>;

/** GET /nutritionist/{ref}: the card, the packages priced here, the ratings and the product lists. */
export type NutritionistOfferDetail = z.infer<typeof nutritionistDetailSchema>;

export type ConsultationSlotDay = z.infer<typeof consultationSlotDaySchema>;

export type ConsultationSlotsAnswer = z.infer<typeof consultationSlotsSchema>;

export type ConsultationHold = z.infer<typeof consultationHoldAnswerSchema>;

export type ConsultationPaymentAnswer = z.infer<typeof consultationPaymentSchema>;

/** POST /consultation: done, or go to the gateway's page. */
export type ConsultationBookAnswer = z.infer<typeof consultationBookAnswerSchema>;

/** POST /consultation/package: done, or go to the gateway's page. */
export type ConsultationPackageAnswer = z.infer<typeof consultationPackageAnswerSchema>;

export type ConsultationCredit = z.infer<typeof consultationCreditSchema>;

export type ConsultationListItem = z.infer<typeof consultationListItemSchema>;

export type ConsultationListPage = z.infer<typeof consultationListPageSchema>;

export type ConsultationRecommendation = z.infer<typeof consultationRecommendationSchema>;

/** @public The API's route types name it (TS4023). */
export type ConsultationRatingAnswer = z.infer<typeof consultationRatingAnswerSchema>;

/** What she shared in the intake, as her summary of it lists them. */
export type ConsultationSharedResults = z.infer<typeof consultationSharedResultsSchema>;

export type ConsultationDetail = z.infer<typeof consultationDetailSchema>;

export type ConsultationCancelAnswer = z.infer<typeof consultationCancelAnswerSchema>;
