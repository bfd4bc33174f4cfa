// The local ZATCA stand-in (issue 75, decision 75): the Fatoora API's onboarding and reporting paths
// answered inside the shop, as a fetch the adapter calls when ZATCA_ENVIRONMENT is 'local' (like the
// local carrier and the payment sandbox). It issues CSIDs from its test CA (test-ca.ts), runs the
// compliance checks and checks reported documents (checks.ts) against what each unit sent before, and
// keeps everything in D1 (migration 0083) for the local list of documents. Never used in production.
import { base64ToBytes, randomHex, timingSafeEqualText } from '../../../../shared/bytes';
import type { ChainSoFar, ValidationResults } from './checks';
import { checkDocument } from './checks';
import { issueCertificate, readRequest } from './test-ca';

/** How long its certificates live: ZATCA's sandbox CSIDs are short-lived, production ones years. */
const COMPLIANCE_DAYS = 30;
const PRODUCTION_DAYS = 365 * 2;

interface CsidRow {
  token: string;
  secret: string;
  kind: 'compliance' | 'production';
  request_id: string;
  unit: string;
  csr: string;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string, message: string) =>
  answer(status, { errors: [{ code, message }], code, message });

/** ZATCA answers in the language asked (Accept-Language): the onboarding refusals the owner reads, in Arabic. */
const ARABIC: Record<string, string> = {
  'Invalid-OTP': 'رمز التحقق غير صالح',
  'Invalid-CSR': 'طلب توقيع الشهادة المقدَّم غير صالح أو لا يمكن التحقق من توقيعه',
  'Missing-ComplianceSteps': 'لم تُجتز فحوص الامتثال بشهادة الامتثال هذه بعد',
};
const inLanguage = (request: Request, code: string, english: string) =>
  request.headers.get('accept-language')?.startsWith('ar') && ARABIC[code] ? ARABIC[code] : english;

function text(body: Record<string, unknown> | null, key: string): string {
  const v = body?.[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

export function standInFetch(db: D1Database, now: () => number = Date.now): typeof fetch {
  /** The CSID of the Basic credentials, of the kind the path needs; null answers 401 as ZATCA does. */
  async function authorised(request: Request, kind: CsidRow['kind']): Promise<CsidRow | null> {
    const header = request.headers.get('authorization') ?? '';
    const decoded = header.startsWith('Basic ') ? base64ToBytes(header.slice(6)) : null;
    if (!decoded) return null;
    const [token = '', secret = ''] = new TextDecoder().decode(decoded).split(':');
    const row = await db
      .prepare('SELECT token, secret, kind, request_id, unit, csr FROM zatca_stand_in_csids WHERE token = ?')
      .bind(token)
      .first<CsidRow>();
    return row && row.kind === kind && timingSafeEqualText(row.secret, secret) ? row : null;
  }

  async function issue(request: Request, kind: CsidRow['kind'], csr: string): Promise<Response> {
    const read = readRequest(csr);
    if (!read)
      return refusal(
        400,
        'Invalid-CSR',
        inLanguage(request, 'Invalid-CSR', 'The provided CSR is not valid or its signature does not verify'),
      );
    const serial = crypto.getRandomValues(new Uint8Array(12));
    const certificate = issueCertificate(
      read,
      serial,
      now(),
      kind === 'compliance' ? COMPLIANCE_DAYS : PRODUCTION_DAYS,
    );
    const token = btoa(certificate);
    const secret = randomHex(24);
    const requestId = String(now() * 1000 + Math.floor(Math.random() * 1000));
    await db
      .prepare(
        'INSERT INTO zatca_stand_in_csids (token, secret, kind, request_id, unit, csr, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(token, secret, kind, requestId, read.unit, csr, now())
      .run();
    return answer(200, {
      requestID: Number(requestId),
      tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
      dispositionMessage: 'ISSUED',
      binarySecurityToken: token,
      secret,
      errors: null,
    });
  }

  async function receive(kind: 'compliance' | 'reporting', csid: CsidRow, body: Record<string, unknown> | null) {
    const xmlBytes = base64ToBytes(text(body, 'invoice'));
    const submission = {
      invoiceHash: text(body, 'invoiceHash'),
      uuid: text(body, 'uuid'),
      xml: xmlBytes ? new TextDecoder().decode(xmlBytes) : '',
    };
    if (!submission.uuid || !submission.invoiceHash || !xmlBytes)
      return refusal(400, 'Invalid-Request', 'invoiceHash, uuid and invoice (base64) are required');
    let chain: ChainSoFar | null | 'not-checked' = 'not-checked';
    if (kind === 'reporting') {
      // A document sent again (a retry after a lost answer) gets its first answer, stored once.
      const again = await db
        .prepare(
          "SELECT status, answer FROM zatca_stand_in_documents WHERE unit = ? AND kind = 'reporting' AND uuid = ? AND invoice_hash = ? AND status != 'ERROR'",
        )
        .bind(csid.unit, submission.uuid, submission.invoiceHash)
        .first<{ status: string; answer: string }>();
      if (again) return reportAnswer(JSON.parse(again.answer) as ValidationResults);
      chain = await db
        .prepare(
          "SELECT icv, invoice_hash AS hash FROM zatca_stand_in_documents WHERE unit = ? AND kind = 'reporting' AND status != 'ERROR' ORDER BY id DESC LIMIT 1",
        )
        .bind(csid.unit)
        .first<ChainSoFar>();
    }
    const checked = checkDocument(submission, chain, now());
    await db
      .prepare(
        'INSERT INTO zatca_stand_in_documents (kind, unit, token, uuid, invoice_hash, icv, status, answer, xml, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(
        kind,
        csid.unit,
        csid.token,
        submission.uuid,
        checked.hash,
        checked.icv,
        checked.results.status,
        JSON.stringify(checked.results),
        submission.xml,
        now(),
      )
      .run();
    return reportAnswer(checked.results);
  }

  return (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^.*\/e-invoicing\/[^/]+/, '');
    const body = await request
      .json()
      .then((b) => (b !== null && typeof b === 'object' ? (b as Record<string, unknown>) : null))
      .catch(() => null);
    if (request.headers.get('accept-version') !== 'V2')
      return refusal(400, 'Invalid-Request', 'Accept-Version V2 is required');
    const route = `${request.method} ${path}`;
    if (route === 'POST /compliance') {
      if (!/^\d{6}$/.test(request.headers.get('otp') ?? ''))
        return refusal(400, 'Invalid-OTP', inLanguage(request, 'Invalid-OTP', 'The OTP is not valid'));
      return issue(request, 'compliance', text(body, 'csr'));
    }
    if (route === 'POST /compliance/invoices') {
      const csid = await authorised(request, 'compliance');
      return csid ? receive('compliance', csid, body) : new Response(null, { status: 401 });
    }
    if (route === 'POST /production/csids') {
      const csid = await authorised(request, 'compliance');
      if (!csid) return new Response(null, { status: 401 });
      if (text(body, 'compliance_request_id') !== csid.request_id)
        return refusal(400, 'Invalid-Request', 'compliance_request_id is not the request of this compliance CSID');
      const passed = await db
        .prepare(
          "SELECT 1 AS ok FROM zatca_stand_in_documents WHERE token = ? AND kind = 'compliance' AND status != 'ERROR' LIMIT 1",
        )
        .bind(csid.token)
        .first();
      if (!passed)
        return refusal(
          400,
          'Missing-ComplianceSteps',
          inLanguage(
            request,
            'Missing-ComplianceSteps',
            'The compliance checks have not been passed with this compliance CSID',
          ),
        );
      return issue(request, 'production', csid.csr);
    }
    if (route === 'PATCH /production/csids') {
      const csid = await authorised(request, 'production');
      if (!csid) return new Response(null, { status: 401 });
      if (!/^\d{6}$/.test(request.headers.get('otp') ?? ''))
        return refusal(400, 'Invalid-OTP', inLanguage(request, 'Invalid-OTP', 'The OTP is not valid'));
      return issue(request, 'production', text(body, 'csr'));
    }
    if (route === 'POST /invoices/reporting/single') {
      const csid = await authorised(request, 'production');
      if (!csid) return new Response(null, { status: 401 });
      if (request.headers.get('clearance-status') !== '0')
        return refusal(400, 'Invalid-Request', 'Simplified documents are reported with Clearance-Status 0');
      return receive('reporting', csid, body);
    }
    return new Response(null, { status: 404 });
  }) as typeof fetch;
}

/** 200 PASS, 202 WARNING, 400 ERROR, with reportingStatus, as ZATCA's reporting answers. */
function reportAnswer(results: ValidationResults): Response {
  const status = results.status === 'ERROR' ? 400 : results.status === 'WARNING' ? 202 : 200;
  return answer(status, {
    validationResults: results,
    reportingStatus: results.status === 'ERROR' ? 'NOT_REPORTED' : 'REPORTED',
    clearanceStatus: null,
    qrSellertStatus: null,
    qrBuyertStatus: null,
  });
}
