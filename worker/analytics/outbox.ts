// Local mode (ANALYTICS_MODE=outbox, refused in production): the events /collect accepted are kept in the
// storefront's KV namespace for a day, for a tester at /dev/analytics, instead of going to a tracker.
import type { CollectBody } from '#shared/analytics/collect-schema';

const PREFIX = 'dev-analytics:';
const TTL_S = 24 * 60 * 60;
const MAX_SHOWN = 100;

export interface OutboxEntry {
  at: number;
  client_id: string;
  events: CollectBody['events'];
}

export async function keepInOutbox(kv: KVNamespace, body: CollectBody, now = Date.now()): Promise<void> {
  const entry: OutboxEntry = { at: now, client_id: body.client_id, events: body.events };
  // Time first, so a listing's key order is the order they came in.
  const key = `${PREFIX}${String(now).padStart(15, '0')}:${crypto.randomUUID()}`;
  await kv.put(key, JSON.stringify(entry), { expirationTtl: TTL_S });
}

/** The newest entries first. */
export async function readOutbox(kv: KVNamespace): Promise<OutboxEntry[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix: PREFIX, cursor });
    keys.push(...page.keys.map((k) => k.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  const newest = keys.sort().reverse().slice(0, MAX_SHOWN);
  const values = await Promise.all(newest.map((k) => kv.get<OutboxEntry>(k, 'json')));
  return values.filter((v): v is OutboxEntry => v !== null);
}
