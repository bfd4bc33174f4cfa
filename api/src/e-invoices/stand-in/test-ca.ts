// The stand-in's test CA (issue 75): it signs the shop's CSR into a certificate the way ZATCA's
// sandbox does (secp256k1, ecdsa-with-SHA256, the CSR's subject and its extensions: the template name
// and the directory name with the unit's serial, VAT number and invoice types). Its key is derived from a
// fixed text: it is a test CA, its certificates prove nothing outside the stand-in, and every isolate
// and restart issues under the same issuer without storing a key.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Extensions,
  Name,
  RelativeDistinguishedName,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';
import { base64ToBytes, bytesToBase64 } from '../../../../shared/bytes';
import { publicKeyPoint } from '../certificate';

const CA_KEY = sha256(new TextEncoder().encode('gulfvitamins local ZATCA stand-in test CA'));
const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';
const COMMON_NAME = '2.5.4.3';

const utf8 = (type: string, text: string) =>
  new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: text }) })]);

const ISSUER = new Name([
  new RelativeDistinguishedName([
    new AttributeTypeAndValue({
      type: '0.9.2342.19200300.100.1.25',
      value: new AttributeValue({ ia5String: 'local' }),
    }),
  ]),
  utf8(COMMON_NAME, 'Local-ZATCA-Stand-In-CA'),
]);

export interface ReadRequest {
  /** The subject's common name: the unit (EGS) whose documents form one chain. */
  unit: string;
  request: CertificationRequest;
}

/** The CSR as ZATCA's API carries it (base64 of the PEM), checked: its signature by its own key. */
export function readRequest(csrBase64: string): ReadRequest | null {
  try {
    const pemBytes = base64ToBytes(csrBase64);
    if (!pemBytes) return null;
    const body = new TextDecoder().decode(pemBytes).replace(/-----(BEGIN|END) CERTIFICATE REQUEST-----/g, '');
    const der = base64ToBytes(body.replace(/\s+/g, ''));
    if (!der) return null;
    const request = AsnConvert.parse(der, CertificationRequest);
    const info = new Uint8Array(AsnConvert.serialize(request.certificationRequestInfo));
    const key = publicKeyPoint(new Uint8Array(AsnConvert.serialize(request.certificationRequestInfo.subjectPKInfo)));
    const ok = secp256k1.verify(new Uint8Array(request.signature), info, key, { format: 'der', lowS: false });
    if (!ok) return null;
    const cn = [...request.certificationRequestInfo.subject]
      .flatMap((rdn) => [...rdn])
      .find((atv) => atv.type === COMMON_NAME);
    if (!cn) return null;
    return { unit: cn.value.toString(), request };
  } catch {
    return null;
  }
}

/** A certificate for the request, valid from now for `days`: its DER as base64 (ds:X509Certificate). */
export function issueCertificate(read: ReadRequest, serial: Uint8Array, now: number, days: number): string {
  const info = read.request.certificationRequestInfo;
  const requested = info.attributes.find((a) => a.type === EXTENSION_REQUEST);
  const extensions = requested?.values[0] ? AsnConvert.parse(requested.values[0], Extensions) : undefined;
  const algorithm = new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 });
  const tbs = new TBSCertificate({
    version: Version.v3,
    // A positive INTEGER: the first byte's high bit clear.
    serialNumber: new Uint8Array([serial[0]! & 0x7f, ...serial.slice(1)]).buffer,
    signature: algorithm,
    issuer: ISSUER,
    validity: new Validity({ notBefore: new Date(now - 60_000), notAfter: new Date(now + days * 86_400_000) }),
    subject: info.subject,
    subjectPublicKeyInfo: info.subjectPKInfo,
    extensions,
  });
  const tbsDer = new Uint8Array(AsnConvert.serialize(tbs));
  const certificate = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: algorithm,
    signatureValue: secp256k1.sign(tbsDer, CA_KEY, { format: 'der' }).slice().buffer,
  });
  return bytesToBase64(new Uint8Array(AsnConvert.serialize(certificate)));
}
