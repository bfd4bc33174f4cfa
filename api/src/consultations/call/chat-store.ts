// The call's chat in D1 (consultation_messages), sealed with the consultation's data key (seal.ts).
// The room is the only writer: it gives each message the next seq in the statement that stores it, so
// two messages never share a number, and a resend (the same sender and client_id, after a reconnect)
// is stored once and answered with the seq it already has.
import type { CallSide, ChatMessage } from '#shared/consultations/call';
import type { ChatSealer } from './sealer';

/** At most this many messages in one history frame; a page asks again from the last one it got. */
const HISTORY_PAGE = 200;

interface StoredRow {
  seq: number;
  sender: ChatMessage['sender'];
  client_id: string;
  sealed: string;
  created_at: number;
}

export interface StoredMessage {
  seq: number;
  created_at: number;
  /** True when this sender had already sent this client_id: nothing new was stored. */
  duplicate: boolean;
}

const existing = (db: D1Database, consultationId: number, sender: CallSide, clientId: string) =>
  db
    .prepare(
      'SELECT seq, created_at FROM consultation_messages WHERE consultation_id = ? AND sender = ? AND client_id = ?',
    )
    .bind(consultationId, sender, clientId)
    .first<{ seq: number; created_at: number }>();

export async function storeMessage(
  db: D1Database,
  sealer: ChatSealer,
  consultationId: number,
  sender: CallSide,
  clientId: string,
  text: string,
  now = Date.now(),
): Promise<StoredMessage> {
  const before = await existing(db, consultationId, sender, clientId);
  if (before) return { ...before, duplicate: true };
  const { sealed, iv } = await sealer.seal(consultationId, text);
  // One statement: the next seq is read and taken atomically (D1 runs one statement at a time).
  const row = await db
    .prepare(
      `INSERT INTO consultation_messages (consultation_id, seq, sender, client_id, sealed, iv, created_at)
       SELECT ?1, COALESCE(MAX(seq), 0) + 1, ?2, ?3, ?4, ?5, ?6 FROM consultation_messages WHERE consultation_id = ?1
       ON CONFLICT (consultation_id, sender, client_id) DO NOTHING
       RETURNING seq, created_at`,
    )
    .bind(consultationId, sender, clientId, sealed, iv, now)
    .first<{ seq: number; created_at: number }>();
  if (row) return { ...row, duplicate: false };
  // The same message arrived twice at once: the other copy was stored.
  const raced = await existing(db, consultationId, sender, clientId);
  if (!raced) throw new Error('chat message neither stored nor found');
  return { ...raced, duplicate: true };
}

export async function lastSeq(db: D1Database, consultationId: number): Promise<number> {
  const row = await db
    .prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM consultation_messages WHERE consultation_id = ?')
    .bind(consultationId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The messages after `after`, in order, opened. */
export async function messagesAfter(
  db: D1Database,
  sealer: ChatSealer,
  consultationId: number,
  after: number,
): Promise<ChatMessage[]> {
  const { results } = await db
    .prepare(
      `SELECT seq, sender, client_id, sealed, created_at FROM consultation_messages
       WHERE consultation_id = ? AND seq > ? ORDER BY seq LIMIT ${HISTORY_PAGE}`,
    )
    .bind(consultationId, after)
    .all<StoredRow>();
  const texts = await sealer.openAll(
    consultationId,
    results.map((r) => r.sealed),
  );
  return results.map((r, i) => ({
    seq: r.seq,
    sender: r.sender,
    client_id: r.client_id,
    text: texts[i]!,
    created_at: r.created_at,
  }));
}
