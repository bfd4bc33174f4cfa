// Signs a built e-invoice with the seller's cryptographic stamp (issue 75, Security Features standard):
// the invoice hash; its ECDSA signature (secp256k1, SHA-256 over the hash's 32 bytes, DER, base64); a
// XAdES enveloped signature in ext:UBLExtensions whose SignedInfo carries the invoice hash and the
// digest of the SignedProperties (signing time, the certificate's digest, issuer and serial); the
// phase-2 QR; the cac:Signature pointer. Everything inserted replaces the builder's marker comments and
// lies inside what the hash leaves out, so the hash of the signed document is the hash signed.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base64ToBytes, bytesToBase64 } from '../../../shared/bytes';
import { readCertificate, type StampCertificate } from './certificate';
import { EXTENSIONS_MARK, QR_MARK } from './document';
import { childrenNamed, hexDigest, invoiceHash, parseXml, textOf } from './hash';
import { qrPayload } from './qr';

export interface Stamp {
  /** The 32-byte secp256k1 private key: the shop's secret, never shown. */
  privateKey: Uint8Array;
  /** The CSID: the certificate ZATCA (or the local stand-in) issued for the key, PEM or base64. */
  certificate: string;
}

export interface SignedDocument {
  xml: string;
  invoiceHash: string;
  signature: string;
  qr: string;
}

/** ECDSA over SHA-256 of the hash's bytes, DER, base64 (ds:SignatureValue, QR tag 7). */
function signHash(hash: string, privateKey: Uint8Array): string {
  const bytes = base64ToBytes(hash);
  if (!bytes) throw new Error('hash is not base64');
  return bytesToBase64(secp256k1.sign(bytes, privateKey, { format: 'der' }));
}

const SIGNED_PROPERTIES_PLACE = 'SIGNED-PROPERTIES-DIGEST';
const HASH_PLACE = 'INVOICE-HASH';
const SIGNATURE_PLACE = 'SIGNATURE-VALUE';
const QR_PLACE = 'QR-PAYLOAD';

/** The signature extension, indented under the root like the rest of the document. */
function extensions(cert: StampCertificate, signingTime: string): string {
  const ds = 'http://www.w3.org/2000/09/xmldsig#';
  const sha256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
  const xpath = 'http://www.w3.org/TR/1999/REC-xpath-19991116';
  const transform = (expr: string) =>
    `<ds:Transform Algorithm="${xpath}">\n<ds:XPath>${expr}</ds:XPath>\n</ds:Transform>`;
  return `<ext:UBLExtensions>
<ext:UBLExtension>
<ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>
<ext:ExtensionContent>
<sig:UBLDocumentSignatures xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2" xmlns:sac="urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2">
<sac:SignatureInformation>
<cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>
<sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>
<ds:Signature xmlns:ds="${ds}" Id="signature">
<ds:SignedInfo>
<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>
<ds:Reference Id="invoiceSignedData" URI="">
<ds:Transforms>
${transform('not(//ancestor-or-self::ext:UBLExtensions)')}
${transform('not(//ancestor-or-self::cac:Signature)')}
${transform("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])")}
<ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
</ds:Transforms>
<ds:DigestMethod Algorithm="${sha256}"/>
<ds:DigestValue>${HASH_PLACE}</ds:DigestValue>
</ds:Reference>
<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">
<ds:DigestMethod Algorithm="${sha256}"/>
<ds:DigestValue>${SIGNED_PROPERTIES_PLACE}</ds:DigestValue>
</ds:Reference>
</ds:SignedInfo>
<ds:SignatureValue>${SIGNATURE_PLACE}</ds:SignatureValue>
<ds:KeyInfo>
<ds:X509Data>
<ds:X509Certificate>${cert.base64}</ds:X509Certificate>
</ds:X509Data>
</ds:KeyInfo>
<ds:Object>
<xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="signature">
<xades:SignedProperties Id="xadesSignedProperties">
<xades:SignedSignatureProperties>
<xades:SigningTime>${signingTime}</xades:SigningTime>
<xades:SigningCertificate>
<xades:Cert>
<xades:CertDigest>
<ds:DigestMethod Algorithm="${sha256}"/>
<ds:DigestValue>${cert.digest}</ds:DigestValue>
</xades:CertDigest>
<xades:IssuerSerial>
<ds:X509IssuerName>${cert.issuerName.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</ds:X509IssuerName>
<ds:X509SerialNumber>${cert.serialNumber}</ds:X509SerialNumber>
</xades:IssuerSerial>
</xades:Cert>
</xades:SigningCertificate>
</xades:SignedSignatureProperties>
</xades:SignedProperties>
</xades:QualifyingProperties>
</ds:Object>
</ds:Signature>
</sac:SignatureInformation>
</sig:UBLDocumentSignatures>
</ext:ExtensionContent>
</ext:UBLExtension>
</ext:UBLExtensions>`;
}

const QR_AND_SIGNATURE = `<cac:AdditionalDocumentReference>
        <cbc:ID>QR</cbc:ID>
        <cac:Attachment>
            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${QR_PLACE}</cbc:EmbeddedDocumentBinaryObject>
        </cac:Attachment>
    </cac:AdditionalDocumentReference>
    <cac:Signature>
        <cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>
        <cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod>
    </cac:Signature>`;

const NS_XADES = 'xmlns:xades="http://uri.etsi.org/01903/v1.3.2#"';
const NS_DS = 'xmlns:ds="http://www.w3.org/2000/09/xmldsig#"';

/**
 * The SignedProperties digest as ZATCA's SDK computes it (its samples and the libraries it accepts
 * agree; standard C14N does not give their values): the element's text exactly as the document writes
 * it, with the xades namespace declared on it and the ds namespace on each ds element, SHA-256, hex,
 * base64. Read from the document's text, not a tree, because the whitespace is part of the digest.
 */
export function signedPropertiesDigest(xml: string): string {
  const text = /<xades:SignedProperties[\s>][\s\S]*?<\/xades:SignedProperties>/.exec(xml)?.[0];
  if (!text) throw new Error('no SignedProperties');
  const declared = text
    .replace(/\s+xmlns:(xades|ds)="[^"]*"/g, '')
    .replace('<xades:SignedProperties', `<xades:SignedProperties ${NS_XADES}`)
    .replace(/<ds:(\w+)/g, `<ds:$1 ${NS_DS}`);
  return hexDigest(declared);
}

/** Signs the builder's XML (document.ts) at `signedAt` (epoch ms). */
export function signDocument(unsigned: string, stamp: Stamp, signedAt: number): SignedDocument {
  if (!unsigned.includes(EXTENSIONS_MARK) || !unsigned.includes(QR_MARK)) throw new Error('not an unsigned document');
  const cert = readCertificate(stamp.certificate);
  // ZATCA's samples write the signing time without a zone; it is UTC.
  const signingTime = new Date(signedAt).toISOString().slice(0, 19);
  let xml = unsigned.replace(EXTENSIONS_MARK, extensions(cert, signingTime)).replace(QR_MARK, QR_AND_SIGNATURE);
  const hash = invoiceHash(xml);
  const signature = signHash(hash, stamp.privateKey);
  const propsDigest = signedPropertiesDigest(xml);

  const { root } = parseXml(unsigned);
  const party = childrenNamed(childrenNamed(root, 'AccountingSupplierParty')[0], 'Party')[0];
  const sellerName = textOf(childrenNamed(childrenNamed(party, 'PartyLegalEntity')[0], 'RegistrationName')[0]);
  const vatNumber = textOf(childrenNamed(childrenNamed(party, 'PartyTaxScheme')[0], 'CompanyID')[0]);
  const totals = childrenNamed(root, 'LegalMonetaryTotal')[0];
  const qr = qrPayload({
    sellerName,
    vatNumber,
    timestamp: `${textOf(childrenNamed(root, 'IssueDate')[0])}T${textOf(childrenNamed(root, 'IssueTime')[0])}Z`,
    totalWithVat: textOf(childrenNamed(totals, 'TaxInclusiveAmount')[0]),
    vatTotal: textOf(childrenNamed(childrenNamed(root, 'TaxTotal')[0], 'TaxAmount')[0]),
    invoiceHash: hash,
    signature,
    publicKey: cert.publicKey,
    certificateSignature: cert.signature,
  });
  xml = xml
    .replace(HASH_PLACE, hash)
    .replace(SIGNED_PROPERTIES_PLACE, propsDigest)
    .replace(SIGNATURE_PLACE, signature)
    .replace(QR_PLACE, qr);
  return { xml, invoiceHash: hash, signature, qr };
}
