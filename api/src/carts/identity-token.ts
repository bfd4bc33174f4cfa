// A mail address's identity, signed for one purpose: the reminder mail's stop link ('cart-stop') and the
// guest's confirmation link ('cart-confirm', proof.ts). The identity is in the token (base64url), so a
// link needs no stored row to name its address; the HMAC over purpose and identity makes it unforgeable,
// and a token of one purpose is no token of the other.
import { hmacHex } from '#shared/api/signing';
import { bytesToBase64Url, timingSafeEqualText } from '#shared/bytes';

export type IdentityPurpose = 'cart-stop' | 'cart-confirm';

export async function identityToken(secret: string, purpose: IdentityPurpose, identity: string): Promise<string> {
  const encoded = bytesToBase64Url(new TextEncoder().encode(identity));
  return `${encoded}.${(await hmacHex(secret, `${purpose}|${identity}`)).slice(0, 32)}`;
}

/** The address identity a token of `purpose` names, or null when its signature does not hold. */
export async function identityOf(secret: string, purpose: IdentityPurpose, token: string): Promise<string | null> {
  const m = /^([A-Za-z0-9_-]{3,400})\.([0-9a-f]{32})$/.exec(token);
  if (!m) return null;
  let identity: string;
  try {
    const binary = atob(m[1]!.replaceAll('-', '+').replaceAll('_', '/'));
    identity = new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
  const expected = (await hmacHex(secret, `${purpose}|${identity}`)).slice(0, 32);
  return timingSafeEqualText(m[2]!, expected) ? identity : null;
}
