// Browser error reporting through the worker's /monitoring tunnel, in Sentry's envelope format.
// Loaded only when a DSN is configured. Privacy (spec §9): no page text, no media, no query strings;
// only the error type, message, stack and path.
import { ERROR_SAMPLE_RATE } from '../../shared/constants';
import type { PublicConfig } from '../../shared/boot';

const MAX_PER_PAGE = 10;

function eventId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function buildEnvelope(dsn: string, environment: string, error: { type: string; message: string; stack?: string }, path: string, tags: Record<string, string>): string {
  const id = eventId();
  const event = {
    event_id: id,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    environment,
    tags,
    request: { url: `${location.origin}${path}` },
    exception: { values: [{ type: error.type, value: error.message.slice(0, 500) }] },
    extra: { stack: error.stack?.slice(0, 4000) },
  };
  return [JSON.stringify({ event_id: id, sent_at: new Date().toISOString(), dsn }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
}

export function installErrorReporter(config: PublicConfig, tags: Record<string, string>): void {
  if (!config.sentryDsn) return;
  let sent = 0;
  const report = (raw: unknown) => {
    if (sent >= MAX_PER_PAGE || Math.random() >= ERROR_SAMPLE_RATE) return;
    sent++;
    const err = raw instanceof Error ? raw : new Error(String(raw));
    const body = buildEnvelope(config.sentryDsn, config.environment, { type: err.name, message: err.message, stack: err.stack }, location.pathname, tags);
    navigator.sendBeacon?.('/monitoring', body) || void fetch('/monitoring', { method: 'POST', body, keepalive: true });
  };
  window.addEventListener('error', (e) => report(e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => report(e.reason));
}
