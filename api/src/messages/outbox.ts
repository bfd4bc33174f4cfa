// Queueing a text to a phone: one INSERT the caller puts in the same D1 batch as the change it reports
// (the code it carries, the order step), so both are stored or neither is. The dedupe key makes a
// second queueing of the same message a no-op.
import type { Channel } from './index';

export type MessageKind =
  | 'sign_in_code'
  | 'verify_code'
  | 'order_update'
  | 'blood_test_reminder'
  | 'subscription_reminder'
  | 'data_export_ready'
  | 'blood_test_results'
  | 'consultation_reminder'
  | 'consultation_update'
  | 'cart_reminder';

export interface QueuedMessage {
  channel: Channel;
  to: string;
  lang: 'en' | 'ar';
  kind: MessageKind;
  text: string;
  template: string | null;
  params: string[];
  /** The template's URL button parameter (a code's copy button). */
  buttonParam?: string;
  dedupeKey: string;
}

export function queueMessage(db: D1Database, m: QueuedMessage, now = Date.now()): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO message_outbox (channel, to_phone, lang, kind, template, params, body_text, button_param, dedupe_key, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(...messageValues(m, now));
}

/** The same INSERT, stored only when `condition` (SQL over the database as the batch reaches it) holds. */
export function queueMessageWhen(
  db: D1Database,
  m: QueuedMessage,
  now: number,
  condition: { sql: string; binds: unknown[] },
): D1PreparedStatement {
  // The WHERE also keeps SQLite from reading ON CONFLICT as a join's ON (the upsert-after-SELECT rule).
  return db
    .prepare(
      `INSERT INTO message_outbox (channel, to_phone, lang, kind, template, params, body_text, button_param, dedupe_key, attempts, next_attempt_at, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ? WHERE (${condition.sql}) ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(...messageValues(m, now), ...condition.binds);
}

/** The row's values, in the column order both INSERTs above name. */
function messageValues(m: QueuedMessage, now: number): unknown[] {
  return [
    m.channel,
    m.to,
    m.lang,
    m.kind,
    m.template,
    JSON.stringify(m.params),
    m.text,
    m.buttonParam ?? null,
    m.dedupeKey,
    now,
    now,
  ];
}

/** Kinds that carry a one-time code: their text is blanked once delivered (outside local mode). */
export const CODE_KINDS: readonly MessageKind[] = ['sign_in_code', 'verify_code'];
