// The invoice hash of ZATCA's Security Features standard (issue 75): the document without its signature
// extension (ext:UBLExtensions), its cac:Signature and its QR reference, canonicalised (C14N 1.1, which
// for a whole document is C14N 1.0: the two differ only on xml:id/xml:base of document subsets), then
// SHA-256, base64. The elements are taken out of the tree and the whitespace around them stays, as the
// standard's XPath transforms do; that is what makes published samples hash to their published values.
// Canonicaliser: xml-crypto's (its c14n module alone: no Node built-ins), on @xmldom/xmldom's tree.
import { sha256 } from '@noble/hashes/sha2.js';
import { type Document, DOMParser, type Element } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto/lib/c14n-canonicalization.js';
import { bytesToBase64, bytesToHex } from '../../../shared/bytes';

const encoder = new TextEncoder();

export type XmlElement = Element;

/** Parses a whole document; throws on anything not well-formed (xmldom reports, it does not stop). */
export function parseXml(xml: string): { doc: Document; root: Element } {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (errors.length > 0 || !root) throw new Error(`not well-formed XML: ${errors[0] ?? 'empty'}`);
  return { doc, root };
}

/** The element children of an element with a local name. */
export function childrenNamed(node: Element | undefined, localName: string): Element[] {
  const out: Element[] = [];
  for (let n = node?.firstChild ?? null; n; n = n.nextSibling) {
    if (n.nodeType === n.ELEMENT_NODE && (n as Element).localName === localName) out.push(n as Element);
  }
  return out;
}

export const textOf = (node: Element | undefined): string => node?.textContent?.trim() ?? '';

type C14nNode = Parameters<C14nCanonicalization['process']>[0];

/** The document as the hash sees it: canonical, without the signature, cac:Signature and the QR. */
function hashedText(xml: string): string {
  const { root } = parseXml(xml);
  for (const el of [...childrenNamed(root, 'UBLExtensions'), ...childrenNamed(root, 'Signature')]) root.removeChild(el);
  for (const ref of childrenNamed(root, 'AdditionalDocumentReference')) {
    if (textOf(childrenNamed(ref, 'ID')[0]) === 'QR') root.removeChild(ref);
  }
  // The root has no ancestors, so no namespaces come from outside it. xml-crypto types its input as
  // the DOM's Node; xmldom's tree is one (its own types, not the DOM library's).
  return new C14nCanonicalization().process(root as unknown as C14nNode, {});
}

const sha256Bytes = (text: string): Uint8Array => sha256(encoder.encode(text));

/** The invoice hash (KSA-13 of the next document, QR tag 6): base64 of SHA-256 of the canonical text. */
export function invoiceHash(xml: string): string {
  return bytesToBase64(sha256Bytes(hashedText(xml)));
}

/** ZATCA's digests of the certificate and the signed properties: base64 of the SHA-256 as hex text. */
export function hexDigest(text: string): string {
  return bytesToBase64(encoder.encode(bytesToHex(sha256Bytes(text))));
}
