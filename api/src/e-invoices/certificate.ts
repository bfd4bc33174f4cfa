// What a signed Saudi e-invoice takes from the stamp's certificate (issue 75): its base64 text (in
// ds:X509Certificate), ZATCA's digest of that text, the issuer name and decimal serial number (the
// XAdES IssuerSerial), the public key (DER SubjectPublicKeyInfo, QR tag 8 and the key that verifies)
// and the certificate's own signature (QR tag 9). Parsed with @peculiar/asn1-x509 (pure, no WebCrypto:
// WebCrypto has no secp256k1).
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, type Name, SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import { base64ToBytes, bytesToHex } from '../../../shared/bytes';
import { hexDigest } from './hash';

export interface StampCertificate {
  /** The DER as base64, one line: what ds:X509Certificate holds. */
  base64: string;
  digest: string;
  issuerName: string;
  serialNumber: string;
  publicKey: Uint8Array;
  signature: Uint8Array;
  /** The validity period, epoch ms: the chain signs nothing outside it. */
  notBefore: number;
  notAfter: number;
}

/** RFC 4514 short names for the attributes ZATCA's and test CAs use; others by dotted OID. */
const SHORT_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '0.9.2342.19200300.100.1.25': 'DC',
  '1.2.840.113549.1.9.1': 'E',
};

/** The issuer as ZATCA's samples write it: most specific first, "CN=…, DC=…", comma and space. */
function nameText(name: Name): string {
  return [...name]
    .reverse()
    .flatMap((rdn) => [...rdn].map((atv) => `${SHORT_NAMES[atv.type] ?? atv.type}=${atv.value.toString()}`))
    .join(', ');
}

/** The DER of a PEM or bare base64 certificate. */
function certificateDer(text: string): Uint8Array {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  const der = base64ToBytes(body);
  if (!der) throw new Error('certificate is not base64');
  return der;
}

export function readCertificate(text: string): StampCertificate {
  const der = certificateDer(text);
  const cert = AsnConvert.parse(der, Certificate);
  const base64 = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  const serialHex = bytesToHex(new Uint8Array(cert.tbsCertificate.serialNumber));
  return {
    base64,
    // ZATCA digests the certificate's base64 text, not its DER (the samples' CertDigest values say so).
    digest: hexDigest(base64),
    issuerName: nameText(cert.tbsCertificate.issuer),
    serialNumber: BigInt(`0x${serialHex || '0'}`).toString(10),
    publicKey: new Uint8Array(AsnConvert.serialize(cert.tbsCertificate.subjectPublicKeyInfo)),
    signature: new Uint8Array(cert.signatureValue),
    notBefore: cert.tbsCertificate.validity.notBefore.getTime().getTime(),
    notAfter: cert.tbsCertificate.validity.notAfter.getTime().getTime(),
  };
}

/** The uncompressed EC point of a DER SubjectPublicKeyInfo. */
export function publicKeyPoint(spki: Uint8Array): Uint8Array {
  return new Uint8Array(AsnConvert.parse(spki, SubjectPublicKeyInfo).subjectPublicKey);
}
