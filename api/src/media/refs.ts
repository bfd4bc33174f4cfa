// Image references the API hands out: where each stored image lives under /media and its size.
import { mediaUrl } from '../catalogue/lang';

export function brandLogo(slug: string) {
  return { url: mediaUrl(`brands/${slug}.svg`), alt: '', width: 240, height: 120 };
}
