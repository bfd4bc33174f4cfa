// Mail transports. Mail is never sent from a shopper's request: it is queued in mail_outbox in the same
// batch as the change that causes it (mail/outbox.ts) and handed to a transport by the delivery run
// (mail/deliver.ts). Local mode (no RESEND_API_KEY) has nothing to hand it to: the queued row is the
// local mailbox, and "delivering" it marks it delivered, which is what the dev mailbox lists.
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative (order confirmations with a tax invoice); the text part is always sent. */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alert mails. */
  headers?: Record<string, string>;
  /** Files sent with it (a moved consultation's calendar file); text content, sent base64-encoded. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content_type: string;
  content: string;
}

/** Base64 of a text's UTF-8 bytes (the provider takes attachments so). */
export function base64Text(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface MailSender {
  /** `key` identifies the outbox row: the provider drops a second send with the same key. */
  send(mail: Mail, key: string): Promise<void>;
}

/** Local mode: the outbox row is the message, so there is nothing more to do. */
const localSender: MailSender = { async send() {} };

export function resendSender(apiKey: string, from: string, fetcher: typeof fetch = fetch): MailSender {
  return {
    async send(mail, key) {
      const res = await fetcher('https://api.resend.com/emails', {
        method: 'POST',
        // A retry after a send whose answer was lost (timeout, the worker stopped) is not sent twice.
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
          ...(mail.attachments?.length
            ? {
                attachments: mail.attachments.map((a) => ({
                  filename: a.filename,
                  content: base64Text(a.content),
                  content_type: a.content_type,
                })),
              }
            : {}),
        }),
      });
      if (!res.ok) throw new Error(`mail provider answered ${res.status}`);
    },
  };
}

export interface MailEnv {
  DB: D1Database;
  RESEND_API_KEY?: string;
  MAIL_FROM?: string;
}

export function mailSender(env: MailEnv): MailSender {
  return env.RESEND_API_KEY
    ? resendSender(env.RESEND_API_KEY, env.MAIL_FROM || 'Gulf Vitamins <no-reply@gulfvitamins.example>')
    : localSender;
}
