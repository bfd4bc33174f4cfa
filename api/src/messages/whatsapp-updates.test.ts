// An order's WhatsApp update in English: the Kuwaiti shopper's browser story (phone-sign-in.spec.ts)
// reads the Arabic one in the local outbox, and tests/integration/api/whatsapp-updates.test.ts sends the
// Arabic steps; the English words and stop link are checked here (decision 74).
import { describe, expect, it } from 'vitest';
import { orderStepMessage, stoppedPhone } from './whatsapp-updates';

describe('orderStepMessage', () => {
  it('says in English that the order is shipped, with the link that stops the updates', async () => {
    const links = { secret: 'test-secret', siteOrigin: 'https://shop.test' };
    const message = await orderStepMessage(
      { orderId: 4242, lang: 'en', step: 'shipped', phone: '+96566001122' },
      links,
    );
    expect(message!.text).toMatch(
      /^Gulf Vitamins: your order 4242 is shipped\.\nStop WhatsApp updates: https:\/\/shop\.test\/whatsapp\/stop\?t=\S+$/,
    );
    const token = new URL(/https:\/\/\S+/.exec(message!.text)![0]).searchParams.get('t')!;
    expect(token).toBe(message!.buttonParam);
    expect(await stoppedPhone(links.secret, token)).toBe('+96566001122');
  });
});
