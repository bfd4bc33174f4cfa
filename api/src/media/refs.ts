// Image references the API hands out for brands, nutritionists and banners (stems follow the seed).
import type { Lang } from '#shared/locale';
import { imageRef } from './renditions';

export function brandLogo(slug: string, alt = '') {
  return imageRef('logo', `brands/${slug}`, alt);
}

export function portrait(stem: string, alt: string) {
  return imageRef('portrait', stem, alt);
}

/** A banner is stored once per language: its text is drawn in the image, right to left in Arabic. */
export function bannerImage(stem: string, lang: Lang, alt: string) {
  return imageRef('banner', `${stem}-${lang}`, alt);
}
