// Web push message encryption (RFC 8291) in the `aes128gcm` content coding (RFC 8188), on WebCrypto
// alone. The sender makes a fresh P-256 key pair and salt per message; the browser's p256dh key and
// auth secret (from its subscription) key the derivation, so only that browser can read the body.
// One record only: RFC 8291 §4 forbids more, which caps the plaintext at 3993 bytes. The receiver side
// (decryptPayload) is here for the tests, which play the browser.
import { b64urlDecode, b64urlEncode, concat } from './b64';

/** RFC 8291 §4: push services accept at least 4096 bytes of body; one record of that size. */
const RECORD_SIZE = 4096;
const HEADER_BYTES = 16 + 4 + 1 + 65;
/** The largest plaintext one 4096-byte record carries: minus header, padding delimiter and GCM tag. */
export const MAX_PLAINTEXT = RECORD_SIZE - HEADER_BYTES - 1 - 16;

const encoder = new TextEncoder();
/** UTF-8 bytes on their own ArrayBuffer (what WebCrypto's types ask for). */
const utf8 = (value: string) => new Uint8Array(encoder.encode(value));
const subtle = () => crypto.subtle;

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const k = await subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', k, data));
}

/** HKDF-SHA-256 (RFC 5869) for outputs of at most 32 bytes: one expand block. */
async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  length: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const prk = await hmac(salt, ikm);
  return (await hmac(prk, concat(info, new Uint8Array([1])))).slice(0, length);
}

/** An uncompressed P-256 point (0x04 || x || y) as a WebCrypto ECDH public key. */
function importPublicKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('p256dh must be an uncompressed P-256 point');
  return subtle().importKey('raw', raw, { name: 'ECDH', namedCurve: 'P-256' }, true, []);
}

/** A P-256 private scalar d with its public point, as a WebCrypto key for `algorithm` (ECDH or ECDSA). */
export function importPrivateKey(
  d: Uint8Array,
  publicRaw: Uint8Array,
  algorithm: 'ECDH' | 'ECDSA',
): Promise<CryptoKey> {
  const jwk: JsonWebKey = {
    kty: 'EC',
    crv: 'P-256',
    d: b64urlEncode(d),
    x: b64urlEncode(publicRaw.subarray(1, 33)),
    y: b64urlEncode(publicRaw.subarray(33, 65)),
    ext: true,
  };
  return subtle().importKey('jwk', jwk, { name: algorithm, namedCurve: 'P-256' }, false, [
    algorithm === 'ECDH' ? 'deriveBits' : 'sign',
  ]);
}

/** RFC 8291 §3.4 and RFC 8188 §2.2–2.3: the content-encryption key and nonce of the single record. */
async function deriveRecordKeys(p: {
  ecdhSecret: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
  uaPublic: Uint8Array<ArrayBuffer>;
  asPublic: Uint8Array<ArrayBuffer>;
  salt: Uint8Array<ArrayBuffer>;
}): Promise<{ cek: CryptoKey; nonce: Uint8Array<ArrayBuffer> }> {
  // key_info = "WebPush: info" || 0x00 || ua_public || as_public; IKM = HKDF(auth_secret, ecdh_secret, key_info, 32)
  const keyInfo = concat(utf8('WebPush: info\0'), p.uaPublic, p.asPublic);
  const ikm = await hkdf(p.auth, p.ecdhSecret, keyInfo, 32);
  const cekBytes = await hkdf(p.salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(p.salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const cek = await subtle().importKey('raw', cekBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { cek, nonce };
}

const ecdh = async (privateKey: CryptoKey, publicKey: CryptoKey) =>
  new Uint8Array(
    // The standard member is `public`; the Workers types spell it `$public`.
    await subtle().deriveBits(
      { name: 'ECDH', public: publicKey } as unknown as SubtleCryptoDeriveKeyAlgorithm,
      privateKey,
      256,
    ),
  );

export interface SubscriptionKeys {
  /** The browser's ECDH public key, base64url (uncompressed point). */
  p256dh: string;
  /** The browser's 16-byte auth secret, base64url. */
  auth: string;
}

export interface EncryptOptions {
  /** Fixed for the RFC's test vector only; otherwise 16 random bytes per message. */
  salt?: Uint8Array<ArrayBuffer>;
  /** Fixed for the RFC's test vector only; otherwise a fresh key pair per message (as_private, as_public). */
  sender?: { privateKey: CryptoKey; publicRaw: Uint8Array<ArrayBuffer> };
}

/** The request body: header (salt || rs || idlen || keyid = as_public) then the one encrypted record. */
export async function encryptPayload(
  plaintext: Uint8Array<ArrayBuffer> | string,
  keys: SubscriptionKeys,
  options: EncryptOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const data = typeof plaintext === 'string' ? utf8(plaintext) : plaintext;
  if (data.length > MAX_PLAINTEXT) throw new Error(`push payload over ${MAX_PLAINTEXT} bytes`);
  const uaPublic = b64urlDecode(keys.p256dh);
  const auth = b64urlDecode(keys.auth);
  if (auth.length !== 16) throw new Error('auth secret must be 16 bytes');
  let sender = options.sender;
  if (!sender) {
    const pair = (await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])) as CryptoKeyPair;
    sender = {
      privateKey: pair.privateKey,
      publicRaw: new Uint8Array((await subtle().exportKey('raw', pair.publicKey)) as ArrayBuffer),
    };
  }
  const salt = options.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const ecdhSecret = await ecdh(sender.privateKey, await importPublicKey(uaPublic));
  const { cek, nonce } = await deriveRecordKeys({ ecdhSecret, auth, uaPublic, asPublic: sender.publicRaw, salt });
  // The last (and only) record ends with the delimiter 0x02 and no further padding.
  const record = concat(data, new Uint8Array([2]));
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv: nonce }, cek, record));
  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = sender.publicRaw.length;
  header.set(sender.publicRaw, 21);
  return concat(header, sealed);
}

/** The browser's side: reads a body encryptPayload made, with the subscription's private key. */
export async function decryptPayload(
  body: Uint8Array<ArrayBuffer>,
  receiver: { privateKey: CryptoKey; publicRaw: Uint8Array<ArrayBuffer>; auth: Uint8Array<ArrayBuffer> },
): Promise<Uint8Array<ArrayBuffer>> {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const salt = body.slice(0, 16);
  const rs = view.getUint32(16);
  const idlen = body[20]!;
  const asPublic = body.slice(21, 21 + idlen);
  const sealed = body.slice(21 + idlen);
  if (sealed.length > rs) throw new Error('more than one record');
  const ecdhSecret = await ecdh(receiver.privateKey, await importPublicKey(asPublic));
  const { cek, nonce } = await deriveRecordKeys({
    ecdhSecret,
    auth: receiver.auth,
    uaPublic: receiver.publicRaw,
    asPublic,
    salt,
  });
  const record = new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv: nonce }, cek, sealed));
  // Padding: zeros after the delimiter; the last record's delimiter is 0x02.
  let end = record.length - 1;
  while (end >= 0 && record[end] === 0) end--;
  if (record[end] !== 2) throw new Error('bad padding delimiter');
  return record.slice(0, end);
}
