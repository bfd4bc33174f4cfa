// Request signing between the storefront worker and the commerce API.
import { bytesToHex, hexToBytes } from '../bytes';
import { CLIENT_IP_HEADER } from './client-ip';
// signature = HMAC-SHA256(secret, METHOD \n PATH?QUERY \n TIMESTAMP \n NONCE \n SHA256(body)
//                                 \n name:value of each identity header, in SIGNED_HEADERS order), hex.
// The identity headers (who the caller is, for whom, in which language and country, from which
// address and site) are signed too, so a captured request cannot be replayed as another shopper.
// Web Crypto only, so the same code runs in workerd, Node and the browser-free tests.

export const SIGNATURE_HEADERS = {
  hash: 'x-hash',
  timestamp: 'x-ts',
  nonce: 'x-nonce',
  requestId: 'x-reqid',
  token: 'x-token',
  country: 'x-country',
  lang: 'lang',
  authorization: 'authorization',
} as const;

/**
 * A storefront origin header. The API builds every link from its configured SITE_ORIGIN and never reads
 * this, but it stays signed so no future reader could trust an unsigned copy.
 */
const SITE_ORIGIN_HEADER = 'x-site-origin';

/** Identity headers covered by the signature; an absent header is signed as empty. */
export const SIGNED_HEADERS = [
  SIGNATURE_HEADERS.authorization,
  SIGNATURE_HEADERS.token,
  SIGNATURE_HEADERS.lang,
  SIGNATURE_HEADERS.country,
  CLIENT_IP_HEADER,
  SITE_ORIGIN_HEADER,
] as const;

export type SignedHeaderValues = Partial<Record<(typeof SIGNED_HEADERS)[number], string>>;

/** The identity lines of the signed string, read from a request's headers or a plain record. */
function identityLines(headers: Headers | SignedHeaderValues): string {
  const get = (name: (typeof SIGNED_HEADERS)[number]) =>
    (headers instanceof Headers ? headers.get(name) : headers[name]) ?? '';
  return SIGNED_HEADERS.map((name) => `${name}:${get(name)}`).join('\n');
}

const encoder = new TextEncoder();

/** SHA-256 of no bytes: the body digest of every GET, which the storefront signs and the API checks. */
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export async function sha256Hex(data: string | ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : data;
  if (bytes.byteLength === 0) return EMPTY_SHA256;
  return bytesToHex(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

const keyCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keyCache.set(secret, key);
  }
  return key;
}

export function canonicalString(
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  bodyHash: string,
  identity: Headers | SignedHeaderValues = {},
): string {
  return [method.toUpperCase(), pathWithQuery, timestamp, nonce, bodyHash, identityLines(identity)].join('\n');
}

export async function hmacHex(secret: string, message: string): Promise<string> {
  return bytesToHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(message)));
}

/** Constant-time comparison of two hex strings via HMAC verify (no early exit on mismatch). */
export async function verifyHmacHex(secret: string, message: string, signatureHex: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(signatureHex)) return false;
  return crypto.subtle.verify(
    'HMAC',
    await hmacKey(secret),
    hexToBytes(signatureHex)! as BufferSource,
    encoder.encode(message),
  );
}

export interface SignedHeaders {
  [SIGNATURE_HEADERS.hash]: string;
  [SIGNATURE_HEADERS.timestamp]: string;
  [SIGNATURE_HEADERS.nonce]: string;
}

/**
 * Signs one request; `body` is the exact bytes that will be sent ('' for none) and `identity` the
 * values of the SIGNED_HEADERS the request will carry (the request's Headers, or a record).
 */
export async function signRequest(
  secret: string,
  method: string,
  pathWithQuery: string,
  body: string | Uint8Array,
  now: number = Date.now(),
  nonce: string = crypto.randomUUID(),
  identity: Headers | SignedHeaderValues = {},
): Promise<SignedHeaders> {
  const timestamp = String(Math.floor(now / 1000));
  const bodyHash = await sha256Hex(body);
  const hash = await hmacHex(secret, canonicalString(method, pathWithQuery, timestamp, nonce, bodyHash, identity));
  return { 'x-hash': hash, 'x-ts': timestamp, 'x-nonce': nonce };
}
