// The ZATCA adapter's requests and its reading of ZATCA's answers (issue 75), with answers shaped as
// the Fatoora developer portal documents them: each request's path, headers and body; reported,
// reported with warnings and refused with ZATCA's messages; and every transient fault (5xx, 429, a
// timeout, the network, a proxy's HTML, a 2xx without ZATCA's shape, a rejected CSID) a retry, never a
// refusal.
import { describe, expect, it } from 'vitest';
import { zatcaClient } from './client';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function recording(answers: Array<Response | (() => Promise<Response>)>) {
  const sent: Sent[] = [];
  const fetcher = (async (input: string | URL | Request, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: JSON.parse(String(init.body)) as Record<string, unknown>,
    });
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return typeof next === 'function' ? next() : next;
  }) as typeof fetch;
  return { fetcher, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const XSD_VALID = {
  type: 'INFO',
  code: 'XSD_ZATCA_VALID',
  category: 'XSD validation',
  message: 'Complied with UBL 2.1 standards in line with ZATCA specifications',
  status: 'PASS',
};
const BR_KSA_98 = {
  type: 'WARNING',
  code: 'BR-KSA-98',
  category: 'KSA',
  message: '[BR-KSA-98]-The simplified invoice should be submitted within 24 hours of its issue.',
  status: 'WARNING',
};
const HASH_ERROR = {
  type: 'ERROR',
  code: 'invalid-invoice-hash',
  category: 'INVOICE_HASHING_ERRORS',
  message: 'The invoice hash API body does not match the (calculated) Hash of the XML',
  status: 'ERROR',
};
const QR_ERROR = {
  type: 'ERROR',
  code: 'invoiceHash_QRCODE_INVALID',
  category: 'QRCODE_VALIDATION',
  message: 'Invoice xml hash does not match with qr code invoice xml hash',
  status: 'ERROR',
};
const reporting = (status: 'PASS' | 'WARNING' | 'ERROR', warnings: unknown[] = [], errors: unknown[] = []) => ({
  validationResults: { infoMessages: [XSD_VALID], warningMessages: warnings, errorMessages: errors, status },
  reportingStatus: status === 'ERROR' ? 'NOT_REPORTED' : 'REPORTED',
  clearanceStatus: null,
  qrSellertStatus: null,
  qrBuyertStatus: null,
});

const production = { binarySecurityToken: 'VE9LRU4=', secret: 's3cret' };
const document = { invoiceHash: 'aGFzaA==', uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be', xml: '<Invoice>ف</Invoice>' };

describe('the ZATCA adapter', () => {
  it("reports a simplified document to the environment's address as the portal documents it", async () => {
    const { fetcher, sent } = recording([json(200, reporting('PASS'))]);
    const client = zatcaClient({ environment: 'simulation', fetcher, language: 'ar' });
    expect(await client.report(production, document)).toEqual({ kind: 'reported', warnings: [], info: [XSD_VALID] });
    const [request] = sent;
    expect(request?.url).toBe('https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation/invoices/reporting/single');
    expect(request?.method).toBe('POST');
    expect(request?.headers).toMatchObject({
      authorization: `Basic ${btoa('VE9LRU4=:s3cret')}`,
      'accept-version': 'V2',
      'accept-language': 'ar',
      'clearance-status': '0',
    });
    // The invoice is the XML's UTF-8 bytes in base64 (an Arabic letter survives).
    expect(request?.body).toEqual({
      invoiceHash: document.invoiceHash,
      uuid: document.uuid,
      invoice: Buffer.from(document.xml, 'utf8').toString('base64'),
    });
  });

  it("reads 202 as reported with ZATCA's warnings, and 400 as refused with its errors and warnings", async () => {
    const { fetcher } = recording([
      json(202, reporting('WARNING', [BR_KSA_98])),
      json(400, reporting('ERROR', [BR_KSA_98], [HASH_ERROR, QR_ERROR])),
    ]);
    const client = zatcaClient({ environment: 'production', fetcher });
    expect(await client.report(production, document)).toEqual({
      kind: 'reported-with-warnings',
      warnings: [BR_KSA_98],
      info: [XSD_VALID],
    });
    expect(await client.report(production, document)).toEqual({
      kind: 'refused',
      status: 400,
      errors: [HASH_ERROR, QR_ERROR],
      warnings: [BR_KSA_98],
    });
  });

  it('never reads a transient fault as a refusal: 5xx, 429, 401/403, HTML, a 2xx without results, the network, a timeout', async () => {
    const hang = () =>
      new Promise<Response>((_resolve, reject) => {
        setTimeout(() => reject(new DOMException('The operation timed out.', 'TimeoutError')), 5);
      });
    const { fetcher } = recording([
      json(500, { message: 'Internal Server Error' }),
      json(503, reporting('ERROR', [], [HASH_ERROR])),
      new Response('', { status: 429 }),
      new Response(null, { status: 401 }),
      json(403, { message: 'Forbidden' }),
      new Response('<html>Bad gateway</html>', { status: 400 }),
      new Response('<html>ok</html>', { status: 200 }),
      json(200, { ok: true }),
      () => Promise.reject(new TypeError('fetch failed')),
      hang,
    ]);
    const client = zatcaClient({ environment: 'sandbox', fetcher });
    const kinds = [];
    for (let i = 0; i < 10; i++) kinds.push((await client.report(production, document)).kind);
    expect(kinds).toEqual(Array(10).fill('retry'));
  });

  it('onboards: compliance CSID with the OTP, a compliance check, the production CSID, and its renewal', async () => {
    const certificate = 'TUlJQ2VydGlmaWNhdGU=';
    const issued = (requestID: number) =>
      json(200, {
        requestID,
        dispositionMessage: 'ISSUED',
        binarySecurityToken: btoa(certificate),
        secret: 'Dehvg1fc4ZhXkAMd7Qw/SJ8hxpw7sD4y0X5HtZzSB5U=',
        errors: null,
      });
    const { fetcher, sent } = recording([
      issued(1234567890123),
      json(200, reporting('PASS')),
      issued(30568),
      issued(30569),
    ]);
    const client = zatcaClient({ environment: 'sandbox', fetcher });
    const csr = '-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----\n';
    const compliance = await client.complianceCsid(csr, '123345');
    expect(compliance).toEqual({
      kind: 'issued',
      csid: {
        binarySecurityToken: btoa(certificate),
        secret: 'Dehvg1fc4ZhXkAMd7Qw/SJ8hxpw7sD4y0X5HtZzSB5U=',
        requestId: '1234567890123',
        certificate,
      },
    });
    if (compliance.kind !== 'issued') throw new Error('not issued');
    expect((await client.complianceCheck(compliance.csid, document)).kind).toBe('reported');
    expect((await client.productionCsid(compliance.csid, compliance.csid.requestId)).kind).toBe('issued');
    expect((await client.renewProductionCsid(production, csr, '654321')).kind).toBe('issued');
    const base = 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal';
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `POST ${base}/compliance`,
      `POST ${base}/compliance/invoices`,
      `POST ${base}/production/csids`,
      `PATCH ${base}/production/csids`,
    ]);
    expect(sent[0]?.headers.otp).toBe('123345');
    expect(sent[0]?.headers.authorization).toBeUndefined();
    expect(sent[0]?.body).toEqual({ csr: btoa(csr) });
    expect(sent[2]?.body).toEqual({ compliance_request_id: '1234567890123' });
    expect(sent[3]?.headers).toMatchObject({ otp: '654321', authorization: `Basic ${btoa('VE9LRU4=:s3cret')}` });
  });

  it("reads a refused onboarding step with ZATCA's code, and a fault on the way as a retry", async () => {
    const { fetcher } = recording([
      json(400, { errors: [{ code: 'Invalid-OTP', message: 'The provided OTP is invalid' }] }),
      json(400, { code: 'Invalid-CSR', message: 'The provided CSR is invalid' }),
      json(502, { message: 'Bad Gateway' }),
    ]);
    const client = zatcaClient({ environment: 'production', fetcher });
    const refused = await client.complianceCsid('csr', '000000');
    expect(refused).toMatchObject({ kind: 'refused', status: 400, errors: [{ code: 'Invalid-OTP' }] });
    expect(await client.complianceCsid('csr', '123456')).toMatchObject({
      kind: 'refused',
      errors: [{ code: 'Invalid-CSR', message: 'The provided CSR is invalid' }],
    });
    expect((await client.complianceCsid('csr', '123456')).kind).toBe('retry');
  });
});
