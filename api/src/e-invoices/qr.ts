// The phase-2 QR code of a Saudi e-invoice (issue 75, Security Features standard): TLV fields 1–9,
// each a one-byte tag, a one-byte length and the value: 1 seller name, 2 VAT number, 3 timestamp, 4 total
// with VAT, 5 VAT total (UTF-8 text, as phase 1 in shared/invoice/zatca-tlv.ts), 6 the invoice hash and
// 7 the signature (their base64 text), 8 the stamp's public key (DER SubjectPublicKeyInfo) and 9 the
// certificate's signature (DER), as ZATCA's samples carry them. Base64 of the whole.
import { base64ToBytes, bytesToBase64 } from '../../../shared/bytes';

export interface QrFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601 to the second, e.g. 2026-11-28T10:15:00Z. */
  timestamp: string;
  totalWithVat: string;
  vatTotal: string;
  invoiceHash: string;
  signature: string;
  publicKey: Uint8Array;
  certificateSignature: Uint8Array;
}

const encoder = new TextEncoder();

export function qrPayload(f: QrFields): string {
  const values: Uint8Array[] = [
    ...[f.sellerName, f.vatNumber, f.timestamp, f.totalWithVat, f.vatTotal, f.invoiceHash, f.signature].map((s) =>
      encoder.encode(s),
    ),
    f.publicKey,
    f.certificateSignature,
  ];
  const parts = values.map((value, i) => {
    if (value.length > 255) throw new RangeError(`QR tag ${i + 1} is longer than 255 bytes`);
    const tlv = new Uint8Array(value.length + 2);
    tlv[0] = i + 1;
    tlv[1] = value.length;
    tlv.set(value, 2);
    return tlv;
  });
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return bytesToBase64(all);
}

/** The TLV fields of a QR payload by tag; null when it is not base64 or a field runs past the end. */
export function qrTags(payload: string): Map<number, Uint8Array> | null {
  const bytes = base64ToBytes(payload);
  if (!bytes) return null;
  const tags = new Map<number, Uint8Array>();
  for (let at = 0; at < bytes.length; ) {
    const tag = bytes[at] ?? 0;
    const length = bytes[at + 1];
    if (length === undefined || at + 2 + length > bytes.length) return null;
    tags.set(tag, bytes.slice(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return tags;
}
