// A notice to a shopper (her archive is ready, her results are approved) goes where she can get it
// (decision 51): her e-mail when the account has one and it is proven (decision 85); else, for an account
// with a number a code proved, a text by SMS to it (no WhatsApp template is approved for these); else nowhere.
// The account page and the booking's success page say the same, from the same facts.
import type { Lang } from '#shared/locale';
import { queueMail, type QueuedMail } from '../mail/outbox';
import { type MessageKind, type QueuedMessage, queueMessage, queueMessageWhen } from './outbox';

export interface NoticeTarget {
  email: string;
  phone: string | null;
  phone_verified_at: number | null;
}

/** The statement that queues the notice, for the caller's batch; none when she has neither. */
export function noticeStatements(
  db: D1Database,
  to: NoticeTarget,
  o: {
    lang: Lang;
    mail: Omit<QueuedMail, 'to' | 'lang'>;
    kind: MessageKind;
    text: string;
    dedupeKey: string;
    now: number;
  },
): D1PreparedStatement[] {
  const mail = to.email ? [queueMail(db, { ...o.mail, to: to.email, lang: o.lang }, o.now)] : [];
  if (!to.phone || !to.phone_verified_at) return mail;
  const text: QueuedMessage = {
    channel: 'sms',
    to: to.phone,
    lang: o.lang,
    kind: o.kind,
    text: o.text,
    template: null,
    params: [],
    dedupeKey: o.dedupeKey,
  };
  if (!to.email) return [queueMessage(db, text, o.now)];
  // An address nobody proved yet is not mailed (decision 85's gate, mail/outbox.ts): then the text to her
  // proven number goes instead, decided in the batch by whether the mail was stored.
  return [
    ...mail,
    queueMessageWhen(db, text, o.now, {
      sql: 'NOT EXISTS (SELECT 1 FROM mail_outbox WHERE dedupe_key = ?)',
      binds: [o.mail.dedupeKey],
    }),
  ];
}
