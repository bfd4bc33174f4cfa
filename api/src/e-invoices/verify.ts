// Checks a signed Saudi e-invoice the way ZATCA's reporting does (issue 75): the hash in the signature
// is the document's, the signature verifies with the certificate's key, the SignedProperties and
// certificate digests are right, the QR's nine fields match the document, and a run of documents is one
// chain (counter +1, each previous hash the hash before). The local ZATCA stand-in answers with these
// problems; ZATCA's own error codes are mapped there. Returns problems, never throws on a bad document.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base64ToBytes } from '../../../shared/bytes';
import { publicKeyPoint, readCertificate, type StampCertificate } from './certificate';
import { FIRST_PIH } from './document';
import { childrenNamed, invoiceHash, parseXml, textOf, type XmlElement } from './hash';
import { qrTags } from './qr';
import { signedPropertiesDigest } from './sign';

export type Problem =
  | 'not-xml'
  | 'no-signature'
  | 'hash'
  | 'signature'
  | 'certificate-digest'
  | 'signed-properties'
  | 'qr'
  | 'icv'
  | 'pih';

export interface Verified {
  problems: Problem[];
  /** The document's hash as recomputed, its counter and previous hash (null where unreadable). */
  hash: string | null;
  icv: number | null;
  pih: string | null;
}

type El = XmlElement;
const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const NS_XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const decoder = new TextDecoder();

const path = (from: El | undefined, ...names: string[]): El | undefined =>
  names.reduce<El | undefined>((el, n) => (el ? childrenNamed(el, n)[0] : undefined), from);

/** The additional document reference with an ID (ICV, PIH, QR). */
function reference(root: El, id: string): El | undefined {
  return childrenNamed(root, 'AdditionalDocumentReference').find((r) => textOf(path(r, 'ID')) === id);
}

const same = (a: Uint8Array | undefined, b: Uint8Array) =>
  a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

export function verifyDocument(xml: string): Verified {
  let root: El;
  let doc: ReturnType<typeof parseXml>['doc'];
  try {
    ({ root, doc } = parseXml(xml));
  } catch {
    return { problems: ['not-xml'], hash: null, icv: null, pih: null };
  }
  const icvText = textOf(path(reference(root, 'ICV'), 'UUID'));
  const icv = /^\d+$/.test(icvText) ? Number(icvText) : null;
  const pih = textOf(path(reference(root, 'PIH'), 'Attachment', 'EmbeddedDocumentBinaryObject')) || null;
  const hash = invoiceHash(xml);
  const problems: Problem[] = [];
  if (icv === null) problems.push('icv');
  if (pih === null || !base64ToBytes(pih)) problems.push('pih');

  const digests = doc.getElementsByTagNameNS(NS_DS, 'DigestValue');
  const signatureText = textOf(doc.getElementsByTagNameNS(NS_DS, 'SignatureValue')[0]);
  const certText = textOf(doc.getElementsByTagNameNS(NS_DS, 'X509Certificate')[0]);
  if (digests.length < 3 || !signatureText || !certText)
    return { problems: [...problems, 'no-signature'], hash, icv, pih };
  // SignedInfo's first reference is the invoice, its second the SignedProperties; the third digest is
  // the certificate's, inside the SignedProperties.
  // The signature and the QR are checked against the hash the document states; a document changed
  // after signing is the 'hash' problem alone.
  const stated = textOf(digests[0]);
  if (stated !== hash) problems.push('hash');
  let cert: StampCertificate | null = null;
  try {
    cert = readCertificate(certText);
  } catch {
    problems.push('signature');
  }
  const sig = base64ToBytes(signatureText);
  const hashBytes = base64ToBytes(stated);
  if (cert && sig && hashBytes) {
    let ok = false;
    try {
      ok = secp256k1.verify(sig, hashBytes, publicKeyPoint(cert.publicKey), { format: 'der', lowS: false });
    } catch {
      ok = false;
    }
    if (!ok) problems.push('signature');
  } else if (cert) problems.push('signature');
  const certDigest = doc.getElementsByTagNameNS(NS_XADES, 'CertDigest')[0];
  if (cert && textOf(certDigest && childrenNamed(certDigest, 'DigestValue')[0]) !== cert.digest) {
    problems.push('certificate-digest');
  }
  if (textOf(digests[1]) !== signedPropertiesDigest(xml)) problems.push('signed-properties');
  if (!qrMatches(root, stated, signatureText, cert)) problems.push('qr');
  return { problems, hash, icv, pih };
}

/** The QR's nine fields against the document, its hash, its signature and its certificate. */
function qrMatches(root: El, hash: string, signature: string, cert: StampCertificate | null): boolean {
  const tags = qrTags(textOf(path(reference(root, 'QR'), 'Attachment', 'EmbeddedDocumentBinaryObject')));
  if (!tags || !cert) return false;
  const text = (tag: number) => {
    const v = tags.get(tag);
    return v ? decoder.decode(v) : null;
  };
  const party = path(root, 'AccountingSupplierParty', 'Party');
  const expected: Record<number, string> = {
    1: textOf(path(party, 'PartyLegalEntity', 'RegistrationName')),
    2: textOf(path(party, 'PartyTaxScheme', 'CompanyID')),
    3: `${textOf(path(root, 'IssueDate'))}T${textOf(path(root, 'IssueTime'))}Z`,
    4: textOf(path(root, 'LegalMonetaryTotal', 'TaxInclusiveAmount')),
    5: textOf(path(root, 'TaxTotal', 'TaxAmount')),
    6: hash,
    7: signature,
  };
  return (
    Object.entries(expected).every(([tag, value]) => text(Number(tag)) === value) &&
    same(tags.get(8), cert.publicKey) &&
    same(tags.get(9), cert.signature)
  );
}

/**
 * A run of documents of one stamp, in counter order, verified and checked as one chain: each counter
 * one more than the one before, each previous hash the hash before (the first's `previous`, by default
 * the standard's first hash, and its counter `firstIcv`).
 */
export function verifyChain(xmls: readonly string[], previous = FIRST_PIH, firstIcv = 1): Verified[] {
  let hash = previous;
  let icv = firstIcv - 1;
  return xmls.map((xml) => {
    const v = verifyDocument(xml);
    const problems: Problem[] = v.problems.filter((p) => p !== 'icv' && p !== 'pih');
    if (v.icv !== icv + 1) problems.push('icv');
    if (v.pih !== hash) problems.push('pih');
    hash = v.hash ?? '';
    icv = v.icv ?? icv + 1;
    return { ...v, problems };
  });
}
