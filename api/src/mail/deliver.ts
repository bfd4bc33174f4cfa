// Delivering queued mail, outside the shopper's request: right after a request that queued some
// (ctx.waitUntil) and on every cron run (api/wrangler.toml). Each attempt first claims its row by
// moving next_attempt_at on with exponential backoff, so two runs never send the same row at once and
// a run that dies mid-send leaves the row due again later (the provider's idempotency key, the row's
// id, keeps that retry from becoming a second mail). After MAIL_MAX_ATTEMPTS the row is given up:
// failed_at is set (the back office lists those) and the failure is logged.
import type { MailOutboxRow } from '../db/rows';
import { type MailAttachment, mailSender, type MailEnv, type MailSender } from './index';
import { log } from '../lib/log';

export const MAIL_MAX_ATTEMPTS = 8;
/** The wait after the first failed attempt; it doubles after each one, up to MAIL_MAX_BACKOFF_MS. */
export const MAIL_BASE_BACKOFF_MS = 60_000;
export const MAIL_MAX_BACKOFF_MS = 6 * 60 * 60_000;

/** The wait after `attempts` attempts: 1, 2, 4, … minutes (the cron runs every minute). */
export function mailBackoffMs(attempts: number): number {
  return Math.min(MAIL_BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAIL_MAX_BACKOFF_MS);
}

/** A due mail: next_attempt_at is set (the query asks for it to have passed). */
type DueRow = Pick<
  MailOutboxRow,
  'id' | 'to_address' | 'subject' | 'body_text' | 'body_html' | 'attempts' | 'headers' | 'attachments'
> & {
  next_attempt_at: number;
};

export interface DeliveryResult {
  delivered: number;
  retrying: number;
  failed: number;
}

export async function deliverDueMail(
  env: MailEnv,
  opts: { now?: number; sender?: MailSender; limit?: number } = {},
): Promise<DeliveryResult> {
  const now = opts.now ?? Date.now();
  const sender = opts.sender ?? mailSender(env);
  const db = env.DB;
  const { results } = await db
    .prepare(
      'SELECT id, to_address, subject, body_text, body_html, attempts, next_attempt_at, headers, attachments FROM mail_outbox WHERE next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?',
    )
    .bind(now, opts.limit ?? 25)
    .all<DueRow>();
  const result: DeliveryResult = { delivered: 0, retrying: 0, failed: 0 };
  for (const row of results) {
    if (row.attempts >= MAIL_MAX_ATTEMPTS) {
      // Its last attempt was claimed but never finished (the run died): give up now.
      await giveUp(db, row.id, now, null);
      result.failed++;
      continue;
    }
    const attempts = row.attempts + 1;
    const claimed = await db
      .prepare(
        'UPDATE mail_outbox SET attempts = ?, next_attempt_at = ? WHERE id = ? AND next_attempt_at = ? AND delivered_at IS NULL RETURNING id',
      )
      .bind(attempts, now + mailBackoffMs(attempts), row.id, row.next_attempt_at)
      .first();
    if (!claimed) continue; // another run took it
    try {
      await sender.send(
        {
          to: row.to_address,
          subject: row.subject,
          text: row.body_text,
          ...(row.body_html ? { html: row.body_html } : {}),
          ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
          ...(row.attachments ? { attachments: JSON.parse(row.attachments) as MailAttachment[] } : {}),
        },
        `mail-${row.id}`,
      );
      await db
        .prepare('UPDATE mail_outbox SET delivered_at = ?, next_attempt_at = NULL, last_error = NULL WHERE id = ?')
        .bind(Date.now(), row.id)
        .run();
      result.delivered++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempts >= MAIL_MAX_ATTEMPTS) {
        await giveUp(db, row.id, now, message);
        result.failed++;
      } else {
        // next_attempt_at was already moved on by the claim.
        await db
          .prepare('UPDATE mail_outbox SET last_error = ? WHERE id = ?')
          .bind(message.slice(0, 500), row.id)
          .run();
        result.retrying++;
      }
    }
  }
  return result;
}

async function giveUp(db: D1Database, id: number, now: number, message: string | null): Promise<void> {
  await db
    .prepare(
      'UPDATE mail_outbox SET failed_at = ?, next_attempt_at = NULL, last_error = coalesce(?, last_error) WHERE id = ?',
    )
    .bind(now, message?.slice(0, 500) ?? null, id)
    .run();
  log.error('mail given up after its last attempt', { mailId: id, reason: message });
}
