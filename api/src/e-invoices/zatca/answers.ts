// ZATCA's answers read into one result the rest of the shop acts on (issue 75). The line that matters:
// a document ZATCA refused (a 400 with validationResults status ERROR: it will be refused again, the
// owner must see ZATCA's words) against a fault on the way (a 5xx, a 429, a timeout, the network, a body
// that is not ZATCA's JSON, a 401/403 when our CSID is wrong or expired): the document is fine and
// reporting tries again later. A transient fault is never recorded as a refusal.

/** One of ZATCA's validation messages, as its API writes it. */
export interface ZatcaMessage {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}

export type ReportOutcome =
  | { kind: 'reported'; warnings: []; info: ZatcaMessage[] }
  | { kind: 'reported-with-warnings'; warnings: ZatcaMessage[]; info: ZatcaMessage[] }
  | { kind: 'refused'; status: number; errors: ZatcaMessage[]; warnings: ZatcaMessage[] }
  | { kind: 'retry'; reason: string };

/** A CSID as ZATCA issues it: the certificate (base64 of its base64 DER), the secret, the request id. */
interface Csid {
  binarySecurityToken: string;
  secret: string;
  requestId: string;
  /** The certificate's base64 DER (what ds:X509Certificate holds), decoded from the token. */
  certificate: string;
}

export type CsidOutcome =
  | { kind: 'issued'; csid: Csid }
  | { kind: 'refused'; status: number; errors: ZatcaMessage[] }
  | { kind: 'retry'; reason: string };

/** What a request to ZATCA came back as: an answer with a status and a text body, or no answer. */
export type Exchange = { status: number; body: string } | { failed: string };

function transient(exchange: Exchange): string | null {
  if ('failed' in exchange) return exchange.failed;
  const { status, body } = exchange;
  if (status >= 500 || status === 429) return `ZATCA answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
  if (status === 401 || status === 403)
    return `ZATCA refused our credentials (${status}): the CSID is wrong, expired or revoked`;
  return null;
}

function json(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const text = (v: unknown, fallback = '') => (typeof v === 'string' ? v : v == null ? fallback : String(v));

function messages(list: unknown, type: string): ZatcaMessage[] {
  if (!Array.isArray(list)) return [];
  return list.map((m: unknown) => {
    const o = (m !== null && typeof m === 'object' ? m : { message: m }) as Record<string, unknown>;
    return {
      type: text(o.type, type),
      code: text(o.code),
      category: text(o.category),
      message: text(o.message),
      status: text(o.status, type),
    };
  });
}

/**
 * A reporting (or compliance check) answer: 200 PASS → reported; 202 or WARNING → reported with
 * warnings; a 4xx with ZATCA's errors → refused with them.
 */
export function readReportAnswer(exchange: Exchange): ReportOutcome {
  const fault = transient(exchange);
  if (fault !== null || 'failed' in exchange) return { kind: 'retry', reason: fault ?? 'no answer' };
  const { status, body } = exchange;
  const answer = json(body);
  const results = answer?.validationResults as Record<string, unknown> | undefined;
  if (status >= 200 && status < 300) {
    // A success without ZATCA's shape (a proxy's page) proves nothing was reported: try again.
    if (!results) return { kind: 'retry', reason: `ZATCA answered ${status} without validationResults` };
    const warnings = messages(results.warningMessages, 'WARNING');
    const info = messages(results.infoMessages, 'INFO');
    const errors = messages(results.errorMessages, 'ERROR');
    if (results.status === 'ERROR' || errors.length > 0 || answer?.reportingStatus === 'NOT_REPORTED')
      return { kind: 'refused', status, errors, warnings };
    if (status === 202 || results.status === 'WARNING' || warnings.length > 0)
      return { kind: 'reported-with-warnings', warnings, info };
    return { kind: 'reported', warnings: [], info };
  }
  if (!answer) return { kind: 'retry', reason: `ZATCA answered ${status} with a body that is not JSON` };
  const errors = results ? messages(results.errorMessages, 'ERROR') : errorList(answer);
  return {
    kind: 'refused',
    status,
    errors: errors.length > 0 ? errors : errorList(answer),
    warnings: results ? messages(results.warningMessages, 'WARNING') : [],
  };
}

/** ZATCA's other error shapes ({errors:[…]}, {code, message}) as validation messages. */
function errorList(answer: Record<string, unknown>): ZatcaMessage[] {
  if (Array.isArray(answer.errors) && answer.errors.length > 0) return messages(answer.errors, 'ERROR');
  const code = text(answer.code ?? answer.errorCode, 'ERROR');
  const message = text(answer.message ?? answer.errorMessage ?? answer.dispositionMessage, JSON.stringify(answer));
  return [{ type: 'ERROR', code, category: '', message, status: 'ERROR' }];
}

/** base64 text → its decoded text (the token is base64 of the certificate's base64). */
function decodeToken(token: string): string | null {
  try {
    return atob(token);
  } catch {
    return null;
  }
}

/** An answer of /compliance or /production/csids (POST or PATCH). */
export function readCsidAnswer(exchange: Exchange): CsidOutcome {
  const fault = transient(exchange);
  if (fault !== null || 'failed' in exchange) return { kind: 'retry', reason: fault ?? 'no answer' };
  const { status, body } = exchange;
  const answer = json(body);
  if (!answer) return { kind: 'retry', reason: `ZATCA answered ${status} with a body that is not JSON` };
  if (status >= 200 && status < 300) {
    const token = text(answer.binarySecurityToken);
    const certificate = decodeToken(token);
    if (!token || !certificate || !answer.secret) return { kind: 'refused', status, errors: errorList(answer) };
    return {
      kind: 'issued',
      csid: { binarySecurityToken: token, secret: text(answer.secret), requestId: text(answer.requestID), certificate },
    };
  }
  return { kind: 'refused', status, errors: errorList(answer) };
}
