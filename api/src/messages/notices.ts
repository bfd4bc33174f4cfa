// A notice to a shopper (her archive is ready, her results are approved) goes where she can get it
// (decision 51): her e-mail when the account has one; else, for an account made with a phone code, a
// text by SMS to the number a code proved (no WhatsApp template is approved for these); else nowhere.
// The account page and the booking's success page say the same, from the same facts.
import type { Lang } from '#shared/locale';
import { queueMail, type QueuedMail } from '../mail/outbox';
import { queueMessage, type MessageKind } from './outbox';

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
  if (to.email) return [queueMail(db, { ...o.mail, to: to.email, lang: o.lang }, o.now)];
  if (!to.phone || !to.phone_verified_at) return [];
  return [
    queueMessage(
      db,
      {
        channel: 'sms',
        to: to.phone,
        lang: o.lang,
        kind: o.kind,
        text: o.text,
        template: null,
        params: [],
        dedupeKey: o.dedupeKey,
      },
      o.now,
    ),
  ];
}
