// The UBL 2.1 XML of a simplified tax invoice (388) or credit note (381) in ZATCA's profile (issue 75),
// or a debit note (383: the shop issues none, but ZATCA's compliance checks ask a sample of one),
// from a sale's or refund's VAT-inclusive figures in minor units. Written as text in one fixed layout:
// the hash is over the canonical form of exactly this text, so the same input always gives the same
// document. The signer (sign.ts) replaces the two marker comments with the signature extension and
// the QR reference plus cac:Signature, and hashes the document as filled in (hash.ts takes those
// elements out again, the whitespace around them stays, as ZATCA's transforms leave it).
import { minorToDecimal } from '../../../shared/money';
import { type NetAmounts, netAmounts } from './amounts';
import { ZATCA_COUNTRY } from './country';

export const EXTENSIONS_MARK = '<!--zatca:extensions-->';
export const QR_MARK = '<!--zatca:qr-and-signature-->';

/** The first document's previous invoice hash (KSA-13): base64 of SHA-256("0") as hex text. */
export const FIRST_PIH = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

export interface SellerParty {
  /** The name as registered (Arabic). */
  name: string;
  vatNumber: string;
  /** Commercial registration number (the seller's other ID, BT-29 scheme CRN). */
  crNumber: string;
  address: { street: string; building: string; district: string; city: string; postalCode: string };
}

export interface DocumentInput {
  kind: 'invoice' | 'credit-note' | 'debit-note';
  /** The shop's number of the document (BT-1). */
  number: string;
  uuid: string;
  /** Epoch milliseconds: the issue date and time (UTC). */
  issuedAt: number;
  /** Invoice counter value (KSA-16) and previous invoice hash (KSA-13): the chain's. */
  icv: number;
  pih: string;
  currency: string;
  decimals: number;
  vatBasisPoints: number;
  seller: SellerParty;
  /** VAT-inclusive line amounts; a delivery fee is a line of its own. */
  lines: readonly { name: string; count: number; gross: number }[];
  /** VAT-inclusive document allowances: coupon, promotion, referral, points. */
  allowances: readonly { reason: string; gross: number }[];
  /** VAT-inclusive total charged (or refunded): lines minus allowances. */
  total: number;
  /** UNTDID 4461 payment means (10 cash, 30 credit transfer, 48 card…). */
  paymentMeans: string;
  /** A credit or debit note's invoice (BT-25) and reason (KSA-10). */
  billingReference?: { number: string; reason: string };
}

export interface BuiltDocument {
  xml: string;
  amounts: NetAmounts;
  /** The figures the QR and the printed invoice show, as ZATCA's decimal text. */
  totalWithVat: string;
  vatTotal: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (s: string) => s.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/** The VAT rate as ZATCA writes it: 15, or 15.5 (basis points without trailing zeros). */
const percent = (bp: number) => String(bp / 100);

/** n / d as exact decimal text when it ends within 6 places, else null. */
function exactQuotient(n: number, d: number, decimals: number): string | null {
  for (let places = decimals; places <= 6; places++) {
    const scaled = n * 10 ** (places - decimals);
    if (scaled % d === 0) return minorToDecimal(scaled / d, places);
  }
  return null;
}

/** UNTDID 1001 document type codes (BT-3). */
const TYPE_CODES: Record<DocumentInput['kind'], number> = { invoice: 388, 'credit-note': 381, 'debit-note': 383 };

export function buildDocument(input: DocumentInput): BuiltDocument {
  const { currency: cur, decimals, vatBasisPoints: bp } = input;
  if (input.kind !== 'invoice' && !input.billingReference) throw new Error('a credit or debit note names its invoice');
  if (input.lines.some((l) => !Number.isInteger(l.count) || l.count < 1)) throw new RangeError('bad line count');
  const amounts = netAmounts(
    input.lines.map((l) => ({ gross: l.gross })),
    input.allowances.map((a) => ({ gross: a.gross })),
    input.total,
    bp,
  );
  const { split } = amounts;
  const m = (minor: number) => `currencyID="${cur}">${minorToDecimal(minor, decimals)}`;
  const iso = new Date(input.issuedAt).toISOString();
  const category = (tag: string, indent: string) =>
    [
      `${indent}<cac:${tag}>`,
      `${indent}    <cbc:ID>S</cbc:ID>`,
      `${indent}    <cbc:Percent>${percent(bp)}</cbc:Percent>`,
      `${indent}    <cac:TaxScheme>`,
      `${indent}        <cbc:ID>VAT</cbc:ID>`,
      `${indent}    </cac:TaxScheme>`,
      `${indent}</cac:${tag}>`,
    ].join('\n');
  const a = (s: string) => escapeXml(s);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2">',
    `    ${EXTENSIONS_MARK}`,
    '    <cbc:ProfileID>reporting:1.0</cbc:ProfileID>',
    `    <cbc:ID>${a(input.number)}</cbc:ID>`,
    `    <cbc:UUID>${a(input.uuid)}</cbc:UUID>`,
    `    <cbc:IssueDate>${iso.slice(0, 10)}</cbc:IssueDate>`,
    `    <cbc:IssueTime>${iso.slice(11, 19)}</cbc:IssueTime>`,
    // 0200000: simplified (02), no third party, nominal, export, summary or self-billing flag (BR-KSA-06).
    `    <cbc:InvoiceTypeCode name="0200000">${TYPE_CODES[input.kind]}</cbc:InvoiceTypeCode>`,
    `    <cbc:DocumentCurrencyCode>${cur}</cbc:DocumentCurrencyCode>`,
    // The tax currency is always SAR (BR-KSA-68); the shop issues Saudi documents in SAR only.
    `    <cbc:TaxCurrencyCode>${cur}</cbc:TaxCurrencyCode>`,
  ];
  if (input.billingReference) {
    out.push(
      '    <cac:BillingReference>',
      '        <cac:InvoiceDocumentReference>',
      `            <cbc:ID>${a(input.billingReference.number)}</cbc:ID>`,
      '        </cac:InvoiceDocumentReference>',
      '    </cac:BillingReference>',
    );
  }
  out.push(
    '    <cac:AdditionalDocumentReference>',
    '        <cbc:ID>ICV</cbc:ID>',
    `        <cbc:UUID>${input.icv}</cbc:UUID>`,
    '    </cac:AdditionalDocumentReference>',
    '    <cac:AdditionalDocumentReference>',
    '        <cbc:ID>PIH</cbc:ID>',
    '        <cac:Attachment>',
    `            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${a(input.pih)}</cbc:EmbeddedDocumentBinaryObject>`,
    '        </cac:Attachment>',
    '    </cac:AdditionalDocumentReference>',
    `    ${QR_MARK}`,
    '    <cac:AccountingSupplierParty>',
    '        <cac:Party>',
    '            <cac:PartyIdentification>',
    `                <cbc:ID schemeID="CRN">${a(input.seller.crNumber)}</cbc:ID>`,
    '            </cac:PartyIdentification>',
    '            <cac:PostalAddress>',
    `                <cbc:StreetName>${a(input.seller.address.street)}</cbc:StreetName>`,
    `                <cbc:BuildingNumber>${a(input.seller.address.building)}</cbc:BuildingNumber>`,
    `                <cbc:CitySubdivisionName>${a(input.seller.address.district)}</cbc:CitySubdivisionName>`,
    `                <cbc:CityName>${a(input.seller.address.city)}</cbc:CityName>`,
    `                <cbc:PostalZone>${a(input.seller.address.postalCode)}</cbc:PostalZone>`,
    '                <cac:Country>',
    `                    <cbc:IdentificationCode>${ZATCA_COUNTRY}</cbc:IdentificationCode>`,
    '                </cac:Country>',
    '            </cac:PostalAddress>',
    '            <cac:PartyTaxScheme>',
    `                <cbc:CompanyID>${a(input.seller.vatNumber)}</cbc:CompanyID>`,
    '                <cac:TaxScheme>',
    '                    <cbc:ID>VAT</cbc:ID>',
    '                </cac:TaxScheme>',
    '            </cac:PartyTaxScheme>',
    '            <cac:PartyLegalEntity>',
    `                <cbc:RegistrationName>${a(input.seller.name)}</cbc:RegistrationName>`,
    '            </cac:PartyLegalEntity>',
    '        </cac:Party>',
    '    </cac:AccountingSupplierParty>',
    // A simplified invoice's buyer may stay unnamed (BR-KSA-42 applies to standard invoices only).
    '    <cac:AccountingCustomerParty>',
    '        <cac:Party/>',
    '    </cac:AccountingCustomerParty>',
    '    <cac:PaymentMeans>',
    `        <cbc:PaymentMeansCode>${a(input.paymentMeans)}</cbc:PaymentMeansCode>`,
  );
  // A credit or debit note's reason is the payment means' instruction note (KSA-10, BR-KSA-17).
  if (input.billingReference)
    out.push(`        <cbc:InstructionNote>${a(input.billingReference.reason)}</cbc:InstructionNote>`);
  out.push('    </cac:PaymentMeans>');
  input.allowances.forEach((allowance, i) => {
    out.push(
      '    <cac:AllowanceCharge>',
      '        <cbc:ChargeIndicator>false</cbc:ChargeIndicator>',
      `        <cbc:AllowanceChargeReason>${a(allowance.reason)}</cbc:AllowanceChargeReason>`,
      `        <cbc:Amount ${m(amounts.allowanceNets[i] ?? 0)}</cbc:Amount>`,
      category('TaxCategory', '        '),
      '    </cac:AllowanceCharge>',
    );
  });
  const linesNet = amounts.lineNets.reduce((s, n) => s + n, 0);
  const allowed = amounts.allowanceNets.reduce((s, n) => s + n, 0);
  out.push(
    '    <cac:TaxTotal>',
    `        <cbc:TaxAmount ${m(split.vat)}</cbc:TaxAmount>`,
    '    </cac:TaxTotal>',
    '    <cac:TaxTotal>',
    `        <cbc:TaxAmount ${m(split.vat)}</cbc:TaxAmount>`,
    '        <cac:TaxSubtotal>',
    `            <cbc:TaxableAmount ${m(split.taxable)}</cbc:TaxableAmount>`,
    `            <cbc:TaxAmount ${m(split.vat)}</cbc:TaxAmount>`,
    category('TaxCategory', '            '),
    '        </cac:TaxSubtotal>',
    '    </cac:TaxTotal>',
    '    <cac:LegalMonetaryTotal>',
    `        <cbc:LineExtensionAmount ${m(linesNet)}</cbc:LineExtensionAmount>`,
    `        <cbc:TaxExclusiveAmount ${m(split.taxable)}</cbc:TaxExclusiveAmount>`,
    `        <cbc:TaxInclusiveAmount ${m(split.taxable + split.vat)}</cbc:TaxInclusiveAmount>`,
    `        <cbc:AllowanceTotalAmount ${m(allowed)}</cbc:AllowanceTotalAmount>`,
    ...(split.rounding ? [`        <cbc:PayableRoundingAmount ${m(split.rounding)}</cbc:PayableRoundingAmount>`] : []),
    `        <cbc:PayableAmount ${m(input.total)}</cbc:PayableAmount>`,
    '    </cac:LegalMonetaryTotal>',
  );
  input.lines.forEach((line, i) => {
    const net = amounts.lineNets[i] ?? 0;
    const lineVat = amounts.lineVats[i] ?? 0;
    // The unit price is the net per unit when that ends within six places; else the price is given for
    // the line's whole quantity (BT-149 base quantity), so quantity × price / base is the net exactly.
    const unit = exactQuotient(net, line.count, decimals);
    out.push(
      '    <cac:InvoiceLine>',
      `        <cbc:ID>${i + 1}</cbc:ID>`,
      `        <cbc:InvoicedQuantity unitCode="PCE">${line.count}</cbc:InvoicedQuantity>`,
      `        <cbc:LineExtensionAmount ${m(net)}</cbc:LineExtensionAmount>`,
      '        <cac:TaxTotal>',
      `            <cbc:TaxAmount ${m(lineVat)}</cbc:TaxAmount>`,
      `            <cbc:RoundingAmount ${m(net + lineVat)}</cbc:RoundingAmount>`,
      '        </cac:TaxTotal>',
      '        <cac:Item>',
      `            <cbc:Name>${a(line.name)}</cbc:Name>`,
      category('ClassifiedTaxCategory', '            '),
      '        </cac:Item>',
      '        <cac:Price>',
      unit === null
        ? `            <cbc:PriceAmount ${m(net)}</cbc:PriceAmount>\n            <cbc:BaseQuantity unitCode="PCE">${line.count}</cbc:BaseQuantity>`
        : `            <cbc:PriceAmount currencyID="${cur}">${unit}</cbc:PriceAmount>`,
      '        </cac:Price>',
      '    </cac:InvoiceLine>',
    );
  });
  out.push('</Invoice>', '');
  return {
    xml: out.join('\n'),
    amounts,
    totalWithVat: minorToDecimal(split.taxable + split.vat, decimals),
    vatTotal: minorToDecimal(split.vat, decimals),
  };
}
