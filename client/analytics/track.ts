// The always-loaded part of analytics (decision 35), kept tiny for the entry chunk: track()
// takes a function that builds an event with the shared builders (shared/analytics/events.ts) and
// queues it. Nothing else is loaded until the analytics runtime (runtime.tsx, loaded on demand by the
// deferred shell only when a tracker is configured) connects: it loads the builders, pushes each event
// to window.dataLayer in GA4's shape and hands it to the tracker once the shopper has accepted.
// With no tracker configured, or on a local host (unless the server runs the local outbox: the storefront
// worker turns the mode off for a page served on a local host, worker/config.ts publicConfig), track()
// returns at once and nothing more is ever loaded.
import type { PublicAnalytics } from '#shared/analytics/consent';
import type { AnalyticsEvent } from '#shared/analytics/events';
import type { BootData } from '#shared/boot';
import type { TrackContext } from './track-context';

export type { TrackContext } from './track-context';

/** The builders (client/analytics/builders.ts: the shared ones and the shop's item mappers), loaded on demand. */
export type BuildEvent = (b: typeof import('./builders')['builders'], ctx: TrackContext) => AnalyticsEvent | null;

const MAX_QUEUED = 50;
const queue: BuildEvent[] = [];
let sink: ((build: BuildEvent) => void) | null = null;

/**
 * Whether this page records analytics at all. The server already said "off" for a local host outside the
 * outbox mode, so the entry chunk carries no host test.
 */
export function analyticsOn(config: PublicAnalytics | undefined): boolean {
  return !!config && config.mode !== 'off';
}

function pageConfig(): PublicAnalytics | undefined {
  return (window as { __BOOT__?: BootData }).__BOOT__?.config.analytics;
}

/** Records an event made by a builder: `track((b, ctx) => b.viewItem({ … }))`. */
export function track(build: BuildEvent): void {
  if (typeof window === 'undefined' || !analyticsOn(pageConfig())) return;
  if (sink) sink(build);
  else if (queue.length < MAX_QUEUED) queue.push(build);
}

/** The runtime takes the events queued so far and every later one; null disconnects it. */
export function connectAnalytics(next: ((build: BuildEvent) => void) | null): void {
  sink = next;
  if (next) for (const build of queue.splice(0)) next(build);
}
