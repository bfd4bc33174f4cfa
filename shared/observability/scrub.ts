// What an error report may carry (spec §9 and decision 16): the error, its frames, the route and the
// request id. Never health data, tokens, cookies, e-mail addresses or request bodies: the SDKs are set
// to collect none of them, and every event passes this scrubber (beforeSend) as the last guard, so a
// token or address inside an error message is masked too.

/** The parts of a Sentry event this module reads; everything else it leaves or removes. */
export interface ReportEvent {
  message?: string;
  logentry?: { message?: string; formatted?: string; params?: unknown[] };
  request?: {
    method?: string;
    url?: string;
    headers?: Record<string, string>;
    cookies?: unknown;
    data?: unknown;
    query_string?: unknown;
    env?: unknown;
  };
  user?: unknown;
  extra?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  exception?: { values?: Array<{ value?: string; stacktrace?: { frames?: Array<{ vars?: unknown }> } }> };
  breadcrumbs?: Array<{ message?: string; data?: Record<string, unknown> }>;
  contexts?: Record<string, unknown>;
  spans?: Array<{ data?: Record<string, unknown>; description?: string }>;
  transaction?: string;
}

const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[A-Za-z]{2,}/g;
const BEARER = /\bBearer\s+\S+/gi;
// Device tokens (dv1.…), user tokens (64 hex), HMAC signatures and anything else long and random.
const DEVICE_TOKEN = /\bdv1\.[A-Za-z0-9_.-]*[A-Za-z0-9_-]/g;
const LONG_SECRET = /[A-Za-z0-9_+/=]{32,}/g;
/** Request headers worth keeping: they say which browser, never who. */
const KEPT_HEADERS = new Set(['user-agent', 'x-reqid']);
/** Breadcrumb data worth keeping (fetch and navigation crumbs); bodies and headers are dropped. */
const KEPT_CRUMB_DATA = new Set(['method', 'status_code', 'url', 'from', 'to']);

export function scrubText(text: string): string {
  return text
    .replace(EMAIL, '[email]')
    .replace(BEARER, 'Bearer [token]')
    .replace(DEVICE_TOKEN, '[token]')
    .replace(LONG_SECRET, '[redacted]');
}

/** A URL without its query and fragment (search terms and reset tokens live there). */
export function scrubUrl(url: string): string {
  const cut = url.search(/[?#]/);
  return scrubText(cut === -1 ? url : url.slice(0, cut));
}

function scrubValue(value: unknown): unknown {
  return typeof value === 'string' ? scrubText(value) : value;
}

export function scrubEvent<E extends ReportEvent>(event: E): E {
  delete event.user;
  delete event.extra;
  if (event.message) event.message = scrubText(event.message);
  if (event.logentry) {
    if (event.logentry.message) event.logentry.message = scrubText(event.logentry.message);
    if (event.logentry.formatted) event.logentry.formatted = scrubText(event.logentry.formatted);
    delete event.logentry.params;
  }
  if (event.request) {
    const { method, url, headers } = event.request;
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers ?? {}))
      if (KEPT_HEADERS.has(name.toLowerCase())) kept[name] = value;
    event.request = { method, url: url ? scrubUrl(url) : undefined, headers: kept };
  }
  if (event.transaction) event.transaction = scrubUrl(event.transaction);
  if (event.tags) for (const key of Object.keys(event.tags)) event.tags[key] = scrubValue(event.tags[key]);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
    for (const frame of value.stacktrace?.frames ?? []) delete frame.vars;
  }
  event.breadcrumbs = event.breadcrumbs?.map((crumb) => {
    const data: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(crumb.data ?? {}))
      if (KEPT_CRUMB_DATA.has(key)) data[key] = typeof value === 'string' ? scrubUrl(value) : value;
    return { ...crumb, message: crumb.message ? scrubText(crumb.message) : crumb.message, data };
  });
  for (const span of event.spans ?? []) {
    if (span.description) span.description = scrubUrl(span.description);
    if (span.data) scrubSpanData(span.data);
  }
  // A transaction's own span data (url.full, request headers) sits in its trace context.
  const trace = event.contexts?.trace as { data?: Record<string, unknown> } | undefined;
  if (trace?.data) scrubSpanData(trace.data);
  return event;
}

/** Span attributes: no headers, cookies, bodies, queries or user fields; URLs without their query. */
function scrubSpanData(data: Record<string, unknown>): void {
  for (const key of Object.keys(data)) {
    if (/header|cookie|body|query|user|email|client\.address/i.test(key)) delete data[key];
    else if (typeof data[key] === 'string') data[key] = scrubUrl(data[key] as string);
  }
}
