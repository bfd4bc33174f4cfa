// The consultation call through the two workers a browser meets (decision 56): the storefront's and the
// back office's WebSocket pass-through to the room (a valid ticket, offered as a subprotocol by the
// session that joined, reaches the Durable Object once and gets its welcome; another site's page, a plain
// GET, an expired ticket, a used one or another session's do not), the nutritionist's call
// page with the one script its CSP allows, and the camera and microphone allowed in the documents of the
// call and its device check only, in both workers.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { issueTicket, userHolder } from '#api/src/consultations/call/ticket';
import type { CallJoin, ServerFrame } from '#shared/consultations/call';
import { CALL_WS_PROTOCOL } from '#shared/consultations/call-socket';
import { insertBookedConsultation } from '../../support/consultation-call-fixture';
import { TEST_TOKEN_SECRET } from '../../support/staff-fixture';
import { manifestPath } from '#shared/app/paths';
import { cookiesFrom, registerShopper, storefront } from './helpers';
import { STAFF, staffPage, staffSignIn } from './staff-session';

async function shopperRow() {
  const user = await env.API_DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES ('Sara Caller', ?, '', 'en', ?) RETURNING id",
  )
    .bind(`call-${crypto.randomUUID()}@example.com`, Date.now())
    .first<{ id: number }>();
  return user!.id;
}

/** The first frame the room sends over a socket the worker handed back. */
async function welcome(res: Response): Promise<ServerFrame> {
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const first = new Promise<ServerFrame>((resolve) =>
    ws.addEventListener('message', (e) => resolve(JSON.parse(e.data as string) as ServerFrame), { once: true }),
  );
  ws.accept();
  const frame = await first;
  ws.close(1000);
  return frame;
}

const upgrade = (origin: string, ticket = '', cookie = '') => ({
  upgrade: 'websocket',
  origin,
  ...(ticket ? { 'sec-websocket-protocol': `${CALL_WS_PROTOCOL}, ${ticket}` } : {}),
  ...(cookie ? { cookie } : {}),
});

const msg = async (res: Response) => (await res.json<{ meta: { msg: string } }>()).meta.msg;

/** A signed-in shopper (her cookies) with a booked consultation now. */
async function shopperWithCall() {
  const device = cookiesFrom(await storefront('/api/country'));
  const cookie = await registerShopper(`call-${crypto.randomUUID()}@example.com`, device, 'Sara Caller');
  const me = await storefront('/api/user/me', { headers: { cookie } });
  const userId = (await me.json<{ data: { user: { id: number } } }>()).data.user.id;
  const { consultationId } = await insertBookedConsultation(env.API_DB, { userId });
  return { cookie, id: consultationId };
}

/** Her join through the storefront's /api, as the call page asks for it. */
async function shopperJoin(id: number, cookie: string): Promise<CallJoin> {
  const res = await storefront(`/api/user/consultation/${id}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://shop.test', cookie },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return (await res.json<{ data: CallJoin }>()).data;
}

describe("the room's WebSocket through the workers", () => {
  it('the storefront passes her ticket (a subprotocol, not the URL) through to the room, and refuses another site, a plain GET and an expired ticket', async () => {
    const { cookie, id } = await shopperWithCall();
    const join = await shopperJoin(id, cookie);
    const path = `/api/consultation/${id}/room`;
    expect(join.ws_path).toBe(path);
    const opened = await storefront(path, { headers: upgrade('http://shop.test', join.ticket, cookie) });
    // The browser fails a socket whose answer does not name one of the subprotocols it offered.
    expect(opened.headers.get('sec-websocket-protocol')).toBe(CALL_WS_PROTOCOL);
    expect(await welcome(opened)).toMatchObject({ type: 'welcome', side: 'shopper', media: 'direct' });

    const fresh = (await shopperJoin(id, cookie)).ticket;
    const crossSite = await storefront(path, { headers: upgrade('https://evil.example', fresh, cookie) });
    expect(crossSite.status).toBe(403);
    expect(await msg(crossSite)).toBe('forbidden_cross_site');
    const plainGet = await storefront(path, { headers: { cookie } });
    expect(plainGet.status).toBe(426);
    expect(await msg(plainGet)).toBe('call_room_websocket_required');

    const me = await env.API_DB.prepare(
      'SELECT s.id FROM sessions s JOIN consultations c ON c.user_id = s.user_id WHERE c.id = ?',
    )
      .bind(id)
      .first<{ id: number }>();
    const expired = (await issueTicket(TEST_TOKEN_SECRET, id, 'shopper', userHolder(me!.id), Date.now() - 5 * 60_000))
      .ticket;
    const refused = await storefront(path, { headers: upgrade('http://shop.test', expired, cookie) });
    expect(refused.status).toBe(403);
    expect(await msg(refused)).toBe('call_ticket_invalid');
  });

  it('a ticket opens one socket, for the session that joined only (issue 61, finding 18)', async () => {
    const { cookie, id } = await shopperWithCall();
    const path = `/api/consultation/${id}/room`;
    const { ticket } = await shopperJoin(id, cookie);
    expect(
      await welcome(await storefront(path, { headers: upgrade('http://shop.test', ticket, cookie) })),
    ).toMatchObject({ type: 'welcome', side: 'shopper' });
    // The same ticket a second time, even from her own browser: refused, no socket, no chat.
    const again = await storefront(path, { headers: upgrade('http://shop.test', ticket, cookie) });
    expect(again.status).toBe(403);
    expect(await msg(again)).toBe('call_ticket_used');
    expect(again.webSocket).toBeNull();

    // A fresh ticket in another browser: signed out, or signed in as someone else.
    const fresh = (await shopperJoin(id, cookie)).ticket;
    const device = cookiesFrom(await storefront('/api/country'));
    const someoneElse = await registerShopper(`call-${crypto.randomUUID()}@example.com`, device, 'Someone Else');
    for (const other of [device, someoneElse]) {
      const res = await storefront(path, { headers: upgrade('http://shop.test', fresh, other) });
      expect(res.status).toBe(403);
      expect(await msg(res)).toBe('call_ticket_invalid');
    }
    // In the query, where access logs keep it, a ticket opens nothing.
    const inQuery = await storefront(`${path}?ticket=${encodeURIComponent(fresh)}`, {
      headers: upgrade('http://shop.test', '', cookie),
    });
    expect(inQuery.status).toBe(403);
    // Still unused, it opens for her.
    expect(
      await welcome(await storefront(path, { headers: upgrade('http://shop.test', fresh, cookie) })),
    ).toMatchObject({ side: 'shopper' });
  });

  it('the back office passes the nutritionist’s ticket through for her session, once, from its own origin only', async () => {
    const me = await staffSignIn([{ role: 'nutritionist', country: null }]);
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, {
      userId: await shopperRow(),
      staffId: me.id,
    });
    const staffJoin = async (cookie: string) => {
      const res = await staffPage(`/consultations/${id}/join`, cookie, {
        method: 'POST',
        headers: { origin: STAFF, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(200);
      return (await res.json<{ data: CallJoin }>()).data;
    };
    const join = await staffJoin(me.cookie);
    const path = `/consultations/${id}/room`;
    expect(join.ws_path).toBe(path);
    const opened = await staffPage(path, me.cookie, { headers: upgrade(STAFF, join.ticket) });
    expect(opened.headers.get('sec-websocket-protocol')).toBe(CALL_WS_PROTOCOL);
    expect(await welcome(opened)).toMatchObject({ side: 'nutritionist' });
    const again = await staffPage(path, me.cookie, { headers: upgrade(STAFF, join.ticket) });
    expect(again.status).toBe(403);
    expect(await msg(again)).toBe('call_ticket_used');

    const fresh = (await staffJoin(me.cookie)).ticket;
    // Another staff member's session, or none, cannot use her ticket.
    const colleague = await staffSignIn([{ role: 'nutritionist', country: null }]);
    for (const cookie of [colleague.cookie, '']) {
      const res = await staffPage(path, cookie, { headers: upgrade(STAFF, fresh) });
      expect(res.status).toBe(403);
      expect(await msg(res)).toBe('call_ticket_invalid');
    }
    const crossSite = await staffPage(path, me.cookie, { headers: upgrade('http://shop.test', fresh) });
    expect(crossSite.status).toBe(403);
    expect(await msg(crossSite)).toBe('forbidden_cross_site');
    const plainGet = await staffPage(path, me.cookie, { headers: { origin: STAFF } });
    expect(plainGet.status).toBe(426);
    expect(await msg(plainGet)).toBe('call_room_websocket_required');
  });
});

describe("the nutritionist's call page", () => {
  it('renders the call with the shopper’s name and allows exactly its one script and the room’s socket', async () => {
    const me = await staffSignIn([{ role: 'nutritionist', country: null }]);
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, {
      userId: await shopperRow(),
      staffId: me.id,
    });
    const res = await staffPage(`/consultations/${id}/call`, me.cookie);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("connect-src 'self'");
    const page = await res.text();
    expect(page).toContain('Call with Sara Caller');
    expect(page).toContain(`<script src="/consultation-call.js" nonce="${nonce}" defer="">`);

    const script = await staffPage('/consultation-call.js', me.cookie);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(1000);

    // Another staff page keeps running no script at all.
    expect((await staffPage('/consultations', me.cookie)).headers.get('content-security-policy')).toContain(
      "script-src 'none'",
    );
  });

  it('is 404 for a nutritionist the consultation is not booked with, without the script', async () => {
    const other = await staffSignIn([{ role: 'nutritionist', country: null }]);
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, { userId: await shopperRow() });
    const res = await staffPage(`/consultations/${id}/call`, other.cookie);
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).toContain('This consultation is not one of yours.');
    expect(page).not.toContain('consultation-call.js');
  });
});

const REFUSED = 'camera=(), microphone=(), geolocation=(), payment=(self)';
const ALLOWED = 'camera=(self), microphone=(self), geolocation=(), payment=(self)';
const policy = (res: Response) => res.headers.get('permissions-policy');

describe("camera and microphone: the media pages' documents only (decision 56)", () => {
  it('are refused on every other answer of the shop: pages, the sitemap, the manifest, the API, a kept page', async () => {
    for (const path of ['/', '/ar/products', '/sitemap.xml', manifestPath('en'), '/api/country']) {
      const res = await storefront(path);
      expect(res.status, path).toBe(200);
      expect(policy(res), path).toBe(REFUSED);
    }
    // A guest page from the edge cache goes through the same headers.
    const cacheOn = { PAGE_CACHE_TTL_S: '300' };
    await storefront('/ar/our-story', {}, cacheOn);
    const kept = await storefront('/ar/our-story', {}, cacheOn);
    expect(kept.headers.get('x-page-cache')).toBe('hit');
    expect(policy(kept)).toBe(REFUSED);
  });

  it('are allowed for the shop’s own origin on the device check in both languages and on her call', async () => {
    for (const path of ['/consultation-check', '/ar/consultation-check']) {
      const res = await storefront(path);
      expect(res.status, path).toBe(200);
      expect(policy(res), path).toBe(ALLOWED);
      expect(await res.text(), path).toContain(
        path.startsWith('/ar') ? 'فحص الكاميرا' : 'Check your camera and microphone',
      );
    }
    const device = cookiesFrom(await storefront('/api/country'));
    const registered = await storefront('/api/user/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://shop.test', cookie: device },
      body: JSON.stringify({
        name: 'Sara Caller',
        email: `call-${crypto.randomUUID()}@example.com`,
        password: 'secret1',
      }),
    });
    expect(registered.status).toBe(200);
    const cookie = `${device}; ${cookiesFrom(registered)}`;
    const userId = (await registered.json<{ data: { user: { id: number } } }>()).data.user.id;
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, { userId });
    for (const path of [`/profile/consultations/${id}/call`, `/ar/profile/consultations/${id}/call`]) {
      const call = await storefront(path, { headers: { cookie } });
      expect(call.status, path).toBe(200);
      expect(policy(call), path).toBe(ALLOWED);
    }
    // Her consultation's page, the way in, is refused them; its links to the call load a document.
    const consultation = await storefront(`/profile/consultations/${id}`, { headers: { cookie } });
    expect(consultation.status).toBe(200);
    expect(policy(consultation)).toBe(REFUSED);
    // The room's socket and the join are not documents.
    expect(policy(await storefront(`/api/consultation/${id}/room`))).toBe(REFUSED);
  });

  it('in the back office: refused on every page but the call’s, and payment on every page', async () => {
    const me = await staffSignIn([{ role: 'nutritionist', country: null }]);
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, {
      userId: await shopperRow(),
      staffId: me.id,
    });
    // No back-office page takes a payment, so none allows it (issue 73).
    expect(policy(await staffPage(`/consultations/${id}/call`, me.cookie))).toBe(
      'camera=(self), microphone=(self), geolocation=(), payment=()',
    );
    for (const path of ['/consultations', '/sign-in', '/consultation-call.js']) {
      const res = await staffPage(path, path === '/sign-in' ? '' : me.cookie);
      expect(res.status, path).toBe(200);
      expect(policy(res), path).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    }
  });
});

describe("a consultation's calendar file (issue 61, finding 1)", () => {
  it('downloads through /api for its owner in either language, and is the API’s 404 for anyone else', async () => {
    const device = cookiesFrom(await storefront('/api/country'));
    const owner = await registerShopper(`ics-${crypto.randomUUID()}@example.com`, device, 'Huda Caller');
    const other = await registerShopper(`ics-${crypto.randomUUID()}@example.com`, device, 'Someone Else');
    const me = await storefront('/api/user/me', { headers: { cookie: owner } });
    const userId = (await me.json<{ data: { user: { id: number } } }>()).data.user.id;
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, {
      userId,
      startsAt: Date.now() + 3 * 86_400_000,
    });
    for (const [cookie, summary] of [
      [owner, 'SUMMARY;LANGUAGE=en:Nutrition consultation with'],
      [`${owner}; lang=ar`, 'SUMMARY;LANGUAGE=ar:استشارة تغذية مع'],
    ] as const) {
      const res = await storefront(`/api/user/consultation/${id}/ics`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="consultation-${id}.ics"`);
      const text = await res.text();
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT/);
      // A consultation's file does not call itself a blood test's.
      expect(text).toContain('PRODID:-//Gulf Vitamins//Shop//EN');
      expect(text.replace(/\r\n /g, '')).toContain(summary);
    }
    const theirs = await storefront(`/api/user/consultation/${id}/ics`, { headers: { cookie: other } });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
