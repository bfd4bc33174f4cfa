// The stamp's key pair and certificate signing request for ZATCA's onboarding (issue 75): ECDSA on
// secp256k1 (ZATCA's curve; WebCrypto has none, so @noble/curves signs), a PKCS #10 request with the
// fields ZATCA's standard names: subject C=SA, OU (branch), O (legal name), CN (common name); the
// certificate template name extension (Microsoft's 1.3.6.1.4.1.311.20.2: which ZATCA environment); and
// a subject alternative name (a directory name) with SN "1-<solution>|2-<version>|3-<unit UUID>", UID
// (the VAT number), title (the invoice types: "1100" standard and simplified, "0100" simplified only),
// registeredAddress and businessCategory. Built with @peculiar/asn1-csr; the onboarding part sends it.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  Extension,
  Extensions,
  GeneralName,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
} from '@peculiar/asn1-x509';
import { bytesToBase64 } from '../../../shared/bytes';
import { ZATCA_COUNTRY } from './country';

/** ZATCA's three environments and the template name each one's certificates carry. */
export const TEMPLATE_NAMES = {
  sandbox: 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  production: 'ZATCA-Code-Signing',
} as const;

export interface CsrFields {
  environment: keyof typeof TEMPLATE_NAMES;
  /** CN: the unit's common name, e.g. the shop's name and its branch. */
  commonName: string;
  /** O: the seller's legal name. */
  organization: string;
  /** OU: the branch (or the ten-digit TIN of a VAT group member). */
  organizationUnit: string;
  /** SN: "1-<solution name>|2-<model or version>|3-<the unit's UUID>". */
  serialNumber: string;
  /** UID: the fifteen-digit VAT number. */
  vatNumber: string;
  /** title: the invoice types the unit issues, four digits ("1100", "0100"). */
  invoiceTypes: string;
  /** registeredAddress: the branch's address (the National Address short form). */
  registeredAddress: string;
  businessCategory: string;
}

const OID = {
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  extensionRequest: '1.2.840.113549.1.9.14',
  templateName: '1.3.6.1.4.1.311.20.2',
  subjectAltName: '2.5.29.17',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  uid: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
};
/** DER of the OID 1.3.132.0.10 (secp256k1): the curve named in the key's algorithm. */
const SECP256K1_DER = new Uint8Array([0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x0a]).buffer;

export interface KeyPair {
  privateKey: Uint8Array;
  /** DER SubjectPublicKeyInfo. */
  publicKey: Uint8Array;
}

export function newKeyPair(): KeyPair {
  const privateKey = secp256k1.utils.randomSecretKey();
  return { privateKey, publicKey: spki(privateKey) };
}

function spki(privateKey: Uint8Array): Uint8Array {
  const info = new SubjectPublicKeyInfo({
    algorithm: new AlgorithmIdentifier({ algorithm: OID.ecPublicKey, parameters: SECP256K1_DER }),
    subjectPublicKey: secp256k1.getPublicKey(privateKey, false).slice().buffer,
  });
  return new Uint8Array(AsnConvert.serialize(info));
}

const rdn = (type: string, value: AttributeValue) =>
  new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value })]);
const utf8 = (type: string, text: string) => rdn(type, new AttributeValue({ utf8String: text }));

/** A DER PrintableString (the template name's type in ZATCA's configuration). */
function printableString(text: string): ArrayBuffer {
  if (!/^[A-Za-z0-9 '()+,\-./:=?]{1,127}$/.test(text)) throw new RangeError('not a short PrintableString');
  return new Uint8Array([0x13, text.length, ...new TextEncoder().encode(text)]).buffer;
}

/** The CSR as PEM, signed with the stamp's private key. */
export function certificateRequest(f: CsrFields, privateKey: Uint8Array): string {
  if (!/^3\d{13}3$/.test(f.vatNumber)) throw new RangeError('a Saudi VAT number is 15 digits, 3…3');
  if (!/^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(f.serialNumber)) throw new RangeError('serial number is 1-…|2-…|3-…');
  const subject = new Name([
    rdn(OID.country, new AttributeValue({ printableString: ZATCA_COUNTRY })),
    utf8(OID.organizationUnit, f.organizationUnit),
    utf8(OID.organization, f.organization),
    utf8(OID.commonName, f.commonName),
  ]);
  const altName = new SubjectAlternativeName([
    new GeneralName({
      directoryName: new Name([
        utf8(OID.surname, f.serialNumber),
        utf8(OID.uid, f.vatNumber),
        utf8(OID.title, f.invoiceTypes),
        utf8(OID.registeredAddress, f.registeredAddress),
        utf8(OID.businessCategory, f.businessCategory),
      ]),
    }),
  ]);
  const extensions = new Extensions([
    new Extension({
      extnID: OID.templateName,
      critical: false,
      extnValue: new OctetString(printableString(TEMPLATE_NAMES[f.environment])),
    }),
    new Extension({
      extnID: OID.subjectAltName,
      critical: false,
      extnValue: new OctetString(AsnConvert.serialize(altName)),
    }),
  ]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject,
    subjectPKInfo: AsnConvert.parse(spki(privateKey), SubjectPublicKeyInfo),
  });
  info.attributes.push(new Attribute({ type: OID.extensionRequest, values: [AsnConvert.serialize(extensions)] }));
  const infoDer = new Uint8Array(AsnConvert.serialize(info));
  const request = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signature: secp256k1.sign(infoDer, privateKey, { format: 'der' }).slice().buffer,
  });
  const base64 = bytesToBase64(new Uint8Array(AsnConvert.serialize(request)));
  return `-----BEGIN CERTIFICATE REQUEST-----\n${base64.replace(/.{1,64}/g, '$&\n')}-----END CERTIFICATE REQUEST-----\n`;
}
