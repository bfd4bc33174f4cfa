// The one Sentry set-up of the three workers (storefront, API, back office): @sentry/cloudflare around the handler only
// when a DSN is configured. Without one the SDK would still instrument every request and D1 call
// (about 20 ms a request in the integration tests) for nothing. Loaded only by the workers' entries.
import { withSentry } from '@sentry/cloudflare';
import { sentryOptions } from './sentry-options';

type ReportingEnv = { SENTRY_DSN?: string; ENVIRONMENT?: string };
/** A handler method (fetch, scheduled) seen only as far as this wrapper reads it. */
type Call = (event: unknown, env: ReportingEnv, ctx: WorkerContext) => unknown;
/** The runtime's ExecutionContext, as far as this wrapper passes it on (shared/ has no Workers types). */
type WorkerContext = { waitUntil(promise: Promise<unknown>): void };
type Calls = { fetch?: Call; scheduled?: Call; queue?: Call };

export function withSentryWhenConfigured<H extends object>(
  worker: string,
  requestId: () => string | undefined,
  handler: H,
): H {
  const own = handler as unknown as Calls;
  // Wrapped on first use: withSentry sets process-wide instrumentation that costs even unused.
  let reported: Calls | undefined;
  const sdk = () =>
    (reported ??= withSentry((env: ReportingEnv) => sentryOptions(env, worker, requestId), {
      ...handler,
    } as Parameters<typeof withSentry>[1]) as unknown as Calls);
  // The SDK hands the handler a new Proxy of the env it is given, per request, whose prototype is its
  // target's. Given an env derived from the worker's (its prototype), the worker's own env is beneath every
  // request's, and what is kept for it (the configuration, shared/config.ts) is found, not read again.
  const pick =
    (name: keyof Calls): Call =>
    (event, env, ctx) =>
      env.SENTRY_DSN ? sdk()[name]!(event, Object.create(env) as ReportingEnv, ctx) : own[name]!(event, env, ctx);
  return {
    ...handler,
    ...(own.fetch && { fetch: pick('fetch') }),
    ...(own.scheduled && { scheduled: pick('scheduled') }),
    ...(own.queue && { queue: pick('queue') }),
  };
}

/**
 * A named entrypoint's methods (Workers RPC), reported as the handler's calls are: with a DSN each call
 * runs on an instance of the class as the SDK instruments it (a client for the call, its errors captured
 * and sent before the call's context ends); without one, on a plain instance. Methods that answer their
 * own errors report them with captureException (report-error.ts), which then has a client to go to.
 */
export function methodsWhenConfigured<I, C extends new (ctx: never, env: never) => I>(
  worker: string,
  requestId: () => string | undefined,
  Methods: C,
): (ctx: WorkerContext, env: ReportingEnv) => I {
  let reported: C | undefined;
  type Make = new (ctx: WorkerContext, env: ReportingEnv) => I;
  return (ctx, env) => {
    if (!env.SENTRY_DSN) return new (Methods as unknown as Make)(ctx, env);
    reported ??= withSentry(
      (e: ReportingEnv) => sentryOptions(e, worker, requestId),
      Methods as unknown as Parameters<typeof withSentry>[1],
    ) as unknown as C;
    // Derived from the worker's env, as the handler's (above): what is kept for it is found beneath.
    return new (reported as unknown as Make)(ctx, Object.create(env) as ReportingEnv);
  };
}
