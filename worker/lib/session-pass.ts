// The session pass (decision 76): a short-lived, signed note that the API accepted this browser's user
// token a moment ago, which the storefront checks where the request arrives, without the API. With a
// fresh pass her kept page is sent at once and her parts follow (worker/render/her-page.ts); without one
// (none, forged, for another token, or near its end) her page waits for the one trip that asks the API
// who she is, and that trip's answer writes a new pass or ends her session, in the headers, before the
// first byte. The key is derived from the storefront's signing secret, which it holds already; the API
// holds no part of this (it never sees the pass), but tells the edge when her sessions end: a pass made
// before that vouches for nothing (shared/session-ended.ts). That record is read only where the pass's
// word alone would show something of hers (`outlived`): a view that asks the API as her anyway takes
// the API's own answer instead (decision 83).
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { bytesToBase64Url } from '#shared/bytes';
import { SESSIONS_ENDED_CACHE_S, sessionsEndedKey } from '#shared/session-ended';
import type { AppEnv } from '../app-env';
import type { Session } from './session-state';
import { requestCookie } from './request-cookies';

/** How long a pass holds, and how long before its end a view asks the API again (then writes a new one). */
const PASS_TTL_S = 600;
const PASS_REFRESH_S = 300;

export type PassState = 'fresh' | 'stale';

function passCookieName(secure: boolean): string {
  return secure ? '__Host-hp' : 'hp';
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The pass key: an HMAC of a fixed label under the signing secret, so the secret itself signs nothing here. */
function passKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const enc = new TextEncoder();
    key = crypto.subtle
      .importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
      .then((outer) => crypto.subtle.sign('HMAC', outer, enc.encode('storefront session pass v1')))
      .then((raw) => crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
    keys.set(secret, key);
  }
  return key;
}

/** What a pass vouches for: its end, her token and her id (a pass is worth nothing with another token). */
function signed(exp: number, session: Session): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(signedText(exp, session));
}

function signedText(exp: number, session: Session): string {
  return `pass1|${exp}|${session.userToken}|${session.user?.id ?? ''}`;
}

function unb64url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const raw = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(raw, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Passes this isolate has verified: by signature, what it signed (end, token, id) and under which secret.
 * A browser sends the same pass with every view for ten minutes, and the same bytes verify the same way,
 * so a pass seen before is not checked with WebCrypto again (its end is still read on every view).
 * Bounded: when full it starts afresh (a miss only verifies again).
 */
const verified = new Map<string, string>();
const VERIFIED_MAX = 1000;

async function signatureHolds(secret: string, sig: string, exp: number, session: Session): Promise<boolean> {
  const what = signedText(exp, session);
  // Under this secret only (a rotated secret verifies afresh).
  const memo = `${secret}\n${what}`;
  if (verified.get(sig) === memo) return true;
  const bytes = unb64url(sig);
  const key = await passKey(secret);
  if (!bytes || !(await crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode(what)))) return false;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(sig, memo);
  return true;
}

/**
 * A pass whose signature and time hold: fresh (her kept page may be sent now) or stale (valid, but ask
 * the API again on this view).
 */
export interface Pass {
  state: PassState;
  /**
   * Whether one of her sessions ended after this pass was made, as the edge's record says (decision 76's
   * amendment): read when asked, by a view that would show something of hers on the pass's word alone.
   */
  outlived(): Promise<boolean>;
}

/**
 * The pass as the request carries it, by its signature and its time alone, or null (none, expired,
 * malformed, forged or another session's). Whether her sessions ended since is `outlived`'s to say.
 */
export async function readPass(c: Context<AppEnv>, session: Session, now = Date.now()): Promise<Pass | null> {
  if (!session.userToken || !session.user) return null;
  const raw = requestCookie(c, passCookieName(session.secure));
  const match = raw ? /^(\d{10,13})\.([A-Za-z0-9_-]{43})$/.exec(raw) : null;
  if (!match) return null;
  const exp = Number(match[1]);
  if (exp <= now || exp > now + PASS_TTL_S * 1000) return null;
  if (!(await signatureHolds(c.var.config.SIGNING_SECRET, match[2]!, exp, session))) return null;
  const userId = session.user.id;
  return {
    state: exp - now > PASS_REFRESH_S * 1000 ? 'fresh' : 'stale',
    // Made before one of her sessions ended: it vouches for nothing; the API is asked.
    outlived: async () => {
      const ended = await sessionsEndedAt(c, userId);
      return ended !== null && ended >= exp - PASS_TTL_S * 1000;
    },
  };
}

/**
 * The state a view may act on without asking the API: the pass's, unless it is fresh and her sessions
 * ended after it was made (then none: the API is asked). A stale pass asks the API anyway.
 */
export async function passHeld(pass: Pass | null): Promise<PassState | null> {
  if (pass === null) return null;
  if (pass.state === 'fresh' && (await pass.outlived())) return null;
  return pass.state;
}

/**
 * When her sessions last ended, as the API told the edge (shared/session-ended.ts), or null. Each edge
 * location answers from its own copy for up to SESSIONS_ENDED_CACHE_S, which bounds the window; the
 * record unreadable: the pass is taken as it is (its own 10 minutes, showing nothing of her, are the bound).
 */
async function sessionsEndedAt(c: Context<AppEnv>, userId: number | string): Promise<number | null> {
  try {
    const at = await c.env.CACHE.get(sessionsEndedKey(userId), { cacheTtl: SESSIONS_ENDED_CACHE_S });
    return at === null ? null : Number(at) || null;
  } catch {
    return null;
  }
}

/** Writes a new pass for the session's token, after the API has just accepted it. */
export async function writePass(c: Context<AppEnv>, session: Session, now = Date.now()): Promise<void> {
  if (!session.userToken || !session.user) return;
  const exp = now + PASS_TTL_S * 1000;
  const sig = await crypto.subtle.sign('HMAC', await passKey(c.var.config.SIGNING_SECRET), signed(exp, session));
  setCookie(c, passCookieName(session.secure), `${exp}.${bytesToBase64Url(sig)}`, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: PASS_TTL_S,
  });
}

/** Ends the pass with the session it vouched for. */
export function clearPass(c: Context<AppEnv>, secure: boolean): void {
  if (requestCookie(c, passCookieName(secure)) !== undefined)
    deleteCookie(c, passCookieName(secure), { path: '/', secure: true });
}
