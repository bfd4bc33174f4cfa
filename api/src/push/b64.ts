// base64url without padding (RFC 4648 §5), the encoding of every key and token in web push. Encoding
// is the shared one (the browser's subscription code uses it too).
export { bytesToBase64Url as b64urlEncode } from '#shared/bytes';

/** Throws on anything that is not base64url (or plain base64, which some browsers hand out). */
export function b64urlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_+/-]*={0,2}$/.test(text)) throw new Error('not base64url');
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
