// Mail sender. Local mode writes every message to the mail_outbox table (the dev mailbox lists it);
// with RESEND_API_KEY set, messages go through Resend's HTTP API (POST /emails).
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative (order confirmations with a tax invoice); the text part is always sent. */
  html?: string;
}

export interface MailSender {
  send(mail: Mail): Promise<void>;
}

export function outboxSender(db: D1Database): MailSender {
  return {
    async send(mail) {
      await db
        .prepare('INSERT INTO mail_outbox (to_address, subject, body_text, body_html, created_at) VALUES (?, ?, ?, ?, ?)')
        .bind(mail.to, mail.subject, mail.text, mail.html ?? null, Date.now())
        .run();
    },
  };
}

export function resendSender(apiKey: string, from: string, fetcher: typeof fetch = fetch): MailSender {
  return {
    async send(mail) {
      const res = await fetcher('https://api.resend.com/emails', {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from, to: [mail.to], subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) }),
      });
      if (!res.ok) throw new Error(`mail provider answered ${res.status}`);
    },
  };
}

export function mailSender(env: { DB: D1Database; RESEND_API_KEY?: string; MAIL_FROM?: string }): MailSender {
  return env.RESEND_API_KEY ? resendSender(env.RESEND_API_KEY, env.MAIL_FROM || 'Gulf Vitamins <no-reply@gulfvitamins.example>') : outboxSender(env.DB);
}
