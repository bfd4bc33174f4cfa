// Onboarding and reporting against the local ZATCA stand-in through the ZATCA adapter, in workerd with
// the stand-in's D1 tables (issue 75): the shop's CSR becomes a compliance CSID, a document signed with
// it passes the compliance check, the production CSID follows; then a good document is reported (PASS),
// a document changed after signing is refused with ZATCA's codes, a document that breaks the chain is
// refused, and a retried report gets its first answer without a second record.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { buildDocument, type DocumentInput, FIRST_PIH, newKeyPair, signDocument } from '#api/src/e-invoices/index';
import { call } from './helpers';
import { type Credentials, zatcaFor } from '#api/src/e-invoices/zatca/index';
import { TEST_SELLER, testCsr } from './e-invoice-fixtures';

const keys = newKeyPair();
/** A CSR for a fresh unit (the CSR's common name): each test starts its own chain. */
const csrFor = (unit: string) => testCsr(unit, keys.privateKey);

const issuedAt = Date.now() - 60_000;
const sale = (icv: number, pih: string, over: Partial<DocumentInput> = {}): DocumentInput => ({
  kind: 'invoice',
  number: `SA-${icv}`,
  uuid: crypto.randomUUID(),
  issuedAt,
  icv,
  pih,
  currency: 'SAR',
  decimals: 2,
  vatBasisPoints: 1500,
  seller: TEST_SELLER,
  lines: [
    { name: 'Vitamin D3 1000 IU', count: 2, gross: 5_980 },
    { name: 'Delivery', count: 1, gross: 2_500 },
  ],
  allowances: [{ reason: 'Coupon SAVE10', gross: 598 }],
  total: 7_882,
  paymentMeans: '48',
  ...over,
});

function signed(input: DocumentInput, certificate: string) {
  const doc = signDocument(buildDocument(input).xml, { privateKey: keys.privateKey, certificate }, issuedAt);
  return { invoiceHash: doc.invoiceHash, uuid: input.uuid, xml: doc.xml };
}

const client = zatcaFor('local', env.DB);

async function onboard(
  unit = `Gulf Supplements Online ${crypto.randomUUID().slice(0, 8)}`,
): Promise<Credentials & { certificate: string }> {
  const compliance = await client.complianceCsid(csrFor(unit), '123345');
  if (compliance.kind !== 'issued') throw new Error(`compliance CSID: ${JSON.stringify(compliance)}`);
  // The production CSID is refused until a compliance check has passed with the compliance CSID.
  expect(await client.productionCsid(compliance.csid, compliance.csid.requestId)).toMatchObject({
    kind: 'refused',
    errors: [{ code: 'Missing-ComplianceSteps' }],
  });
  const sample = signed(sale(1, FIRST_PIH), compliance.csid.certificate);
  expect(await client.complianceCheck(compliance.csid, sample)).toMatchObject({ kind: 'reported' });
  const production = await client.productionCsid(compliance.csid, compliance.csid.requestId);
  if (production.kind !== 'issued') throw new Error(`production CSID: ${JSON.stringify(production)}`);
  return production.csid;
}

describe('the local ZATCA stand-in, through the adapter', () => {
  it("onboards, reports a good chain, and refuses a tampered document and a broken chain with ZATCA's codes", async () => {
    const unit = `Gulf Supplements Online ${crypto.randomUUID().slice(0, 8)}`;
    const csid = await onboard(unit);
    const first = signed(sale(1, FIRST_PIH), csid.certificate);
    expect(await client.report(csid, first)).toMatchObject({ kind: 'reported' });
    // Sent again (a lost answer): the same answer, one record.
    expect(await client.report(csid, first)).toMatchObject({ kind: 'reported' });

    // Changed after signing: the total the shopper saw is not the total signed.
    const second = signed(sale(2, first.invoiceHash), csid.certificate);
    const tampered = {
      ...second,
      xml: second.xml.replace(
        '<cbc:PayableAmount currencyID="SAR">78.82<',
        '<cbc:PayableAmount currencyID="SAR">70.82<',
      ),
    };
    expect(tampered.xml).not.toBe(second.xml);
    const refused = await client.report(csid, tampered);
    expect(refused.kind).toBe('refused');
    if (refused.kind !== 'refused') return;
    expect(refused.status).toBe(400);
    expect(refused.errors.map((e) => e.code)).toContain('invalid-invoice-hash');

    // The QR's hash not the document's: ZATCA's invoiceHash_QRCODE_INVALID.
    const otherHash = signed(sale(2, first.invoiceHash), csid.certificate);
    const swappedQr = {
      ...second,
      xml: second.xml.replace(
        /(<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>)[^<]+/,
        `$1${qrOf(otherHash.xml)}`,
      ),
    };
    const qrRefused = await client.report(csid, swappedQr);
    expect(qrRefused).toMatchObject({
      kind: 'refused',
      errors: [{ code: 'invoiceHash_QRCODE_INVALID', category: 'QRCODE_VALIDATION', type: 'ERROR' }],
    });

    // A broken chain: the right counter with a previous hash that is not the last document's.
    const fork = signed(sale(2, FIRST_PIH), csid.certificate);
    const forkRefused = await client.report(csid, fork);
    expect(forkRefused.kind === 'refused' && forkRefused.errors.map((e) => e.code)).toEqual(['BR-KSA-26']);
    // A gap: counter 3 after 1.
    const gap = signed(sale(3, first.invoiceHash), csid.certificate);
    const gapRefused = await client.report(csid, gap);
    expect(gapRefused.kind === 'refused' && gapRefused.errors.map((e) => e.code)).toEqual(['BR-KSA-33']);

    // The chain continues with the right one; what the stand-in kept is what a later page lists.
    expect(await client.report(csid, second)).toMatchObject({ kind: 'reported' });
    const { results } = await env.DB.prepare(
      "SELECT icv, status FROM zatca_stand_in_documents WHERE unit = ? AND kind = 'reporting' ORDER BY id",
    )
      .bind(unit)
      .all<{ icv: number; status: string }>();
    expect(results).toEqual([
      { icv: 1, status: 'PASS' },
      { icv: 2, status: 'ERROR' },
      { icv: 2, status: 'ERROR' },
      { icv: 2, status: 'ERROR' },
      { icv: 3, status: 'ERROR' },
      { icv: 2, status: 'PASS' },
    ]);
  });

  it("renews the production CSID and the unit's chain goes on; a document past 24 hours is reported with ZATCA's warning", async () => {
    const unit = `Gulf Supplements Online ${crypto.randomUUID().slice(0, 8)}`;
    const csid = await onboard(unit);
    const first = signed(sale(1, FIRST_PIH), csid.certificate);
    expect(await client.report(csid, first)).toMatchObject({ kind: 'reported' });
    const renewed = await client.renewProductionCsid(csid, csrFor(unit), '654321');
    if (renewed.kind !== 'issued') throw new Error(`renewal: ${JSON.stringify(renewed)}`);
    expect(renewed.csid.certificate).not.toBe(csid.certificate);
    // The renewed CSID continues the unit's chain: counter 2 after 1, with the hash of 1.
    const late = sale(2, first.invoiceHash, { issuedAt: Date.now() - 25 * 3_600_000 });
    const doc = signDocument(
      buildDocument(late).xml,
      { privateKey: keys.privateKey, certificate: renewed.csid.certificate },
      late.issuedAt,
    );
    const answer = await client.report(renewed.csid, { invoiceHash: doc.invoiceHash, uuid: late.uuid, xml: doc.xml });
    expect(answer).toMatchObject({
      kind: 'reported-with-warnings',
      warnings: [{ code: 'BR-KSA-98', type: 'WARNING' }],
    });
    // Renewal needs the portal's one-time code.
    expect(await client.renewProductionCsid(renewed.csid, csrFor(unit), '')).toMatchObject({
      kind: 'refused',
      errors: [{ code: 'Invalid-OTP' }],
    });
  });

  it("lists what it received for /dev/e-invoices, with ZATCA's messages, and gives each as its XML file", async () => {
    const csid = await onboard();
    const good = signed(sale(1, FIRST_PIH), csid.certificate);
    await client.report(csid, good);
    const bad = signed(sale(2, FIRST_PIH), csid.certificate);
    await client.report(csid, bad);
    const listed = (await (await call('/dev/e-invoices', { method: 'GET' })).json()) as {
      data: {
        items: Array<{ id: number; uuid: string; status: string; kind: string; messages: Array<{ code: string }> }>;
      };
    };
    const mine = listed.data.items.filter((d) => d.uuid === good.uuid || d.uuid === bad.uuid);
    expect(mine.map((d) => [d.uuid, d.kind, d.status, d.messages.map((m) => m.code)])).toEqual([
      [bad.uuid, 'reporting', 'ERROR', ['BR-KSA-26']],
      [good.uuid, 'reporting', 'PASS', []],
    ]);
    const xml = await call(`/dev/e-invoices/${mine[1]!.id}/xml`, { method: 'GET' });
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(xml.headers.get('content-disposition')).toBe(`attachment; filename="e-invoice-${good.uuid}.xml"`);
    expect(await xml.text()).toBe(good.xml);
    expect((await call('/dev/e-invoices/999999999/xml', { method: 'GET' })).status).toBe(404);
  });

  it("refuses a document signed with a key other than the certificate's, and unknown credentials with 401 as a retry", async () => {
    const csid = await onboard();
    const stranger = newKeyPair();
    const input = sale(1, FIRST_PIH);
    const doc = signDocument(
      buildDocument(input).xml,
      { privateKey: stranger.privateKey, certificate: csid.certificate },
      issuedAt,
    );
    const refused = await client.report(csid, { invoiceHash: doc.invoiceHash, uuid: input.uuid, xml: doc.xml });
    expect(refused.kind === 'refused' && refused.errors.map((e) => e.code)).toContain('invalid-signature');
    expect(
      await client.report({ ...csid, secret: 'wrong' }, signed(sale(1, FIRST_PIH), csid.certificate)),
    ).toMatchObject({
      kind: 'retry',
    });
  });
});

function qrOf(xml: string): string {
  const m = /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)/.exec(xml);
  if (!m?.[1]) throw new Error('no QR');
  return m[1];
}
