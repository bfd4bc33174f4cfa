// The stamp the chain signs with (issue 75): the secp256k1 private key and the certificate (CSID) from
// the API's secrets E_INVOICE_STAMP_KEY and E_INVOICE_STAMP_CERTIFICATE, until onboarding (a later part)
// writes them. Nothing is signed without both, nor outside the certificate's validity: the document
// waits and the caller records why. The key never leaves this module's answer to the chain, and no
// message here names it.
import { DEV_SECRET_PREFIX } from '#shared/config';
import { hexToBytes } from '../../../shared/bytes';
import type { Stamp, StampCertificate } from '../e-invoices';
import type { ApiConfig } from '../lib/config';

type StampConfig = Pick<ApiConfig, 'E_INVOICE_STAMP_KEY' | 'E_INVOICE_STAMP_CERTIFICATE'>;

export type StampAnswer =
  | { ok: true; stamp: Stamp }
  | { ok: false; error: 'no-stamp' | 'certificate-expired' | 'certificate-not-yet-valid' };

/** The stamp to sign with at `now` (epoch ms), or why there is none. */
export function stampCheck(
  config: StampConfig,
  now: number,
  readCertificate: (text: string) => StampCertificate,
): StampAnswer {
  const keyText = config.E_INVOICE_STAMP_KEY?.replace(DEV_SECRET_PREFIX, '');
  const privateKey = keyText ? hexToBytes(keyText) : null;
  if (privateKey?.length !== 32 || !config.E_INVOICE_STAMP_CERTIFICATE) return { ok: false, error: 'no-stamp' };
  const certificate = readCertificate(config.E_INVOICE_STAMP_CERTIFICATE);
  if (now > certificate.notAfter) return { ok: false, error: 'certificate-expired' };
  if (now < certificate.notBefore) return { ok: false, error: 'certificate-not-yet-valid' };
  return { ok: true, stamp: { privateKey, certificate: config.E_INVOICE_STAMP_CERTIFICATE } };
}
