// The ZATCA adapter (issue 75, decision 75): the Fatoora API's onboarding and reporting calls as the
// developer portal documents them, one result type per call (answers.ts). It speaks HTTP through the
// fetch it is given: the global one for ZATCA's three environments, the local stand-in's handler for
// `local` (../stand-in/), so the same code path runs in tests, for testers and live. Reporting of
// standard invoices (clearance) is not here: the shop issues simplified documents only.
import { bytesToBase64 } from '../../../../shared/bytes';
import { type CsidOutcome, type Exchange, type ReportOutcome, readCsidAnswer, readReportAnswer } from './answers';
import { ZATCA_BASE_URLS, type ZatcaEnvironment } from './environments';

/** A slow ZATCA never holds a queue batch longer than this; the document waits for the next try. */
const ZATCA_TIMEOUT_MS = 20_000;

export interface ZatcaOptions {
  environment: ZatcaEnvironment;
  /** The fetch to call: the stand-in's handler in local mode, a recording stand-in in unit tests. */
  fetcher: typeof fetch;
  timeoutMs?: number;
  /** The language of ZATCA's messages (Accept-Language: en or ar). */
  language?: 'en' | 'ar';
}

/** A CSID's credentials: Basic auth is base64(binarySecurityToken:secret). */
export interface Credentials {
  binarySecurityToken: string;
  secret: string;
}

/** A signed document as reporting takes it. */
export interface Submission {
  invoiceHash: string;
  uuid: string;
  xml: string;
}

const utf8Base64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));

export function zatcaClient(options: ZatcaOptions) {
  const base = ZATCA_BASE_URLS[options.environment];

  async function exchange(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Exchange> {
    try {
      const response = await options.fetcher(`${base}${path}`, {
        method,
        headers: {
          'accept-version': 'V2',
          'accept-language': options.language ?? 'en',
          accept: 'application/json',
          'content-type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? ZATCA_TIMEOUT_MS),
      });
      return { status: response.status, body: await response.text() };
    } catch (err) {
      const name = (err as { name?: string })?.name;
      return {
        failed: `${method} ${path} ${name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : `network error: ${String(err)}`}`,
      };
    }
  }

  const basic = (c: Credentials) => ({ authorization: `Basic ${utf8Base64(`${c.binarySecurityToken}:${c.secret}`)}` });
  const documentBody = (s: Submission) => ({ invoiceHash: s.invoiceHash, uuid: s.uuid, invoice: utf8Base64(s.xml) });

  return {
    /** POST /compliance: the stamp's CSR (PEM) and the portal's one-time code → the compliance CSID. */
    async complianceCsid(csrPem: string, otp: string): Promise<CsidOutcome> {
      return readCsidAnswer(await exchange('POST', '/compliance', { csr: utf8Base64(csrPem) }, { otp }));
    },
    /** POST /compliance/invoices: one sample document checked with the compliance CSID. */
    async complianceCheck(compliance: Credentials, document: Submission): Promise<ReportOutcome> {
      return readReportAnswer(
        await exchange('POST', '/compliance/invoices', documentBody(document), basic(compliance)),
      );
    },
    /** POST /production/csids: the compliance request's id, with the compliance CSID → the production CSID. */
    async productionCsid(compliance: Credentials, complianceRequestId: string): Promise<CsidOutcome> {
      return readCsidAnswer(
        await exchange('POST', '/production/csids', { compliance_request_id: complianceRequestId }, basic(compliance)),
      );
    },
    /** PATCH /production/csids: renewal with a new CSR and a new one-time code, with the current CSID. */
    async renewProductionCsid(production: Credentials, csrPem: string, otp: string): Promise<CsidOutcome> {
      return readCsidAnswer(
        await exchange('PATCH', '/production/csids', { csr: utf8Base64(csrPem) }, { ...basic(production), otp }),
      );
    },
    /** POST /invoices/reporting/single: a simplified document, within 24 hours of issue. */
    async report(production: Credentials, document: Submission): Promise<ReportOutcome> {
      return readReportAnswer(
        await exchange('POST', '/invoices/reporting/single', documentBody(document), {
          ...basic(production),
          'clearance-status': '0',
        }),
      );
    },
  };
}
