import { env, exports } from 'cloudflare:workers';
import { createSession } from '#api/src/accounts/sessions';
import { emailIdentity } from '#api/src/lib/email-identity';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { signedRequest, type SignedInit } from '../../support/signed-fetch';
import { APP_WIDE_MESSAGES, contractMessages } from '#api/src/contract/message-keys';
import type { RouteContract } from '#api/src/contract/route-contract';
import { contractFor } from './contracted-routes';

/**
 * Like the storefront's, every request names the shopper's address: a fresh one unless the test picks it.
 * Every answer is checked against its route's contract (checkResponse), so every test of the route
 * checks the contract's `response` schema and `messages` too (decision 68).
 */
export async function call(path: string, init: SignedInit = {}): Promise<Response> {
  const request = await signedRequest(path, { ...init, headers: { [CLIENT_IP_HEADER]: randomIp(), ...init.headers } });
  const { method } = request;
  const res = await exports.default.fetch(request);
  await checkResponse(method, new URL(request.url).pathname, res);
  return res;
}

/**
 * Fails the test when an answer is not what its route's contract says: a 2xx answer's data its
 * `response` schema refuses, or (where the contract declares `messages`) a meta.msg that is neither the
 * route's own, nor one its contract produces, nor app-wide (api/src/contract/message-keys.ts). A 5xx is
 * left alone: the server's trouble is never the route's.
 */
export async function checkResponse(method: string, pathname: string, res: Response): Promise<void> {
  if (res.status >= 500 || !res.headers.get('content-type')?.includes('application/json')) return;
  const entry = contractFor(method, pathname);
  if (!entry || (!entry.response && !entry.messages)) return;
  const body = (await res.clone().json()) as { data: unknown; meta?: { msg?: string } };
  const msg = body.meta?.msg;
  if (entry.messages && !(msg !== undefined && allowedMessages(entry).has(msg)))
    throw new Error(
      `${method} ${pathname} answered ${res.status} '${msg}': not in its contract's messages, nor its contract's own keys (${contractMessages(entry).join(', ') || 'none'}), nor the app-wide ones (api/src/contract/message-keys.ts)`,
    );
  if (res.status < 200 || res.status > 299 || !entry.response) return;
  const parsed = entry.response.safeParse(body.data);
  if (!parsed.success)
    throw new Error(
      `${method} ${pathname} answered data its contract's response schema refuses:\n${parsed.error.issues
        .map((i) => `  ${i.path.join('.') || '(data)'}: ${i.message}`)
        .join('\n')}`,
    );
}

/** What a route may answer in meta.msg: its own keys, its contract's, and the app-wide ones. */
const allowedMessages = (entry: RouteContract): Set<string> =>
  new Set<string>([...(entry.messages ?? []), ...contractMessages(entry), ...APP_WIDE_MESSAGES]);

const randomIp = () => `10.${[...crypto.getRandomValues(new Uint8Array(3))].join('.')}`;

export async function json<T = any>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export const DEVICE = {
  device: { name: 'Test browser', uid: 'test-device-uid-0001', platform: 'web' },
  os: { type: 'linux', version: '6' },
};

export async function deviceToken(): Promise<string> {
  const res = await call('/device/auth', { body: JSON.stringify(DEVICE) });
  const body = await json<{ data: { access_token: string } }>(res);
  return body.data.access_token;
}

/** A delivery address of each country, as the shipping form sends it. */
export const ADDRESSES = {
  KW: { country: 'KW', recipient: 'Sara', phone: '98765432', area_id: 26, block: '3', street: '12', building: '7' },
  SA: {
    country: 'SA',
    recipient: 'Noura',
    phone: '512345678',
    city_id: 2,
    district: 'Rawdah',
    street: 'Tahlia',
    building_number: '1234',
    postal_code: '23433',
  },
} as const;

/** Saves an address of the country for the signed-in shopper; answers its id. */
export async function saveAddress(
  device: string,
  user: string,
  country: 'KW' | 'SA',
  over: Record<string, unknown> = {},
): Promise<number> {
  const res = await call('/user/address/new', {
    body: JSON.stringify({ ...ADDRESSES[country], ...over }),
    token: device,
    headers: { authorization: `Bearer ${user}`, 'x-country': country, lang: 'en' },
  });
  if (res.status !== 200) throw new Error(`address not saved: ${await res.text()}`);
  return (await json<{ data: { id: number } }>(res)).data.id;
}

/**
 * A shopper signed up through the API. Her address is proven by default the real way (decision 85): the
 * confirmation mail's link opened (openVerifyLink), so the mails a test expects reach her as before;
 * `{ proven: false }` leaves it unproven, as a stranger's typed address stays.
 */
export async function registerShopper(
  device: string,
  tag: string,
  name = 'Noura Shopper',
  opts: { proven?: boolean } = {},
): Promise<{ token: string; id: number; email: string }> {
  const email = `${tag}-${crypto.randomUUID()}@example.com`;
  const res = await call('/user/register', {
    body: JSON.stringify({ name, email, password: 'secret1' }),
    token: device,
  });
  const body = await json<{ data: { access_token: string; user: { id: number } } }>(res);
  if (opts.proven !== false) await openVerifyLink(email, device);
  return { token: body.data.access_token, id: body.data.user.id, email };
}

/**
 * Opens the newest confirmation link mailed to `email` (kind email_verification), as her mailbox would:
 * her address is proven. Throws when no such mail was queued.
 */
export async function openVerifyLink(email: string, device?: string): Promise<void> {
  const mail = await env.DB.prepare(
    "SELECT body_text FROM mail_outbox WHERE to_address = ? AND kind = 'email_verification' ORDER BY id DESC LIMIT 1",
  )
    .bind(email)
    .first<{ body_text: string }>();
  const token = mail && /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  const res = await call('/user/verify-email', {
    body: JSON.stringify({ token }),
    token: device ?? (await deviceToken()),
  });
  if (res.status !== 200) throw new Error(`the confirmation link of ${email} answered ${res.status}`);
}

/**
 * Her address proven without the mailbox (decision 85): it stands for her having opened the link the shop
 * mailed her, for fixtures that write shoppers directly or type a guest's address and test something other
 * than what an unproven address gets. An account holding the address (its stored spelling) is marked
 * proven; an address no account holds gets decision 72's proof of a guest's address (a proven
 * cart_reminder_proofs row for its identity), as pressing an order's confirmation link records.
 */
export async function proveAddress(email: string, at = Date.now()): Promise<void> {
  const account = await env.DB.prepare(
    "UPDATE users SET email_proven_at = coalesce(email_proven_at, ?2) WHERE email = ?1 AND deleted_at IS NULL AND email <> ''",
  )
    .bind(email.trim(), at)
    .run();
  if (account.meta.changes > 0) return;
  await env.DB.prepare(
    `INSERT INTO cart_reminder_proofs (email_identity, proven_at) VALUES (?1, ?2)
     ON CONFLICT (email_identity) DO UPDATE SET proven_at = coalesce(proven_at, excluded.proven_at)`,
  )
    .bind(emailIdentity(email), at)
    .run();
}

/**
 * Shoppers signed in without signing up through the API: their rows and sessions written directly.
 * For tests about what many shoppers do at once, where sign-up is only the way in: each sign-up hashes a
 * password at the production PBKDF2 cost, and twenty of them took most of a test's 5 s on a busy
 * two-core machine. Their tokens work like a sign-up's; they have no password.
 */
export async function signedInShoppers(count: number, tag: string): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const user = await env.DB.prepare(
        // Proven addresses, as registerShopper's are by default (decision 85).
        "INSERT INTO users (name, email, password_hash, lang, created_at, email_proven_at) VALUES (?, ?, '', 'en', ?3, ?3) RETURNING id",
      )
        .bind(`Shopper ${tag} ${i}`, `${tag}-${i}-${crypto.randomUUID()}@example.com`, Date.now())
        .first<{ id: number }>();
      if (!user) throw new Error('shopper not written');
      return createSession(env.DB, user.id);
    }),
  );
}

// What the order tests (orders, guest orders and cancel, blood test orders) each wrote again: a
// shopper's headers, a SKU's stock, a guest's Kuwait address and a sign-up.

/** A shopper's headers: signed in (her token) or a guest, in a country and a language. */
export const shopperHeaders = (user: string | null, country = 'KW', lang = 'en'): Record<string, string> => ({
  ...(user ? { authorization: `Bearer ${user}` } : {}),
  'x-country': country,
  lang,
});

/** A SKU's stock now. */
export const stockOf = async (sku: number) =>
  (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?').bind(sku).first<{ stock: number }>())!.stock;

/** A Kuwait address as a guest's checkout sends it. */
export const GUEST_KW_ADDRESS = {
  country: 'KW',
  recipient: 'Guest',
  phone: '98765432',
  area_id: 26,
  block: '3',
  street: '12',
  building: '7',
};

/** A shopper signed up on this device with e-mail and password ('secret1'): her token. */
export async function signUp(device: string, email: string, name = `Shopper ${email}`): Promise<string> {
  const res = await call('/user/register', {
    body: JSON.stringify({ name, email, password: 'secret1' }),
    token: device,
  });
  return (await json<{ data: { access_token: string } }>(res)).data.access_token;
}

/** An order submitted in Kuwait by a shopper (or a guest: null) on this device: the API's data. */
export async function submitOrder(device: string, user: string | null, body: Record<string, unknown>) {
  const res = await call('/order/submit', { body: JSON.stringify(body), token: device, headers: shopperHeaders(user) });
  return (await json(res)).data;
}

/** A shopper written directly (her row and a session), named for the test, with nothing else of hers. */
export async function shopperRow(tag: string): Promise<{ id: number; token: string }> {
  const user = await env.DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES (?, ?, '', 'en', ?) RETURNING id",
  )
    .bind(`Shopper ${tag}`, `${tag}-${crypto.randomUUID()}@example.com`, Date.now())
    .first<{ id: number }>();
  return { id: user!.id, token: await createSession(env.DB, user!.id) };
}

/** Her recently viewed as the products she viewed, newest first (GET /viewed's ids). */
export async function viewedIds(device: string, token: string): Promise<number[]> {
  const res = await call('/viewed', { method: 'GET', token: device, headers: shopperHeaders(token) });
  return ((await json(res)).data.items as Array<{ id: number }>).map((card) => card.id);
}
