// Browser error reporting through the worker's /monitoring tunnel, in Sentry's envelope format, with
// the stack parsed into Sentry frames so the issue shows file, function, line and column. This module
// is imported only once an error has happened (entry.client.tsx), so it costs nothing before then.
// Privacy (spec §9): no page text, no media, no query strings; only the error, its frames and the
// path, and the tunnel scrubs each event again (worker/routes/monitoring.ts).
import { ERROR_SAMPLE_RATE } from '#shared/constants';
import type { PublicConfig } from '#shared/boot';

const MAX_PER_PAGE = 10;
const MAX_FRAMES = 50;

export interface StackFrame {
  filename: string;
  function: string;
  lineno: number;
  colno: number;
  in_app: boolean;
}

// Chrome/Edge: "    at fn (url:line:col)" or "    at url:line:col"; Firefox/Safari: "fn@url:line:col".
const CHROME_FRAME = /^\s*at (?:(.+?) \()?((?:https?|blob|file):.*?|<anonymous>):(\d+):(\d+)\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@((?:https?|blob|file):.*?):(\d+):(\d+)\s*$/;

/** Sentry frames from an Error's stack, oldest call first (Sentry's order), query strings removed. */
export function stackFrames(stack: string | undefined, origin: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of (stack ?? '').split('\n')) {
    const m = CHROME_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!m) continue;
    const filename = m[2]!.replace(/[?#].*$/, '');
    frames.push({
      filename,
      function: m[1] || '?',
      lineno: Number(m[3]),
      colno: Number(m[4]),
      in_app: filename.startsWith(`${origin}/`),
    });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames.reverse();
}

function eventId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export function buildEnvelope(
  dsn: string,
  environment: string,
  error: { type: string; message: string; stack?: string },
  path: string,
  tags: Record<string, string>,
): string {
  const id = eventId();
  const frames = stackFrames(error.stack, location.origin);
  const event = {
    event_id: id,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    environment,
    tags,
    request: { url: `${location.origin}${path}` },
    exception: {
      values: [
        { type: error.type, value: error.message.slice(0, 500), ...(frames.length ? { stacktrace: { frames } } : {}) },
      ],
    },
  };
  return [
    JSON.stringify({ event_id: id, sent_at: new Date().toISOString(), dsn }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
}

let sent = 0;

/** Sends one browser error (an ErrorEvent's error or a rejection's reason), at most 10 per page. */
export function reportBrowserError(config: PublicConfig, tags: Record<string, string>, raw: unknown): void {
  if (!config.sentryDsn || sent >= MAX_PER_PAGE || Math.random() >= ERROR_SAMPLE_RATE) return;
  sent++;
  const err = raw instanceof Error ? raw : new Error(String(raw));
  const body = buildEnvelope(
    config.sentryDsn,
    config.environment,
    { type: err.name, message: err.message, stack: err.stack },
    location.pathname,
    tags,
  );
  navigator.sendBeacon?.('/monitoring', body) || void fetch('/monitoring', { method: 'POST', body, keepalive: true });
}
