// The phase-2 QR code of a Saudi e-invoice (issue 75, Security Features standard): TLV fields 1–9,
// each a one-byte tag, a one-byte length and the value: 1 seller name, 2 VAT number, 3 timestamp, 4 total
// with VAT, 5 VAT total (UTF-8 text, as phase 1 in shared/invoice/zatca-tlv.ts), 6 the invoice hash and
// 7 the signature (their base64 text), 8 the stamp's public key (DER SubjectPublicKeyInfo) and 9 the
// certificate's signature (DER), as ZATCA's samples carry them. Base64 of the whole.
import { base64ToBytes } from '../../../shared/bytes';
import { tlvPayload } from '../../../shared/invoice/zatca-tlv';

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

export function qrPayload(f: QrFields): string {
  return tlvPayload([
    f.sellerName,
    f.vatNumber,
    f.timestamp,
    f.totalWithVat,
    f.vatTotal,
    f.invoiceHash,
    f.signature,
    f.publicKey,
    f.certificateSignature,
  ]);
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
