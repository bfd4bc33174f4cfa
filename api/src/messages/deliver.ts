// Delivering queued texts outside the shopper's request, with the discipline of mail (mail/deliver.ts):
// each attempt claims its row by moving next_attempt_at on with the same backoff, so two runs never
// send one row and a run that dies mid-send leaves it due again; after MAIL_MAX_ATTEMPTS it is given up.
// A code for a number that has no WhatsApp (or with no WhatsApp account configured) goes by SMS
// instead, and the row says so; an order update the shopper asked for on WhatsApp goes there or nowhere. Outside local mode a delivered code's text is blanked.
import type { ApiConfig } from '../lib/config';
import { log } from '../lib/log';
import { MAIL_MAX_ATTEMPTS, mailBackoffMs } from '../mail/deliver';
import { CODE_KINDS, type MessageKind } from './outbox';
import { messageSenders, NotOnWhatsApp, type Channel, type OutgoingMessage, type Senders } from './index';

interface DueRow {
  id: number;
  channel: Channel;
  to_phone: string;
  lang: 'en' | 'ar';
  kind: MessageKind;
  template: string | null;
  params: string;
  body_text: string;
  button_param: string | null;
  attempts: number;
  next_attempt_at: number;
}

export interface MessageDelivery {
  delivered: number;
  retrying: number;
  failed: number;
}

export async function deliverDueMessages(
  env: { DB: D1Database },
  config: ApiConfig,
  opts: { now?: number; senders?: Senders; limit?: number } = {},
): Promise<MessageDelivery> {
  const now = opts.now ?? Date.now();
  const senders = opts.senders ?? messageSenders(config);
  const db = env.DB;
  const { results } = await db
    .prepare(
      `SELECT id, channel, to_phone, lang, kind, template, params, body_text, button_param, attempts, next_attempt_at FROM message_outbox
       WHERE next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?`,
    )
    .bind(now, opts.limit ?? 25)
    .all<DueRow>();
  const result: MessageDelivery = { delivered: 0, retrying: 0, failed: 0 };
  for (const row of results) {
    const attempts = row.attempts + 1;
    if (row.attempts >= MAIL_MAX_ATTEMPTS) {
      await giveUp(db, row.id, now, null);
      result.failed++;
      continue;
    }
    const claimed = await db
      .prepare(
        'UPDATE message_outbox SET attempts = ?, next_attempt_at = ? WHERE id = ? AND next_attempt_at = ? AND delivered_at IS NULL RETURNING id',
      )
      .bind(attempts, now + mailBackoffMs(attempts), row.id, row.next_attempt_at)
      .first();
    if (!claimed) continue;
    const params = JSON.parse(row.params) as string[];
    const message: OutgoingMessage = {
      channel: row.channel,
      to: row.to_phone,
      lang: row.lang,
      text: row.body_text,
      template: row.template,
      params,
      ...(row.button_param ? { buttonParam: row.button_param } : {}),
    };
    try {
      const { channel, providerRef } = await sendOnce(senders, message, `msg-${row.id}`, CODE_KINDS.includes(row.kind));
      // A code has done its work once delivered: only local mode keeps its text (for /dev/messages).
      const blank = CODE_KINDS.includes(row.kind) && config.MESSAGES_MODE !== 'outbox';
      await db
        .prepare(
          `UPDATE message_outbox SET delivered_at = ?, next_attempt_at = NULL, last_error = NULL, channel = ?, provider_ref = ?
           ${blank ? ", body_text = '', params = '[]', button_param = NULL" : ''} WHERE id = ?`,
        )
        .bind(Date.now(), channel, providerRef, row.id)
        .run();
      result.delivered++;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (attempts >= MAIL_MAX_ATTEMPTS) {
        await giveUp(db, row.id, now, text);
        result.failed++;
      } else {
        await db
          .prepare('UPDATE message_outbox SET last_error = ? WHERE id = ?')
          .bind(text.slice(0, 500), row.id)
          .run();
        result.retrying++;
      }
    }
  }
  return result;
}

/** One attempt: WhatsApp when asked and possible; a code falls back to SMS. */
async function sendOnce(
  senders: Senders,
  message: OutgoingMessage,
  key: string,
  smsFallback: boolean,
): Promise<{ channel: Channel; providerRef: string | null }> {
  if (message.channel === 'whatsapp') {
    if (senders.whatsapp) {
      try {
        return { channel: 'whatsapp', ...(await senders.whatsapp.send(message, key)) };
      } catch (error) {
        if (!(error instanceof NotOnWhatsApp) || !smsFallback) throw error;
      }
    } else if (!smsFallback) throw new Error('no WhatsApp account configured');
  }
  return { channel: 'sms', ...(await senders.sms.send({ ...message, channel: 'sms' }, key)) };
}

async function giveUp(db: D1Database, id: number, now: number, reason: string | null): Promise<void> {
  await db
    // A code that never arrived is not kept readable either.
    .prepare(
      `UPDATE message_outbox SET failed_at = ?, next_attempt_at = NULL, last_error = coalesce(?, last_error),
         body_text = CASE WHEN kind IN ('sign_in_code', 'verify_code') THEN '' ELSE body_text END,
         params = CASE WHEN kind IN ('sign_in_code', 'verify_code') THEN '[]' ELSE params END,
         button_param = CASE WHEN kind IN ('sign_in_code', 'verify_code') THEN NULL ELSE button_param END
       WHERE id = ?`,
    )
    .bind(now, reason?.slice(0, 500) ?? null, id)
    .run();
  log.error('text message given up after its last attempt', { messageId: id, reason });
}
