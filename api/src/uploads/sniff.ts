// What an uploaded blood-test result file is, judged by its first bytes only: never by its
// name or the type the browser declared. PDF, JPEG, PNG or HEIC; anything else is refused. And how such a file
// is handed back, decrypted, as a download.
import type { UploadType } from '#shared/api/blood-test-upload-schemas';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** HEIF brands of HEIC pictures (and image sequences) as phones write them. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
/** mif1/msf1 are also AVIF's: a file that says it is AVIF is not taken for HEIC. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The HEIF `ftyp` box's major and compatible brands, or null when the file does not start with one. */
function ftypBrands(b: Uint8Array): string[] | null {
  if (b.length < 16 || ascii(b, 4, 8) !== 'ftyp') return null;
  const size = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  // A box holds its size, type, major brand and minor version at least; brands are four bytes each.
  if (size < 16 || size > 4096 || (size - 16) % 4 !== 0 || size > b.length) return null;
  const brands = [ascii(b, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(b, at, at + 4));
  return brands;
}

export function sniffUploadType(bytes: Uint8Array): UploadType | null {
  const b = bytes;
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return 'application/pdf';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && PNG.every((v, i) => b[i] === v)) return 'image/png';
  const brands = ftypBrands(b);
  if (brands && !brands.some((x) => AVIF_BRANDS.has(x)) && brands.some((x) => HEIC_BRANDS.has(x))) return 'image/heic';
  return null;
}

const EXTENSIONS: Record<UploadType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
};

/**
 * The shopper's file name made safe to store and to offer again: letters (Arabic too), digits, spaces,
 * dots, dashes and underscores; at most 80 characters; always ending in the extension of the type
 * the content showed (a PNG named "x.pdf" is offered as "x.png").
 */
export function safeFileName(name: string | undefined, type: UploadType): string {
  const base = (name ?? '')
    .normalize('NFC')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .replace(/^[\s._-]+|[\s._-]+$/g, '')
    .replace(/\s+/g, ' ')
    .slice(0, 80);
  return `${base || 'blood-test-result'}.${EXTENSIONS[type]}`;
}

/** `Content-Disposition: attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9 ._-]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A shopper's decrypted upload as a download, to her or to the practice: sandboxed so it can run and load
 * nothing when opened directly, never sniffed, never stored on the way.
 */
export function uploadDownload(plaintext: Uint8Array, file: { content_type: string; name: string }): Response {
  return new Response(plaintext, {
    headers: {
      'content-type': file.content_type,
      'content-length': String(plaintext.byteLength),
      'content-disposition': attachmentDisposition(file.name),
      'content-security-policy': "sandbox; default-src 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
