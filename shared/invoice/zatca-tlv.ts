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

function tlv(tag: number, bytes: Uint8Array): Uint8Array {
  // One length byte: a longer value cannot be represented.
  if (bytes.length > 255) throw new RangeError(`TLV value of tag ${tag} is longer than 255 bytes`);
  const out = new Uint8Array(bytes.length + 2);
  out[0] = tag;
  out[1] = bytes.length;
  out.set(bytes, 2);
  return out;
}

/**
 * TLV fields tagged 1, 2, 3… in the order given (text as UTF-8, bytes as they are), base64 of the whole:
 * phase 1's five fields here, phase 2's nine (the hash, signature, key and certificate's signature after
 * them) in api/src/e-invoices/qr.ts.
 */
export function tlvPayload(values: readonly (string | Uint8Array)[]): string {
  const parts = values.map((v, i) => tlv(i + 1, typeof v === 'string' ? encoder.encode(v) : v));
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return bytesToBase64(all);
}

export function zatcaQrPayload(f: ZatcaFields): string {
  return tlvPayload([f.sellerName, f.vatNumber, f.timestamp, f.total, f.vat]);
}
