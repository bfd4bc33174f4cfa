// <img> attributes for a stored image: src plus srcset and sizes, so a 40 px search thumbnail and an
// 800 px product photo come from the same reference without the small one downloading the big file.
import type { ImageRef } from '#shared/catalogue/types';

export function responsive(
  image: Pick<ImageRef, 'url' | 'srcset'>,
  sizes: string,
): { src: string; srcSet?: string; sizes?: string } {
  return image.srcset ? { src: image.url, srcSet: image.srcset, sizes } : { src: image.url };
}
