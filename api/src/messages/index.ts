// Texts to phones (decision 43): sign-in codes by SMS or WhatsApp, order updates on WhatsApp. Like mail
// (decision 14) they are never sent from a shopper's request: they are queued in message_outbox in the
// batch of the change that causes them (outbox.ts) and handed to a sender by the delivery run
// (deliver.ts). Two real senders, Unifonic's SMS API and the WhatsApp Cloud API, and the local outbox.
import type { ApiConfig } from '../lib/config';

export type Channel = 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: Channel;
  /** E.164, e.g. +96550000000. */
  to: string;
  lang: 'en' | 'ar';
  /** The text as the shopper reads it: the SMS itself. */
  text: string;
  /** WhatsApp: the approved template's name and its body parameters. */
  template: string | null;
  params: string[];
  /** The template's URL button parameter: a code (authentication templates) or a stop link's token. */
  buttonParam?: string;
}

/** What a sender tells: the provider's id of the message. */
interface Sent {
  providerRef: string | null;
}

/** The number cannot get WhatsApp messages (not on WhatsApp): the delivery run sends it by SMS instead. */
export class NotOnWhatsApp extends Error {}

export interface MessageSender {
  send(message: OutgoingMessage, key: string): Promise<Sent>;
}

/** Local mode: the outbox row is the message (/dev/messages lists it). */
const outboxSender: MessageSender = {
  async send() {
    return { providerRef: null };
  },
};

const UNIFONIC_API = 'https://el.cloud.unifonic.com/rest/SMS/messages';

/**
 * Unifonic's REST SMS API (docs.unifonic.com): POST form fields AppSid, SenderID, Recipient (the
 * international number without + or 00), Body, responseType=JSON, CorrelationID (ours, for their
 * reports); it answers {success, errorCode, data: {MessageID}}.
 */
export function unifonicSender(appSid: string, senderId: string, fetcher: typeof fetch = fetch): MessageSender {
  return {
    async send(message, key) {
      const res = await fetcher(UNIFONIC_API, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          AppSid: appSid,
          SenderID: senderId,
          Recipient: message.to.replace(/^\+/, ''),
          Body: message.text,
          responseType: 'JSON',
          CorrelationID: key,
        }),
      });
      const body = (await res.json().catch(() => null)) as {
        success?: boolean | string;
        errorCode?: string;
        data?: { MessageID?: string | number };
      } | null;
      if (!res.ok || !body || String(body.success) !== 'true')
        throw new Error(`Unifonic answered ${res.status} ${body?.errorCode ?? ''}`.trim());
      return { providerRef: body.data?.MessageID != null ? String(body.data.MessageID) : null };
    },
  };
}

const GRAPH_API = 'https://graph.facebook.com/v21.0';
/** WhatsApp's error for a number that cannot receive the message (not a WhatsApp user, among others). */
const UNDELIVERABLE = 131026;

/**
 * The WhatsApp Cloud API (developers.facebook.com/docs/whatsapp/cloud-api): POST /{phone-number-id}/
 * messages with a template message, in the shopper's language. A code goes in an authentication
 * template, whose body and copy-code button both take it; an update's button is its stop link.
 */
export function whatsappSender(token: string, phoneNumberId: string, fetcher: typeof fetch = fetch): MessageSender {
  return {
    async send(message) {
      if (!message.template) throw new Error('a WhatsApp message needs a template');
      const components: unknown[] = [
        { type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) },
      ];
      if (message.buttonParam)
        components.push({
          type: 'button',
          sub_type: 'url',
          index: '0',
          parameters: [{ type: 'text', text: message.buttonParam }],
        });
      const res = await fetcher(`${GRAPH_API}/${phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to.replace(/^\+/, ''),
          type: 'template',
          template: { name: message.template, language: { code: message.lang }, components },
        }),
      });
      const body = (await res.json().catch(() => null)) as {
        messages?: Array<{ id?: string }>;
        error?: { code?: number; message?: string };
      } | null;
      if (body?.error?.code === UNDELIVERABLE) throw new NotOnWhatsApp(body.error.message ?? 'not on WhatsApp');
      if (!res.ok || !body?.messages?.[0]?.id)
        throw new Error(`WhatsApp answered ${res.status} ${body?.error?.code ?? ''}`.trim());
      return { providerRef: body.messages[0].id };
    },
  };
}

export interface Senders {
  sms: MessageSender;
  /** Null: no WhatsApp account configured, so WhatsApp messages go by SMS. */
  whatsapp: MessageSender | null;
}

export function messageSenders(config: ApiConfig, fetcher: typeof fetch = fetch): Senders {
  if (config.MESSAGES_MODE === 'outbox') return { sms: outboxSender, whatsapp: outboxSender };
  return {
    sms:
      config.UNIFONIC_APP_SID && config.UNIFONIC_SENDER_ID
        ? unifonicSender(config.UNIFONIC_APP_SID, config.UNIFONIC_SENDER_ID, fetcher)
        : {
            async send() {
              throw new Error('no SMS provider configured (UNIFONIC_APP_SID, UNIFONIC_SENDER_ID)');
            },
          },
    whatsapp:
      config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
        ? whatsappSender(config.WHATSAPP_TOKEN, config.WHATSAPP_PHONE_NUMBER_ID, fetcher)
        : null,
  };
}
