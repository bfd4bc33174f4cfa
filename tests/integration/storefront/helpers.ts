import { expect } from 'vitest';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import app from '#worker/index';

export type StubHandler = (request: Request) => Response | Promise<Response>;

/** Calls the storefront worker; `overrides` replace bindings (e.g. API with a stub) for this call. */
export async function storefront(
  input: string | Request,
  init?: RequestInit,
  overrides: Partial<StorefrontEnv> = {},
): Promise<Response> {
  const request = typeof input === 'string' ? new Request(new URL(input, 'http://shop.test'), init) : input;
  const ctx = createExecutionContext();
  const res = await app.fetch(request as unknown as Parameters<typeof app.fetch>[0], { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * A stand-in commerce API: records what it received and answers with the handler. A page's bundle
 * (POST /bundle) is opened as the real API does: each call reaches the handler as a request of its
 * own (recorded too), as the bundle's device, and a bundle without a device token gets a new one.
 */
export function stubApi(handler: StubHandler) {
  const received: Request[] = [];
  const fetcher = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input as RequestInfo, init);
      received.push(request.clone() as Request);
      const path = new URL(request.url).pathname;
      if (path === '/device/auth') {
        return Response.json({
          data: { access_token: `dv1.${crypto.randomUUID()}.stub` },
          meta: { msg: 'ok', code: 200, msgType: 0 },
        });
      }
      if (path === '/bundle') return openBundle(request, handler, received);
      return handler(request);
    },
    connect() {
      throw new Error('not supported');
    },
  } as unknown as Fetcher;
  return { fetcher, received };
}

async function openBundle(request: Request, handler: StubHandler, received: Request[]): Promise<Response> {
  const { calls } = (await request.json()) as { calls: Array<{ method: string; path: string; body?: unknown }> };
  const token = request.headers.get('x-token');
  const device_token = token ? null : `dv1.${crypto.randomUUID()}.stub`;
  const answers = [];
  for (const call of calls) {
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    headers.set('x-token', token ?? device_token!);
    const inner = new Request(new URL(call.path, request.url), {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    received.push(inner.clone() as Request);
    const res = await handler(inner);
    answers.push({ status: res.status, body: await res.json() });
  }
  return Response.json({ data: { device_token, answers }, meta: { msg: 'ok', code: 200, msgType: 0 } });
}

export function envelope(data: unknown, code = 200, msg = 'ok') {
  return Response.json({ data, meta: { msg, code, msgType: code < 400 ? 0 : 1 } }, { status: code });
}

/** Cookie header value from a response's Set-Cookie lines (name=value pairs only). */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** Her cookie header with the Set-Cookie lines of an answer written over it (as a browser keeps them). */
export function withAnswer(cookie: string, res: Response): string {
  const jar = new Map(
    cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0]!, pair] as const),
  );
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const name = pair.split('=')[0]!;
    if (pair.endsWith('=') || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * A signed-in shopper's kept page as her browser shows it once read (decision 76): each of her places
 * (the kept copy's neutral element) swapped for the one streamed for her after the copy.
 */
export function shownPage(html: string): string {
  let page = html;
  for (const [fill, name, markup] of html.matchAll(/<template data-her-fill="([\w-]+)">([\s\S]*?)<\/template>/g)) {
    page = page.replace(fill, '');
    const slot = new RegExp(`<div class="her-slot" data-her="${name}"[^>]*>[\\s\\S]*?</div>`);
    page = page.replace(slot, () => markup!);
  }
  return page;
}

export function setCookie(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** A page's structured data as crawlers read it: its one JSON-LD block, an array when it holds several. */
export function jsonLd(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap((m) => JSON.parse(m[1]!));
}

/**
 * Opens the newest confirmation link mailed to `email` at sign-up through the storefront's /api, as her
 * mailbox would (decision 85): her address is proven, so the order mails and alerts a test reads reach her.
 */
export async function openVerifyLink(email: string): Promise<void> {
  const mail = await env.API_DB.prepare(
    "SELECT body_text FROM mail_outbox WHERE to_address = ? AND kind = 'email_verification' ORDER BY id DESC LIMIT 1",
  )
    .bind(email)
    .first<{ body_text: string }>();
  const token = mail && /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  const res = await storefront('/api/user/verify-email', {
    method: 'POST',
    headers: { origin: 'http://shop.test', 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (res.status !== 200) throw new Error(`the confirmation link of ${email} answered ${res.status}`);
}

/** A new shopper registered through the storefront, same-site, on `device`'s cookies: her cookies after. */
export async function registerShopper(email: string, device: string, name = 'Sara Shopper'): Promise<string> {
  return (await registerWithId(email, device, name)).cookie;
}

/**
 * A new shopper who signed up and then viewed these pages one after another, with the page cache on (her
 * kept page, decision 76): her cookies after the last, her session pass and her version among them.
 */
export async function shopperAfterViews(name: string, paths: string[]): Promise<string> {
  const device = cookiesFrom(await storefront('/api/country'));
  let cookie = await registerShopper(`viewed-${crypto.randomUUID()}@example.com`, device, name);
  for (const path of paths) {
    const res = await storefront(path, { headers: { cookie } }, { PAGE_CACHE_TTL_S: '300' });
    await res.text();
    cookie = withAnswer(cookie, res);
  }
  return cookie;
}

/** registerShopper, with her account's id. */
export async function registerWithId(
  email: string,
  device: string,
  name = 'Sara Shopper',
): Promise<{ cookie: string; id: number }> {
  const res = await storefront('/api/user/register', {
    method: 'POST',
    headers: { origin: 'http://shop.test', 'content-type': 'application/json', cookie: device },
    body: JSON.stringify({ name, email, password: 'secret1' }),
  });
  if (res.status !== 200) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
  const body = await res.clone().json<{ data: { user: { id: number } } }>();
  return { cookie: `${device}; ${cookiesFrom(res)}`, id: body.data.user.id };
}

/** A new shopper registered as the browser's fetch does, with her e-mail and account id (staff tests look her up). */
export async function newShopper(prefix: string): Promise<{ email: string; id: number }> {
  const email = `${prefix}-${crypto.randomUUID()}@example.com`;
  const res = await storefront('/api/user/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ name: 'Reem Shopper', email, password: 'secret1' }),
  });
  const body = (await res.json()) as { data: { user: { id: number } } };
  return { email, id: body.data.user.id };
}

/** A shopper's call through the storefront's /api (GET, or POST with a JSON body) that must answer 200: its data. */
export async function apiData<T>(path: string, cookie: string, body?: unknown): Promise<T> {
  const json = { 'content-type': 'application/json', origin: 'http://shop.test' };
  const res = await storefront(
    path,
    body === undefined
      ? { headers: { cookie } }
      : { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) },
  );
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json<{ data: T }>()).data;
}

/** A cash-on-delivery order to Salmiya (Kuwait) placed through the storefront by a signed-in shopper: its id. */
export async function placeKuwaitCodOrder(
  cookie: string,
  items: Array<{ sku_id: number; count: number }> = [{ sku_id: 101, count: 1 }],
): Promise<number> {
  const submit = await storefront('/api/order/submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://shop.test', cookie },
    body: JSON.stringify({
      items,
      payment_method: 'cod',
      address: {
        country: 'KW',
        recipient: 'Noura',
        phone: '98765411',
        area_id: 26,
        block: '9',
        street: '9',
        building: '9',
      },
      idempotency_key: crypto.randomUUID(),
    }),
  });
  const placed = (await submit.json()) as { data: { order: { id: number } } };
  expect(submit.status, JSON.stringify(placed)).toBe(200);
  return placed.data.order.id;
}
