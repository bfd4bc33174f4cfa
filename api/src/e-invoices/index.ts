// The Saudi e-invoice core (issue 75, decision 75): build a simplified tax invoice or credit note in
// ZATCA's UBL profile, hash it, sign it with the stamp, its phase-2 QR, verify a document and a chain,
// and the stamp's key pair and CSR. Pure: no bindings, no storage. The chain's owner (ICV, PIH), when a
// sale becomes an invoice, reporting and onboarding are issue 75's next parts and import from here.
export { type Split, splitTotal } from './amounts';
export { publicKeyPoint, readCertificate, type StampCertificate } from './certificate';
export { ZATCA_COUNTRY } from './country';
export { type CsrFields, certificateRequest, type KeyPair, newKeyPair, TEMPLATE_NAMES } from './csr';
export { type BuiltDocument, buildDocument, type DocumentInput, FIRST_PIH, type SellerParty } from './document';
export { type SaleFigures, type SaleTexts, saleFigures } from './from-totals';
export { invoiceHash } from './hash';
export { type QrFields, qrTags } from './qr';
export { amountRuleFailures } from './rules';
export { type SignedDocument, type Stamp, signDocument } from './sign';
export { type Problem, type Verified, verifyChain, verifyDocument } from './verify';
