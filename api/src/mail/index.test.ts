import { describe, expect, it } from 'vitest';
import { base64Text, resendSender } from './index';

describe('the mail provider', () => {
  it('sends a file with its mail, base64 of its UTF-8 bytes (a calendar file with Arabic text)', async () => {
    const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    const ics = 'BEGIN:VCALENDAR\r\nSUMMARY;LANGUAGE=ar:استشارة تغذية\r\nEND:VCALENDAR\r\n';
    await resendSender('key', 'shop <a@b.example>', fetcher).send(
      {
        to: 'her@example.com',
        subject: 'Moved',
        text: 'New time',
        attachments: [{ filename: 'consultation-7.ics', content_type: 'text/calendar', content: ics }],
      },
      'mail-1',
    );
    expect(sent[0]!.body.attachments).toEqual([
      { filename: 'consultation-7.ics', content: base64Text(ics), content_type: 'text/calendar' },
    ]);
    expect(new TextDecoder().decode(Uint8Array.from(atob(base64Text(ics)), (c) => c.charCodeAt(0)))).toBe(ics);
  });

  it('sends no attachments field for a mail without files', async () => {
    let body: Record<string, unknown> = {};
    const fetcher = (async (_url: string, init: RequestInit) => {
      body = JSON.parse(String(init.body));
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    await resendSender('key', 'shop <a@b.example>', fetcher).send({ to: 'x@y.example', subject: 's', text: 't' }, 'k');
    expect(body).not.toHaveProperty('attachments');
  });
});
