// The consultation call through the two workers a browser meets (decision 56): the storefront's and the
// back office's WebSocket pass-through to the room (a valid ticket reaches the Durable Object and gets
// its welcome; another site's page, a plain GET or an expired ticket do not), the nutritionist's call
// page with the one script its CSP allows, and the camera and microphone allowed in the documents of the
// call and its device check only, in both workers.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { issueTicket } from '#api/src/consultations/call/ticket';
import type { ServerFrame } from '#shared/consultations/call';
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

const upgrade = (origin: string) => ({ upgrade: 'websocket', origin });

describe("the room's WebSocket through the workers", () => {
  it('the storefront passes a valid ticket through to the room, and refuses another site, a plain GET and an expired ticket', async () => {
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, { userId: await shopperRow() });
    const { ticket } = await issueTicket(TEST_TOKEN_SECRET, id, 'shopper');
    const path = `/api/consultation/${id}/room?ticket=${encodeURIComponent(ticket)}`;
    expect(await welcome(await storefront(path, { headers: upgrade('http://shop.test') }))).toMatchObject({
      type: 'welcome',
      side: 'shopper',
      media: 'direct',
    });

    const crossSite = await storefront(path, { headers: upgrade('https://evil.example') });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json<{ meta: { msg: string } }>()).meta.msg).toBe('forbidden_cross_site');
    const plainGet = await storefront(path);
    expect(plainGet.status).toBe(426);
    expect((await plainGet.json<{ meta: { msg: string } }>()).meta.msg).toBe('call_room_websocket_required');

    const expired = (await issueTicket(TEST_TOKEN_SECRET, id, 'shopper', Date.now() - 5 * 60_000)).ticket;
    const refused = await storefront(`/api/consultation/${id}/room?ticket=${encodeURIComponent(expired)}`, {
      headers: upgrade('http://shop.test'),
    });
    expect(refused.status).toBe(403);
    expect((await refused.json<{ meta: { msg: string } }>()).meta.msg).toBe('call_ticket_invalid');
  });

  it('the back office passes the nutritionist’s ticket through, from its own origin only', async () => {
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, { userId: await shopperRow() });
    const { ticket } = await issueTicket(TEST_TOKEN_SECRET, id, 'nutritionist');
    const path = `/consultations/${id}/room?ticket=${encodeURIComponent(ticket)}`;
    expect(await welcome(await staffPage(path, '', { headers: upgrade(STAFF) }))).toMatchObject({
      side: 'nutritionist',
    });
    const crossSite = await staffPage(path, '', { headers: upgrade('http://shop.test') });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json<{ meta: { msg: string } }>()).meta.msg).toBe('forbidden_cross_site');
    const plainGet = await staffPage(path, '', { headers: { origin: STAFF } });
    expect(plainGet.status).toBe(426);
    expect((await plainGet.json<{ meta: { msg: string } }>()).meta.msg).toBe('call_room_websocket_required');
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

  it('in the back office: refused on every page but the call’s', async () => {
    const me = await staffSignIn([{ role: 'nutritionist', country: null }]);
    const { consultationId: id } = await insertBookedConsultation(env.API_DB, {
      userId: await shopperRow(),
      staffId: me.id,
    });
    expect(policy(await staffPage(`/consultations/${id}/call`, me.cookie))).toBe(ALLOWED);
    for (const path of ['/consultations', '/sign-in', '/consultation-call.js']) {
      const res = await staffPage(path, path === '/sign-in' ? '' : me.cookie);
      expect(res.status, path).toBe(200);
      expect(policy(res), path).toBe(REFUSED);
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
      expect(text.replace(/\r\n /g, '')).toContain(summary);
    }
    const theirs = await storefront(`/api/user/consultation/${id}/ics`, { headers: { cookie: other } });
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
