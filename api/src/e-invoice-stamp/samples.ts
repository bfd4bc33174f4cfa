// The sample documents of ZATCA's compliance checks (issue 75): one of every type the stamp's CSR
// declares. The CSR says simplified only ("0100"), and ZATCA then asks for a simplified invoice (388), a
// simplified credit note (381) and a simplified debit note (383) before it issues the production CSID
// (its answer otherwise: Missing-ComplianceSteps, "simplified-debit-note-compliant"), although the shop
// issues no debit notes. Each is built and signed by the core with the compliance CSID's certificate, as
// the chain signs real ones, chained ICV 1, 2, 3 from the first PIH; the notes refer to the invoice.
import { buildDocument, type DocumentInput, FIRST_PIH, type SellerParty, signDocument } from '../e-invoices';
import type { Submission } from '../e-invoices/zatca/client';
import { SAMPLE_KINDS } from '#shared/api/e-invoicing-schemas';
import { COUNTRY_FACTS } from '#shared/countries';
import { ZATCA_COUNTRY } from './step-kit';

export type SampleKind = (typeof SAMPLE_KINDS)[number];

export function sampleDocuments(
  seller: SellerParty,
  stamp: { privateKey: Uint8Array; certificate: string },
  now: number,
): Array<{ kind: SampleKind } & Submission> {
  let pih = FIRST_PIH;
  return SAMPLE_KINDS.map((kind, i) => {
    const input: DocumentInput = {
      kind,
      number: `COMPLIANCE-${i + 1}`,
      uuid: crypto.randomUUID(),
      issuedAt: now,
      icv: i + 1,
      pih,
      currency: COUNTRY_FACTS[ZATCA_COUNTRY].currency,
      decimals: COUNTRY_FACTS[ZATCA_COUNTRY].decimals,
      vatBasisPoints: 1500,
      seller,
      lines: [{ name: 'Compliance sample', count: 1, gross: 11_500 }],
      allowances: [],
      total: 11_500,
      paymentMeans: '10',
      ...(kind === 'invoice' ? {} : { billingReference: { number: 'COMPLIANCE-1', reason: 'Compliance sample' } }),
    };
    const signed = signDocument(buildDocument(input).xml, stamp, now);
    pih = signed.invoiceHash;
    return { kind, invoiceHash: signed.invoiceHash, uuid: input.uuid, xml: signed.xml };
  });
}
