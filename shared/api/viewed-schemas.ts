// Recently viewed (issue 64): a guest's list from her browser, her account's list, and the cards shown.
import { productCardSchema } from '../catalogue/schemas';
import { VIEWED_KEPT } from '../catalogue/viewed';
import { z } from '../zod';

/** Product ids, the newest view first. */
export const viewedIdsSchema = z.object({
  ids: z.array(z.int().positive()).max(VIEWED_KEPT),
});

export const viewedCardsSchema = z.object({ items: z.array(productCardSchema) });
export type ViewedCards = z.infer<typeof viewedCardsSchema>;

export const VIEWED_PATHS = {
  /** A guest's device list: its cards (a public read). */
  cards: '/viewed/cards',
  /** Hers: read (GET), joined with her device's (POST). */
  mine: '/viewed',
  /** Hers cleared, on every device. */
  clear: '/viewed/clear',
} as const;
