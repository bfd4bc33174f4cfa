import { describe, expect, it } from 'vitest';
import { NotOnWhatsApp, unifonicSender, whatsappSender, type OutgoingMessage } from './index';

const code: OutgoingMessage = {
  channel: 'whatsapp',
  to: '+96550000001',
  lang: 'ar',
  text: '123456 هو رمز التحقق',
  template: 'sign_in_code',
  params: ['123456'],
  buttonParam: '123456',
};

function recording(answer: () => Response) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as unknown as typeof fetch;
  return { calls, fetcher };
}

describe('Unifonic SMS', () => {
  it('posts the documented form fields, the number without +, and reads the message id', async () => {
    const { calls, fetcher } = recording(() =>
      Response.json({ success: true, message: '', errorCode: 'ER-00', data: { MessageID: 4567 } }),
    );
    const sent = await unifonicSender('app-sid-123456', 'GulfVitamin', fetcher).send(
      { ...code, channel: 'sms' },
      'msg-9',
    );
    expect(sent).toEqual({ providerRef: '4567' });
    expect(calls[0]!.url).toBe('https://el.cloud.unifonic.com/rest/SMS/messages');
    const form = new URLSearchParams(String(calls[0]!.init.body));
    expect(Object.fromEntries(form)).toEqual({
      AppSid: 'app-sid-123456',
      SenderID: 'GulfVitamin',
      Recipient: '96550000001',
      Body: code.text,
      responseType: 'JSON',
      CorrelationID: 'msg-9',
    });
  });

  it('throws on a refusal, so the delivery run tries again later', async () => {
    const { fetcher } = recording(() => Response.json({ success: false, errorCode: 'ER-01' }));
    await expect(unifonicSender('app-sid-123456', 'S', fetcher).send(code, 'k')).rejects.toThrow(/ER-01/);
  });
});

describe('WhatsApp Cloud API', () => {
  it('sends an authentication template in the shopper’s language, the code in its body and button', async () => {
    const { calls, fetcher } = recording(() => Response.json({ messages: [{ id: 'wamid.1' }] }));
    const sent = await whatsappSender('token-0123456789abcdef0123', '100000000000001', fetcher).send(code, 'k');
    expect(sent).toEqual({ providerRef: 'wamid.1' });
    expect(calls[0]!.url).toBe('https://graph.facebook.com/v21.0/100000000000001/messages');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer token-0123456789abcdef0123');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '96550000001',
      type: 'template',
      template: {
        name: 'sign_in_code',
        language: { code: 'ar' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '123456' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '123456' }] },
        ],
      },
    });
  });

  it('tells a number without WhatsApp (error 131026) from other failures', async () => {
    const none = recording(() =>
      Response.json({ error: { code: 131026, message: 'Message undeliverable' } }, { status: 400 }),
    );
    await expect(
      whatsappSender('token-0123456789abcdef0123', '1', none.fetcher).send(code, 'k'),
    ).rejects.toBeInstanceOf(NotOnWhatsApp);
    const down = recording(() => Response.json({ error: { code: 131000 } }, { status: 500 }));
    const error = await whatsappSender('token-0123456789abcdef0123', '1', down.fetcher)
      .send(code, 'k')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(NotOnWhatsApp);
  });
});
