// Catalogue images uploaded by staff. The type is judged by the file's first bytes (JPEG,
// PNG or WebP only), never by its name or the browser's content type; the size by its length (5 MB).
// Workers cannot run sharp, so renditions come from the Cloudflare Images binding (IMAGES): each WebP
// width and the Open Graph PNG of decision 11. Locally and in tests Miniflare serves the same binding
// with sharp, so the stored files are real renditions there too.
import { IMAGE_MAX_BYTES } from '#shared/api/staff-catalogue-schemas';
import { ApiError } from '#api/src/lib/errors';
import { OG_SIZE, ogKey, RENDITIONS, type MediaKind, webpKey } from './renditions';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The image type the bytes announce, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((v, i) => b[i] === v)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Width and height from the file's header, or null when the header does not say. */
export function imageSize(bytes: Uint8Array, type: ImageType): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (type === 'image/png') return { width: view.getUint32(16), height: view.getUint32(20) };
    if (type === 'image/webp') {
      const chunk = String.fromCharCode(...bytes.subarray(12, 16));
      if (chunk === 'VP8X') {
        const w = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
        const h = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
        return { width: w, height: h };
      }
      if (chunk === 'VP8 ')
        return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
      if (chunk === 'VP8L') {
        const bits = view.getUint32(21, true);
        return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
      }
      return null;
    }
    // JPEG: walk the markers to the first start-of-frame.
    let at = 2;
    while (at + 8 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1]!;
      const length = view.getUint16(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
      at += 2 + length;
    }
    return null;
  } catch {
    return null;
  }
}

/** Decoded and checked: 4xx with a message key for anything but a JPEG, PNG or WebP of at most 5 MB. */
export function checkedImage(base64: string): { bytes: Uint8Array; type: ImageType; width: number; height: number } {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  } catch {
    throw new ApiError(415, 'image_type_unsupported');
  }
  if (bytes.length > IMAGE_MAX_BYTES) throw new ApiError(413, 'image_too_large');
  const type = sniffImageType(bytes);
  if (!type) throw new ApiError(415, 'image_type_unsupported');
  const size = imageSize(bytes, type);
  if (!size || size.width < 1 || size.height < 1) throw new ApiError(415, 'image_type_unsupported');
  return { bytes, type, ...size };
}

/** The colour the seed pads Open Graph pictures with (scripts/seed-media.mjs), so uploads match. */
const OG_BACKGROUND = '#f4f7f6';

/**
 * How each WebP width is cut. A product photograph keeps its proportions and is never enlarged; a
 * logo is padded, and a banner or portrait cropped, to the box their pages reserve, so every banner
 * of a row has the same height and nothing shifts when it loads.
 */
function widthTransform(kind: MediaKind, width: number): ImageTransform {
  const r = RENDITIONS[kind];
  const height = Math.round((width * r.height) / r.width);
  if (kind === 'logo') return { width, height, fit: 'pad', background: '#ffffff' };
  if (kind === 'banner' || kind === 'portrait') return { width, height, fit: 'cover' };
  return { width, fit: 'scale-down' };
}

/** Photographs (a product's, a review's) keep their proportions; the other kinds fill their box. */
const keepsProportions = (kind: MediaKind) => kind === 'product' || kind === 'review';

/** The size of the largest WebP rendition: a product's never enlarged, its proportions kept; other kinds' boxes. */
export function renditionSize(kind: MediaKind, image: { width: number; height: number }) {
  if (!keepsProportions(kind)) return { width: RENDITIONS[kind].width, height: RENDITIONS[kind].height };
  const widths = RENDITIONS[kind].widths;
  const width = Math.min(image.width, widths[widths.length - 1]!);
  return { width, height: Math.max(1, Math.round((image.height * width) / image.width)) };
}

/**
 * Stores every rendition key of one image (decision 11's keys) in R2, resized by the Cloudflare
 * Images binding (sharp under Miniflare locally): each WebP width cut as widthTransform says, and the
 * Open Graph PNG padded to 1200 × 630 like the seed's (unless `og` is false). Every output is a new
 * encoding of the pixels alone: a photo's EXIF (its place, its camera) is not carried over. Returns the
 * stored keys.
 */
export async function storeRenditions(
  env: Pick<ApiEnv, 'MEDIA' | 'IMAGES'>,
  kind: MediaKind,
  stem: string,
  image: { bytes: Uint8Array; type: ImageType },
  { og = true }: { og?: boolean } = {},
): Promise<string[]> {
  const targets: Array<{ key: string; transform: ImageTransform; format: 'image/webp' | 'image/png' }> = [
    ...RENDITIONS[kind].widths.map((w) => ({
      key: webpKey(stem, w),
      transform: widthTransform(kind, w),
      format: 'image/webp' as const,
    })),
    ...(og
      ? [
          {
            key: ogKey(stem),
            transform: {
              width: OG_SIZE.width,
              height: OG_SIZE.height,
              fit: 'pad',
              background: OG_BACKGROUND,
            } satisfies ImageTransform,
            format: 'image/png' as const,
          },
        ]
      : []),
  ];
  for (const target of targets) {
    const result = await env.IMAGES.input(new Blob([image.bytes]).stream())
      .transform(target.transform)
      .output({ format: target.format, quality: 82 });
    const body = await result.response().arrayBuffer();
    await env.MEDIA.put(target.key, body, { httpMetadata: { contentType: target.format } });
  }
  return targets.map((t) => t.key);
}
