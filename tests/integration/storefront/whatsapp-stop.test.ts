// The stop link of a WhatsApp update: a GET only shows the page and its one button (link checkers
// follow links); the button's POST relays the signed token to the API; a malformed link is refused
// without calling it.
import { describe, expect, it } from 'vitest';
import { envelope, storefront, stubApi } from './helpers';

const token = `96599001122.${'a'.repeat(32)}`;
const form = { origin: 'http://shop.test', 'content-type': 'application/x-www-form-urlencoded' };

describe('the WhatsApp stop link', () => {
  it('shows the number and one button in the link’s language, and stops nothing by itself', async () => {
    const api = stubApi(() => envelope({ stopped: true }));
    const res = await storefront(`/ar/whatsapp/stop?t=${token}`, {}, { API: api.fetcher });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('+96599001122');
    expect(html).toContain('أوقف تحديثات واتساب');
    expect(api.received.filter((r) => new URL(r.url).pathname === '/whatsapp/stop')).toHaveLength(0);
  });

  it('relays the token when the button is pressed and says it is done', async () => {
    const api = stubApi(async (request) => {
      expect(new URL(request.url).pathname).toBe('/whatsapp/stop');
      expect(await request.json()).toEqual({ token });
      return envelope({ stopped: true });
    });
    const res = await storefront(
      `/whatsapp/stop?t=${token}`,
      { method: 'POST', headers: form, body: '' },
      { API: api.fetcher },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('no more WhatsApp updates');
  });

  it('refuses a malformed link and one the API does not accept', async () => {
    const api = stubApi(() => envelope(null, 400, 'whatsapp_stop_invalid'));
    const bad = await storefront(
      '/whatsapp/stop?t=nope',
      { method: 'POST', headers: form, body: '' },
      { API: api.fetcher },
    );
    expect(bad.status).toBe(400);
    expect(api.received.filter((r) => new URL(r.url).pathname === '/whatsapp/stop')).toHaveLength(0);
    const forged = await storefront(
      `/whatsapp/stop?t=${token}`,
      { method: 'POST', headers: form, body: '' },
      { API: api.fetcher },
    );
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('This link is not valid.');
  });
});

// Of the same shape (issue 73): a guest's confirmation of cart reminders, from the one mail her address got.
describe('the cart reminders confirmation link', () => {
  const confirm = `${btoa('guest@example.com').replaceAll('=', '')}.${'b'.repeat(32)}`;

  it('asks in the link’s language with one button, confirms nothing by itself, and relays the button', async () => {
    const api = stubApi(async (request) => {
      expect(new URL(request.url).pathname).toBe('/cart-reminders/confirm');
      expect(await request.json()).toEqual({ token: confirm });
      return envelope({ confirmed: true });
    });
    const page = await storefront(`/ar/cart-reminders/confirm?t=${confirm}`, {}, { API: api.fetcher });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('نعم، ذكّروني بسلتي');
    expect(api.received).toHaveLength(0);
    const pressed = await storefront(
      `/cart-reminders/confirm?t=${confirm}`,
      { method: 'POST', headers: form, body: '' },
      { API: api.fetcher },
    );
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('a cart you leave will be reminded at this address');
  });
});
