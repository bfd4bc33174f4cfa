// A nutritionist as the list and the page read them: the catalogue's fields and what they offer for
// booking (shared/consultations/types.ts), with the page's packages.
import type { Nutritionist, NutritionistDetail } from '#shared/catalogue/types';
import type { NutritionistBooking, NutritionistPackages } from '#shared/consultations/types';

export type NutritionistOfferCard = Nutritionist & NutritionistBooking;
/** The shown (approved) ratings of a nutritionist's consultations: how many, their average, the latest. */
export interface ConsultationRatings {
  count: number;
  average: number | null;
  latest: Array<{ rating: number; body: string; lang: 'en' | 'ar'; at: string }>;
}

export type NutritionistOfferDetail = NutritionistDetail &
  NutritionistBooking &
  Partial<NutritionistPackages> & { ratings?: ConsultationRatings };
