// The stamp the chain signs with (issue 75): the secp256k1 private key (the API's secret
// E_INVOICE_STAMP_KEY) and the certificate, the CSID (E_INVOICE_STAMP_CERTIFICATE), until onboarding (a
// later part) writes them. Nothing is signed without both, with a key the certificate does not certify,
// or outside the certificate's validity: the document waits and the caller records why. The key leaves
// this module only in the answer to the chain, and no message here names it.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { DEV_SECRET_PREFIX } from '#shared/config';
import { hexToBytes } from '../../../shared/bytes';
import { publicKeyPoint, readCertificate, type Stamp, type StampCertificate } from '../e-invoices';
import type { ApiConfig } from '../lib/config';

/** The stamp's material as kept: the private key (64 hex digits) and the certificate (PEM or base64). */
export type StampConfig = Pick<ApiConfig, 'E_INVOICE_STAMP_KEY' | 'E_INVOICE_STAMP_CERTIFICATE'>;

export type StampAnswer =
  | { ok: true; stamp: Stamp }
  | {
      ok: false;
      refusal: 'no-stamp' | 'key-does-not-match-certificate' | 'certificate-expired' | 'certificate-not-yet-valid';
    };

/** The certificate, or null when the setting is not one (the same as no stamp for the caller). */
function certificateOf(text: string): StampCertificate | null {
  try {
    return readCertificate(text);
  } catch {
    return null;
  }
}

/** Whether the certificate's public key is the private key's (as compressed or uncompressed point). */
function certifies(certificate: StampCertificate, privateKey: Uint8Array): boolean {
  const point = publicKeyPoint(certificate.publicKey);
  const own = secp256k1.getPublicKey(privateKey, point.length === 33);
  return own.length === point.length && own.every((byte, i) => byte === point[i]);
}

/** The stamp to sign with at `now` (epoch ms), or why there is none. */
export function stampCheck(config: StampConfig, now: number): StampAnswer {
  const keyText = config.E_INVOICE_STAMP_KEY?.replace(DEV_SECRET_PREFIX, '');
  const privateKey = keyText ? hexToBytes(keyText) : null;
  const certificate = config.E_INVOICE_STAMP_CERTIFICATE ? certificateOf(config.E_INVOICE_STAMP_CERTIFICATE) : null;
  if (privateKey?.length !== 32 || !certificate || !config.E_INVOICE_STAMP_CERTIFICATE)
    return { ok: false, refusal: 'no-stamp' };
  if (!secp256k1.utils.isValidSecretKey(privateKey) || !certifies(certificate, privateKey))
    return { ok: false, refusal: 'key-does-not-match-certificate' };
  if (now > certificate.notAfter) return { ok: false, refusal: 'certificate-expired' };
  if (now < certificate.notBefore) return { ok: false, refusal: 'certificate-not-yet-valid' };
  return { ok: true, stamp: { privateKey, certificate: config.E_INVOICE_STAMP_CERTIFICATE } };
}
