// A nutritionist as the list and the page read them: the catalogue's fields and what they offer for
// booking (shared/consultations/types.ts), with the page's packages.
import type { Nutritionist, NutritionistDetail } from '#shared/catalogue/types';
import type { NutritionistBooking, NutritionistPackages } from '#shared/consultations/types';

export type NutritionistOfferCard = Nutritionist & NutritionistBooking;
export type NutritionistOfferDetail = NutritionistDetail & NutritionistBooking & Partial<NutritionistPackages>;
