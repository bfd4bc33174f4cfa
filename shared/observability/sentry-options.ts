// The one set of @sentry/cloudflare options every worker uses (decision 16). Sampling per spec §9:
// every error, 5 % of traces. The SDK is told to collect no user, cookie, header (but the browser and
// request id), query or body data, and beforeSend scrubs what is left, tagging each event with the
// request id so a report leads to the log lines of both workers.
import { ERROR_SAMPLE_RATE, TRACES_SAMPLE_RATE } from '../constants';
import { scrubEvent, type ReportEvent } from './scrub';

export function sentryOptions(
  env: { SENTRY_DSN?: string; ENVIRONMENT?: string },
  worker: string,
  requestId: () => string | undefined,
) {
  const tag = <E extends ReportEvent>(event: E): E => {
    event.tags = { ...event.tags, worker, reqid: requestId() ?? 'none' };
    return scrubEvent(event);
  };
  return {
    // No DSN, no reporting: the SDK still wraps the handler but has nowhere to send.
    dsn: env.SENTRY_DSN || undefined,
    environment: env.ENVIRONMENT ?? 'development',
    // The SDK keeps an isolate's first client, DSN and all. A deployed isolate has one DSN; the
    // integration tests run requests with different DSNs (the tunnel's, the stand-in's) in one isolate,
    // where a kept client would send a later test's events to an earlier test's DSN.
    cacheClient: env.ENVIRONMENT !== 'test',
    sampleRate: ERROR_SAMPLE_RATE,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: ['user-agent', 'x-reqid'] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      stackFrameVariables: false,
    },
    // Traces as whole transactions, so the same scrubber sees them (streamed spans would bypass it).
    traceLifecycle: 'static' as const,
    beforeSend: tag,
    beforeSendTransaction: tag,
  };
}
