// The stored renditions of every catalogue image (decision 11): each image has a stem (the key the
// catalogue tables hold, e.g. products/vitamin-d3/1) and is stored at seed time as WebP in a few
// widths for <img srcset>, plus one PNG at Open Graph size for social previews. The seed renders
// exactly these keys, and the API hands out exactly these URLs: both read this table.
import type { ImageRef } from '#shared/catalogue/types';
import { mediaUrl } from '../lib/lang';

export type MediaKind = 'product' | 'logo' | 'portrait' | 'banner' | 'review';

interface Rendition {
  /** Intrinsic size of the largest rendition (width and height attributes keep layout shift at 0). */
  width: number;
  height: number;
  /** Stored WebP widths, smallest first: a card or list size, then a detail size. */
  widths: readonly number[];
}

export const RENDITIONS: Readonly<Record<MediaKind, Rendition>> = {
  product: { width: 800, height: 800, widths: [400, 800] },
  logo: { width: 480, height: 240, widths: [240, 480] },
  portrait: { width: 400, height: 400, widths: [200, 400] },
  banner: { width: 1200, height: 400, widths: [600, 1200] },
  // A shopper's photo on her review: a thumbnail, and the size it opens at. Never a social preview.
  review: { width: 960, height: 960, widths: [240, 960] },
};

/** The size Facebook, X, WhatsApp and LinkedIn all crop well (1.91:1). */
export const OG_SIZE = { width: 1200, height: 630 } as const;

export const webpKey = (stem: string, width: number) => `${stem}-${width}.webp`;
export const ogKey = (stem: string) => `${stem}-og.png`;

/**
 * Every key stored for one image: its WebP widths, and its PNG unless `og` is false (a product's
 * further pictures, e.g. the label close-up, are never a social preview: no PNG for them).
 */
export function storedKeys(kind: MediaKind, stem: string, og = true): string[] {
  return [...RENDITIONS[kind].widths.map((w) => webpKey(stem, w)), ...(og ? [ogKey(stem)] : [])];
}

/** An <img> reference: the largest WebP as src, every width in srcset, the PNG for og:image when stored. */
export function imageRef(
  kind: MediaKind,
  stem: string,
  alt: string,
  size?: { width: number; height: number },
  og = true,
): ImageRef {
  const r = RENDITIONS[kind];
  const largest = r.widths[r.widths.length - 1]!;
  return {
    url: mediaUrl(webpKey(stem, largest)),
    alt,
    width: size?.width ?? r.width,
    height: size?.height ?? r.height,
    srcset: r.widths.map((w) => `${mediaUrl(webpKey(stem, w))} ${w}w`).join(', '),
    ...(og ? { og: mediaUrl(ogKey(stem)) } : {}),
  };
}

/** A small picture of a product for lists (order lines, sync results): the card width. */
export function thumbnailUrl(stem: string): string {
  return mediaUrl(webpKey(stem, RENDITIONS.product.widths[0]!));
}

/** Content type by extension: the only two kinds of file the media bucket holds. */
export function contentTypeOf(key: string): string | null {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.png')) return 'image/png';
  return null;
}
