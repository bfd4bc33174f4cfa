// @sentry/cloudflare around the handler only when a DSN is configured: without one the SDK would still
// instrument every request and D1 call (about 20 ms a request in the integration tests) for nothing.
import { withSentry } from '@sentry/cloudflare';
import { sentryOptions } from '../../shared/observability/sentry-options';

type ReportingEnv = { SENTRY_DSN?: string; ENVIRONMENT?: string };
// Any worker handler: its own env type is wider than the two fields read here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (event: any, env: any, ctx: ExecutionContext) => unknown;

export function withSentryWhenConfigured<H extends { fetch?: Handler; scheduled?: Handler }>(worker: string, requestId: () => string | undefined, handler: H): H {
  // Wrapped on first use: withSentry sets process-wide instrumentation that costs even unused.
  let reported: H | undefined;
  const sdk = () => (reported ??= withSentry((env: ReportingEnv) => sentryOptions(env, worker, requestId), { ...handler } as ExportedHandler<ReportingEnv>) as unknown as H);
  const pick = (name: 'fetch' | 'scheduled') =>
    handler[name] && ((event: unknown, env: ReportingEnv, ctx: ExecutionContext) => (env.SENTRY_DSN ? sdk()[name]! : handler[name]!)(event, env, ctx));
  return { ...handler, ...(handler.fetch && { fetch: pick('fetch') }), ...(handler.scheduled && { scheduled: pick('scheduled') }) };
}
