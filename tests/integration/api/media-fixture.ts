// The fixture catalogue's images for API tests (the storefront project cannot import the API's code).
import { storedKeys, type MediaKind } from '#api/src/media/renditions';
import { BRANDS, PRODUCTS } from '../fixtures/catalogue';

// Stand-ins for the images the seed renders (scripts/seed-media.mjs): real 2×2 WebP and PNG files under
// every key the fixture's rows point at, so media routes serve stored objects as in production.
const TINY_WEBP = 'UklGRh4AAABXRUJQVlA4TBEAAAAvAUAAAAfQtTbUq/+BiOh/AAA=';
const TINY_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPgzY7jzY5jgFAAFjIDWVMvNo0AAAAASUVORK5CYII=';
const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

/** The fixture's image keys, as [kind, stem] (the renditions table says which files each has). */
const MEDIA_STEMS: Array<[MediaKind, string]> = [
  ...PRODUCTS.map(([, slug]) => ['product', `products/${slug}/1`] as [MediaKind, string]),
  ...BRANDS.map(([, slug]) => ['logo', `brands/${slug}`] as [MediaKind, string]),
  ['portrait', 'nutritionists/noura'],
  ['portrait', 'nutritionists/khalid'],
  ['banner', 'banners/1-en'],
  ['banner', 'banners/1-ar'],
];

export async function loadMediaFixture(bucket: R2Bucket): Promise<void> {
  const webp = bytes(TINY_WEBP);
  const png = bytes(TINY_PNG);
  const puts = MEDIA_STEMS.flatMap(([kind, stem]) =>
    storedKeys(kind, stem).map((key) =>
      bucket.put(key, key.endsWith('.png') ? png : webp, {
        httpMetadata: {
          contentType: key.endsWith('.png') ? 'image/png' : 'image/webp',
          cacheControl: 'public, max-age=31536000, immutable',
        },
      }),
    ),
  );
  await Promise.all(puts);
}
