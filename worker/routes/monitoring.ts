// Error-report tunnel (spec §7 /monitoring): the browser posts Sentry envelopes here (so ad blockers
// and CSP keep working) and they are forwarded only to the configured DSN's project, with only their
// error events, each scrubbed like the workers' own (shared/observability/scrub.ts): the browser is
// not trusted to have left out addresses, tokens or query strings.
import { Hono } from 'hono';
import { fail } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { limitBody } from '../middleware/body-limit';
import { log } from '../lib/log';
import { scrubEvent } from '#shared/observability/scrub';

const MAX_ENVELOPE_BYTES = 512 * 1024;

interface DsnParts {
  host: string;
  projectId: string;
  origin: string;
}

function parseDsn(dsn: string): DsnParts | null {
  try {
    const url = new URL(dsn);
    const projectId = url.pathname.replace(/^\/+|\/+$/g, '');
    if (!url.username || !/^\d+$/.test(projectId)) return null;
    return { host: url.host, projectId, origin: `${url.protocol}//${url.host}` };
  } catch {
    return null;
  }
}

/** The envelope with its event items scrubbed and every other item dropped; null when it is not one. */
function scrubEnvelope(envelope: string): string | null {
  const lines = envelope.replace(/\n$/, '').split('\n');
  const out = [lines[0]!];
  try {
    for (let i = 1; i + 1 < lines.length; i += 2) {
      const header = JSON.parse(lines[i]!) as { type?: string; length?: number };
      if (header.type !== 'event') continue;
      delete header.length;
      out.push(JSON.stringify(header), JSON.stringify(scrubEvent(JSON.parse(lines[i + 1]!))));
    }
  } catch {
    return null;
  }
  return out.length > 1 ? out.join('\n') : null;
}

export const monitoring = new Hono<AppEnv>();

monitoring.post('/monitoring', limitBody(MAX_ENVELOPE_BYTES), async (c) => {
  const configured = parseDsn(c.var.config.SENTRY_DSN);
  if (!configured) return c.json(fail('not_found', 404), 404);
  const envelope = await c.req.text();

  const headerLine = envelope.slice(0, envelope.indexOf('\n') >>> 0);
  let dsn: DsnParts | null = null;
  try {
    dsn = parseDsn((JSON.parse(headerLine) as { dsn?: string }).dsn ?? '');
  } catch {
    dsn = null;
  }
  if (!dsn || dsn.host !== configured.host || dsn.projectId !== configured.projectId) {
    return c.json(fail('bad_request', 400), 400);
  }
  const scrubbed = scrubEnvelope(envelope);
  if (!scrubbed) return c.json(fail('bad_request', 400), 400);
  try {
    const upstream = await fetch(`${configured.origin}/api/${configured.projectId}/envelope/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: scrubbed,
    });
    return c.body(null, upstream.ok ? 200 : 502);
  } catch (error) {
    log.warn('monitoring tunnel: Sentry unreachable', { error });
    return c.json(fail('upstream_unavailable', 502), 502);
  }
});
