// Issue 75's "done means" for the e-invoice core, proven with tools the shop did not write: a general-
// purpose canonicaliser (libxml2's xmllint where installed, else xmldsigjs's, not the xml-crypto one the
// shop uses) and OpenSSL's SHA-256 give the hash in the document and its QR; OpenSSL verifies the
// signature against a certificate an OpenSSL test CA issued for the shop's own CSR; the QR is decoded
// here byte by byte; a run of documents is one chain; and published samples hash to their published
// hashes. OpenSSL is on every machine the suite runs on (Debian, ubuntu-latest in CI).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XmlCanonicalizer } from 'xmldsigjs';
import {
  buildDocument,
  certificateRequest,
  type DocumentInput,
  FIRST_PIH,
  invoiceHash,
  newKeyPair,
  readCertificate,
  signDocument,
  verifyChain,
  verifyDocument,
} from './index';

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/e-invoices/', import.meta.url));
let dir = '';
let stamp: { privateKey: Uint8Array; certificate: string };

const openssl = (args: string[], input?: string | Buffer) =>
  execFileSync('openssl', args, { cwd: dir, input, stdio: ['pipe', 'pipe', 'pipe'] });

const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The hashed view of a document by another canonicaliser: the standard's three elements taken out. */
function independentCanonical(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root) throw new Error('no root');
  const elements = Array.from(root.childNodes).filter((n): n is Element => n.nodeType === n.ELEMENT_NODE);
  for (const el of elements) {
    const isQr =
      el.localName === 'AdditionalDocumentReference' &&
      Array.from(el.childNodes).some((n) => (n as Element).localName === 'ID' && n.textContent?.trim() === 'QR');
    if (el.localName === 'UBLExtensions' || el.localName === 'Signature' || isQr) root.removeChild(el);
  }
  const stripped = doc.toString();
  if (hasXmllint) {
    writeFileSync(join(dir, 'stripped.xml'), stripped);
    return execFileSync('xmllint', ['--c14n11', join(dir, 'stripped.xml')], { encoding: 'utf8' });
  }
  return new XmlCanonicalizer(false, false).Canonicalize(new DOMParser().parseFromString(stripped, 'text/xml'));
}

const opensslSha256Base64 = (text: string) =>
  openssl(['dgst', '-sha256', '-binary'], Buffer.from(text, 'utf8')).toString('base64');

/** The QR's TLV fields, decoded here rather than with the shop's qr.ts. */
function tlv(qr: string): Buffer[] {
  const bytes = Buffer.from(qr, 'base64');
  const fields: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const length = bytes.readUInt8(at + 1);
    fields[bytes.readUInt8(at)] = bytes.subarray(at + 2, at + 2 + length);
    at += 2 + length;
  }
  return fields;
}
const field = (fields: Buffer[], tag: number) => fields[tag] ?? Buffer.alloc(0);

const seller = {
  name: 'شركة المكملات الصحية المحدودة',
  vatNumber: '399999999900003',
  crNumber: '1010010000',
  address: { street: 'King Fahd Road', building: '2322', district: 'Al-Murabba', city: 'Riyadh', postalCode: '23333' },
};

const sale = (over: Partial<DocumentInput> = {}): DocumentInput => ({
  kind: 'invoice',
  number: '1001',
  uuid: '8d1c2f0e-6c1a-4a8e-9f5e-1b2c3d4e5f60',
  issuedAt: Date.UTC(2026, 10, 28, 9, 30, 5),
  icv: 1,
  pih: FIRST_PIH,
  currency: 'SAR',
  decimals: 2,
  vatBasisPoints: 1500,
  seller,
  lines: [
    { name: 'Vitamin D3 <1000 IU> & K2', count: 3, gross: 8_970 },
    { name: 'Omega 3', count: 1, gross: 12_450 },
    { name: 'Delivery', count: 1, gross: 2_500 },
  ],
  allowances: [
    { reason: 'Coupon SAVE10', gross: 2_142 },
    { reason: 'Points', gross: 500 },
  ],
  total: 21_278,
  paymentMeans: '48',
  ...over,
});

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'e-invoices-'));
  // A test CA on secp256k1, as ZATCA's, and a certificate it issues for the shop's own CSR.
  openssl(['ecparam', '-name', 'secp256k1', '-genkey', '-noout', '-out', 'ca.key']);
  openssl([
    'req',
    '-x509',
    '-new',
    '-key',
    'ca.key',
    '-subj',
    '/DC=local/DC=test/CN=Test EInvoice CA',
    '-days',
    '2',
    '-out',
    'ca.pem',
  ]);
  const keys = newKeyPair();
  const csr = certificateRequest(
    {
      environment: 'sandbox',
      commonName: 'Gulf Supplements Online',
      organization: 'Gulf Supplements LLC',
      organizationUnit: 'Riyadh Branch',
      serialNumber: '1-GulfShop|2-1.0|3-8d1c2f0e-6c1a-4a8e-9f5e-1b2c3d4e5f60',
      vatNumber: '399999999900003',
      invoiceTypes: '1100',
      registeredAddress: 'RRRD2929',
      businessCategory: 'Health supplements',
    },
    keys.privateKey,
  );
  writeFileSync(join(dir, 'stamp.csr'), csr);
  openssl([
    'x509',
    '-req',
    '-in',
    'stamp.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-set_serial',
    '0x6f0000782cbd68a70b03df47ac00010000782c',
    '-days',
    '1',
    '-copy_extensions',
    'copy',
    '-out',
    'stamp.pem',
  ]);
  stamp = { privateKey: keys.privateKey, certificate: readFileSync(join(dir, 'stamp.pem'), 'utf8') };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the stamp's CSR", () => {
  it('verifies with OpenSSL and carries the fields ZATCA names', () => {
    const text = openssl(['req', '-in', 'stamp.csr', '-verify', '-noout', '-text']).toString();
    expect(text).toContain('ASN1 OID: secp256k1');
    expect(text).toMatch(
      /Subject: C\s?=\s?SA, OU\s?=\s?Riyadh Branch, O\s?=\s?Gulf Supplements LLC, CN\s?=\s?Gulf Supplements Online/,
    );
    expect(text).toContain('1.3.6.1.4.1.311.20.2');
    expect(text).toContain('TSTZATCA-Code-Signing');
    expect(text).toMatch(/DirName:.*SN\s?=\s?1-GulfShop\|2-1\.0\|3-8d1c2f0e/);
    expect(text).toMatch(/UID\s?=\s?399999999900003/);
    expect(text).toMatch(/title\s?=\s?1100/);
    expect(text).toMatch(/registeredAddress\s?=\s?RRRD2929/);
    expect(text).toMatch(/businessCategory\s?=\s?Health supplements/);
  });
});

describe('a signed simplified tax invoice', () => {
  it('hashes, signs and carries its QR so that tools the shop did not write agree', () => {
    const built = buildDocument(sale());
    const signed = signDocument(built.xml, stamp, Date.UTC(2026, 10, 28, 9, 30, 6));
    // The hash: another canonicaliser, OpenSSL's SHA-256.
    const hash = opensslSha256Base64(independentCanonical(signed.xml));
    expect(hash).toBe(signed.invoiceHash);
    expect(signed.xml).toContain(`<ds:DigestValue>${hash}</ds:DigestValue>`);
    expect(invoiceHash(signed.xml)).toBe(hash);
    // The signature: OpenSSL, the certificate's key, SHA-256 over the hash's bytes.
    writeFileSync(join(dir, 'hash.bin'), Buffer.from(hash, 'base64'));
    writeFileSync(join(dir, 'sig.der'), Buffer.from(signed.signature, 'base64'));
    openssl(['x509', '-in', 'stamp.pem', '-pubkey', '-noout', '-out', 'stamp.pub']);
    const verdict = openssl([
      'dgst',
      '-sha256',
      '-verify',
      'stamp.pub',
      '-signature',
      'sig.der',
      'hash.bin',
    ]).toString();
    expect(verdict.trim()).toBe('Verified OK');
    expect(signed.xml).toContain(`<ds:SignatureValue>${signed.signature}</ds:SignatureValue>`);
    // The QR, decoded here; the key and the certificate's signature as OpenSSL reads them.
    const qr = tlv(signed.qr);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((tag) => (tag <= 7 ? field(qr, tag).toString('utf8') : null))).toEqual([
      seller.name,
      '399999999900003',
      '2026-11-28T09:30:05Z',
      built.totalWithVat,
      built.vatTotal,
      hash,
      signed.signature,
      null,
      null,
    ]);
    expect(field(qr, 8).equals(openssl(['pkey', '-pubin', '-in', 'stamp.pub', '-outform', 'DER']))).toBe(true);
    const certText = openssl(['x509', '-in', 'stamp.pem', '-noout', '-text']).toString();
    const sigHex = (certText.split('Signature Value:')[1] ?? '').replace(/[^0-9a-f]/g, '');
    expect(field(qr, 9).toString('hex')).toBe(sigHex);
    expect(signed.xml).toContain(
      `<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${signed.qr}</cbc:EmbeddedDocumentBinaryObject>`,
    );
    // The signed properties name the certificate as OpenSSL does.
    const serial = openssl(['x509', '-in', 'stamp.pem', '-noout', '-serial']).toString().trim().split('=')[1];
    expect(signed.xml).toContain(`<ds:X509SerialNumber>${BigInt(`0x${serial}`).toString(10)}</ds:X509SerialNumber>`);
    expect(signed.xml).toContain('<ds:X509IssuerName>CN=Test EInvoice CA, DC=test, DC=local</ds:X509IssuerName>');
    expect(verifyDocument(signed.xml).problems).toEqual([]);
  });

  it('is refused by the verifier unsigned, malformed, or when a figure, the signature or the QR is changed', () => {
    const unsigned = buildDocument(sale()).xml;
    expect(verifyDocument(unsigned).problems).toEqual(['no-signature']);
    expect(verifyDocument(unsigned.replace('</Invoice>', '')).problems).toEqual(['not-xml']);
    const signed = signDocument(buildDocument(sale()).xml, stamp, Date.UTC(2026, 10, 28, 9, 30, 6));
    const total = signed.xml.replace(
      '<cbc:PayableAmount currencyID="SAR">212.78',
      '<cbc:PayableAmount currencyID="SAR">212.77',
    );
    expect(total).not.toBe(signed.xml);
    expect(verifyDocument(total).problems).toEqual(['hash']);
    const other = signDocument(buildDocument(sale({ number: '1002' })).xml, stamp, Date.UTC(2026, 10, 28, 9, 30, 6));
    expect(verifyDocument(signed.xml.replace(signed.signature, other.signature)).problems).toEqual(['signature', 'qr']);
    expect(verifyDocument(signed.xml.replace(signed.qr, other.qr)).problems).toEqual(['qr']);
    expect(verifyDocument(signed.xml.replace('<xades:SigningTime>2026', '<xades:SigningTime>2025')).problems).toEqual([
      'signed-properties',
    ]);
  });

  it('writes a credit note (381) that names its invoice and the reason', () => {
    const note = buildDocument(
      sale({
        kind: 'credit-note',
        number: 'R-1001-1',
        lines: [{ name: 'Omega 3', count: 1, gross: 12_450 }],
        allowances: [],
        total: 12_450,
        billingReference: { number: '1001', reason: 'Returned: damaged in delivery' },
      }),
    );
    expect(note.xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(note.xml).toContain('<cac:InvoiceDocumentReference>\n            <cbc:ID>1001</cbc:ID>');
    expect(note.xml).toContain('<cbc:InstructionNote>Returned: damaged in delivery</cbc:InstructionNote>');
    const signed = signDocument(note.xml, stamp, Date.UTC(2026, 10, 29));
    expect(opensslSha256Base64(independentCanonical(signed.xml))).toBe(signed.invoiceHash);
    expect(verifyDocument(signed.xml).problems).toEqual([]);
  });
});

describe('a run of documents', () => {
  it('is one chain: counters one apart, each previous hash the hash before, the first as the standard says', () => {
    // The standard's first previous hash: base64 of the hex SHA-256 of "0", by OpenSSL.
    const zero = openssl(['dgst', '-sha256', '-r'], '0').toString().split(' ')[0] ?? '';
    expect(FIRST_PIH).toBe(Buffer.from(zero).toString('base64'));
    const run: string[] = [];
    let pih = FIRST_PIH;
    for (let icv = 1; icv <= 4; icv++) {
      const input =
        icv === 3
          ? sale({
              kind: 'credit-note',
              icv,
              pih,
              number: `R-${icv}`,
              lines: [{ name: 'Omega 3', count: 1, gross: 12_450 }],
              allowances: [],
              total: 12_450,
              billingReference: { number: '1001', reason: 'Refund' },
            })
          : sale({
              icv,
              pih,
              number: String(1000 + icv),
              total: 21_278 + icv,
              lines: [...sale().lines.slice(0, 2), { name: 'Delivery', count: 1, gross: 2_500 + icv }],
            });
      const signed = signDocument(buildDocument(input).xml, stamp, input.issuedAt + 1000);
      // Each hash as the independent tools compute it becomes the next document's previous hash.
      pih = opensslSha256Base64(independentCanonical(signed.xml));
      run.push(signed.xml);
    }
    expect(verifyChain(run).map((v) => v.problems)).toEqual([[], [], [], []]);
    // A gap, a repeat and a fork are each found.
    const [first = '', second = '', third = '', fourth = ''] = run;
    expect(verifyChain([first, third, fourth]).map((v) => v.problems)).toEqual([[], ['icv', 'pih'], []]);
    expect(verifyChain([first, second, second]).map((v) => v.problems)).toEqual([[], [], ['icv', 'pih']]);
    expect(verifyChain(run.slice(1), FIRST_PIH, 2).map((v) => v.problems)[0]).toEqual(['pih']);
  });
});

describe('published samples', () => {
  // Each sample's invoiceSignedData DigestValue is the hash its publisher's implementation computed.
  it.each(['saleh7-simplified-invoice-signed.xml', 'zatca-xml-js-simplified-invoice.xml'])(
    '%s hashes to its published hash',
    (file) => {
      const xml = readFileSync(join(FIXTURES, file), 'utf8');
      const published = /<ds:Reference Id="invoiceSignedData"[\s\S]*?<ds:DigestValue>([^<]+)</.exec(xml)?.[1];
      expect(published).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      expect(invoiceHash(xml)).toBe(published);
    },
  );

  it("reads a ZATCA-issued certificate as the sample's signed properties and QR name it", () => {
    const xml = readFileSync(join(FIXTURES, 'saleh7-simplified-invoice-signed.xml'), 'utf8');
    const cert = readCertificate(/<ds:X509Certificate>([^<]+)</.exec(xml)?.[1] ?? '');
    expect(xml).toContain(`<ds:DigestValue>${cert.digest}</ds:DigestValue>`);
    expect(xml).toContain(`<ds:X509IssuerName>${cert.issuerName}</ds:X509IssuerName>`);
    expect(xml).toContain(`<ds:X509SerialNumber>${cert.serialNumber}</ds:X509SerialNumber>`);
    const qr = tlv(
      /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(xml)?.[1] ?? '',
    );
    expect(field(qr, 8).equals(Buffer.from(cert.publicKey))).toBe(true);
    expect(field(qr, 9).equals(Buffer.from(cert.signature))).toBe(true);
  });

  it.each(['saleh7-simplified-invoice-signed.xml', 'zatca-xml-js-simplified-invoice.xml'])(
    '%s passes the verifier: hash, signature, signed properties, certificate digest, QR',
    (file) => {
      expect(verifyDocument(readFileSync(join(FIXTURES, file), 'utf8')).problems).toEqual([]);
    },
  );
});
