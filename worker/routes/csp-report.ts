// CSP violation reports (the policy's report-uri and report-to point here): a violation in the field
// is either an attack or our own bug, so it goes to the error reporter (Sentry when configured, the
// log otherwise). Browsers can be made to send many, so each address and each isolate is limited.
import { Hono } from 'hono';
import { fail } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { limitBody } from '../middleware/body-limit';
import { log } from '../lib/log';
import { reportProblem } from '../lib/report-error';
import { CSP_REPORT_PATH } from '../middleware/security-headers';

const MAX_BODY_BYTES = 16 * 1024;
const WINDOW_MS = 60_000;
const PER_ADDRESS = 10;
const PER_ISOLATE = 200;
/** report-uri sends application/csp-report; the Reporting API (report-to) application/reports+json. */
const REPORT_TYPES = /^application\/(csp-report|reports\+json|json)\s*(;|$)/i;

interface Window {
  start: number;
  count: number;
}
const byAddress = new Map<string, Window>();
const isolate: Window = { start: 0, count: 0 };

function allowed(address: string, now: number): boolean {
  if (now - isolate.start > WINDOW_MS) {
    isolate.start = now;
    isolate.count = 0;
    byAddress.clear();
  }
  const w = byAddress.get(address) ?? { start: now, count: 0 };
  byAddress.set(address, w);
  w.count++;
  isolate.count++;
  return w.count <= PER_ADDRESS && isolate.count <= PER_ISOLATE;
}

interface CspViolation {
  directive: string;
  blocked: string;
  document: string;
}

/** The violations in a report body of either format; the URLs keep their origin and path only. */
function parseCspReport(body: unknown): CspViolation[] {
  const reports = Array.isArray(body)
    ? body.map((r) => (r as { body?: unknown })?.body)
    : [(body as { 'csp-report'?: unknown })?.['csp-report']];
  const trim = (v: unknown) => {
    const s = typeof v === 'string' ? v.slice(0, 300) : '';
    try {
      const u = new URL(s);
      return u.origin + u.pathname;
    } catch {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a report's text must not forge log lines
      return s.replace(/[\0-\x1f\x7f]/g, '');
    }
  };
  return reports
    .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
    .map((r) => ({
      directive: trim(r.effectiveDirective ?? r['effective-directive'] ?? r['violated-directive']),
      blocked: trim(r.blockedURL ?? r['blocked-uri']),
      document: trim(r.documentURL ?? r['document-uri']),
    }))
    .filter((v) => v.directive !== '')
    .slice(0, 10);
}

export const cspReport = new Hono<AppEnv>();

cspReport.post(CSP_REPORT_PATH, limitBody(MAX_BODY_BYTES), async (c) => {
  if (!REPORT_TYPES.test(c.req.header('content-type') ?? '')) return c.json(fail('unsupported_media_type', 415), 415);
  const text = await c.req.text();
  if (!allowed(c.req.header('cf-connecting-ip') ?? 'unknown', Date.now()))
    return c.json(fail('too_many_requests', 429), 429);
  let violations: CspViolation[];
  try {
    violations = parseCspReport(JSON.parse(text));
  } catch {
    return c.json(fail('bad_request', 400), 400);
  }
  if (!violations.length) return c.json(fail('bad_request', 400), 400);

  for (const v of violations) log.warn('csp violation', { ...v });
  // Origin and path are all a violation keeps of a URL.
  for (const v of violations)
    reportProblem(c, `CSP violation: ${v.directive}`, { blocked: v.blocked, document: v.document });
  return c.body(null, 204);
});
