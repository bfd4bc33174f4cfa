// What the stand-in checks in a reported (or compliance) document, answered in ZATCA's shape (issue 75):
// the document core's verifier (hash, signature, digests, QR) and business rules, the counter and the
// previous hash against what this stamp sent before, the body's hash and UUID against the XML, and
// ZATCA's 24-hour reporting rule as a warning. Codes are ZATCA's where its answers publish them
// (invalid-invoice-hash, invoiceHash_QRCODE_INVALID, QRCODE_INVALID, XSD_ZATCA_INVALID, BR-KSA-*,
// the EN 16931 rules' BR-*); the signature checks' codes follow ZATCA's category SIGNATURE_ERRORS.
import type { ZatcaMessage } from '../zatca/answers';
import { childrenNamed, invoiceHash, parseXml, textOf } from '../hash';
import { qrTags } from '../qr';
import { amountRuleFailures } from '../rules';
import { verifyDocument } from '../verify';

export interface ValidationResults {
  infoMessages: ZatcaMessage[];
  warningMessages: ZatcaMessage[];
  errorMessages: ZatcaMessage[];
  status: 'PASS' | 'WARNING' | 'ERROR';
}

/** The stamp's last reported document (the chain so far), or null when it has reported none. */
export interface ChainSoFar {
  icv: number;
  hash: string;
}

const error = (code: string, category: string, message: string): ZatcaMessage => ({
  type: 'ERROR',
  code,
  category,
  message,
  status: 'ERROR',
});

const XSD_VALID: ZatcaMessage = {
  type: 'INFO',
  code: 'XSD_ZATCA_VALID',
  category: 'XSD validation',
  message: 'Complied with UBL 2.1 standards in line with ZATCA specifications',
  status: 'PASS',
};

const DAY_MS = 86_400_000;

export interface CheckedDocument {
  results: ValidationResults;
  /** The XML's own UUID, hash and counter (null where unreadable), for the stand-in's records. */
  hash: string | null;
  icv: number | null;
}

export function checkDocument(
  body: { invoiceHash: string; uuid: string; xml: string },
  chain: ChainSoFar | null | 'not-checked',
  now: number,
): CheckedDocument {
  const errors: ZatcaMessage[] = [];
  const warnings: ZatcaMessage[] = [];
  const verified = verifyDocument(body.xml);
  if (verified.problems.includes('not-xml')) {
    const results: ValidationResults = {
      infoMessages: [],
      warningMessages: [],
      errorMessages: [
        error(
          'XSD_ZATCA_INVALID',
          'XSD validation',
          'Schema validation failed; XML does not comply with UBL 2.1 standards in line with ZATCA specifications',
        ),
      ],
      status: 'ERROR',
    };
    return { results, hash: null, icv: null };
  }
  const { root } = parseXml(body.xml);
  const computed = invoiceHash(body.xml);
  if (body.invoiceHash !== computed || verified.problems.includes('hash'))
    errors.push(
      error(
        'invalid-invoice-hash',
        'INVOICE_HASHING_ERRORS',
        'The invoice hash API body does not match the (calculated) Hash of the XML',
      ),
    );
  if (textOf(childrenNamed(root, 'UUID')[0]) !== body.uuid)
    errors.push(error('invalid-uuid', 'KSA', 'The UUID in the API body does not match the UUID of the XML (KSA-1)'));
  if (verified.problems.includes('no-signature'))
    errors.push(error('signature-missing', 'SIGNATURE_ERRORS', 'The document carries no cryptographic stamp'));
  if (verified.problems.includes('signature'))
    errors.push(
      error('invalid-signature', 'SIGNATURE_ERRORS', "The signature does not verify with the certificate's key"),
    );
  if (verified.problems.includes('signed-properties'))
    errors.push(error('signed-properties-hashing', 'SIGNATURE_ERRORS', 'The SignedProperties digest is wrong'));
  if (verified.problems.includes('certificate-digest'))
    errors.push(error('certificate-hashing', 'SIGNATURE_ERRORS', "The certificate's digest is wrong"));
  if (verified.problems.includes('qr')) errors.push(qrError(root, computed));
  if (verified.icv === null || verified.icv < 1)
    errors.push(error('BR-KSA-33', 'KSA', '[BR-KSA-33]-Each Invoice must have an Invoice counter value (KSA-16).'));
  if (verified.problems.includes('pih'))
    errors.push(
      error('BR-KSA-26', 'KSA', '[BR-KSA-26]-The previous invoice hash (KSA-13) is not a base64 SHA-256 hash.'),
    );
  if (chain !== 'not-checked' && verified.icv !== null) {
    // The first document a stamp reports starts its chain; each later one continues it.
    if (chain && verified.icv !== chain.icv + 1)
      errors.push(
        error('BR-KSA-33', 'KSA', `[BR-KSA-33]-The invoice counter value (KSA-16) must follow ${chain.icv}.`),
      );
    if (chain && verified.pih !== chain.hash)
      errors.push(
        error(
          'BR-KSA-26',
          'KSA',
          '[BR-KSA-26]-The previous invoice hash (KSA-13) must be the hash of the invoice reported before it.',
        ),
      );
  }
  for (const rule of amountRuleFailures(body.xml))
    errors.push(
      error(rule, rule.startsWith('BR-KSA') ? 'KSA' : 'EN', `[${rule}]-The document's amounts break this rule.`),
    );
  const issued = Date.parse(
    `${textOf(childrenNamed(root, 'IssueDate')[0])}T${textOf(childrenNamed(root, 'IssueTime')[0])}Z`,
  );
  if (Number.isFinite(issued) && now - issued > DAY_MS)
    warnings.push({
      type: 'WARNING',
      code: 'BR-KSA-98',
      category: 'KSA',
      message: '[BR-KSA-98]-The simplified invoice should be submitted within 24 hours of its issue.',
      status: 'WARNING',
    });
  const status = errors.length > 0 ? 'ERROR' : warnings.length > 0 ? 'WARNING' : 'PASS';
  return {
    results: { infoMessages: [XSD_VALID], warningMessages: warnings, errorMessages: errors, status },
    hash: computed,
    icv: verified.icv,
  };
}

/** ZATCA names a QR whose hash is not the document's apart from any other QR fault. */
function qrError(root: ReturnType<typeof parseXml>['root'], computed: string): ZatcaMessage {
  const qrRef = childrenNamed(root, 'AdditionalDocumentReference').find(
    (r) => textOf(childrenNamed(r, 'ID')[0]) === 'QR',
  );
  const attachment = childrenNamed(qrRef, 'Attachment')[0];
  const tags = qrTags(textOf(childrenNamed(attachment, 'EmbeddedDocumentBinaryObject')[0]));
  const qrHash = tags?.get(6);
  if (qrHash && new TextDecoder().decode(qrHash) !== computed)
    return error(
      'invoiceHash_QRCODE_INVALID',
      'QRCODE_VALIDATION',
      'Invoice xml hash does not match with qr code invoice xml hash',
    );
  return error('QRCODE_INVALID', 'QRCODE_VALIDATION', 'Failed to validate QR code');
}
