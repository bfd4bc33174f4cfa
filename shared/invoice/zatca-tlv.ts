// The QR payload of a Saudi simplified tax invoice (ZATCA e-invoicing phase 1): five TLV fields —
// 1 seller name, 2 VAT number, 3 timestamp (ISO 8601), 4 invoice total with VAT, 5 VAT total — each
// a one-byte tag, a one-byte length (UTF-8 bytes, so an Arabic name counts its bytes, not letters)
// and the UTF-8 value, concatenated and base64-encoded. Pure: no Buffer, no btoa, so the API, the
// storefront and tests share it.
import { bytesToBase64 } from '../bytes';

export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, e.g. 2021-07-12T14:25:09Z. */
  timestamp: string;
  /** Decimal strings in the invoice currency, e.g. "100.00". */
  total: string;
  vat: string;
}

const encoder = new TextEncoder();

function tlv(tag: number, value: string): Uint8Array {
  const bytes = encoder.encode(value);
  // One length byte: a longer value cannot be represented in phase 1.
  if (bytes.length > 255) throw new RangeError(`TLV value of tag ${tag} is longer than 255 bytes`);
  const out = new Uint8Array(bytes.length + 2);
  out[0] = tag;
  out[1] = bytes.length;
  out.set(bytes, 2);
  return out;
}

export function zatcaQrPayload(f: ZatcaFields): string {
  const parts = [tlv(1, f.sellerName), tlv(2, f.vatNumber), tlv(3, f.timestamp), tlv(4, f.total), tlv(5, f.vat)];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return bytesToBase64(all);
}
