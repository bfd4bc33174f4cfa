// Session and reset tokens: 256 random bits for the client, only their SHA-256 is stored.
import { sha256Hex } from '#shared/api/signing';
import { randomHex } from '#shared/bytes';

export function randomToken(): string {
  return randomHex(32);
}

/** The SHA-256 of a token in hex: how every token the shop hands out is stored and found. */
export function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}

/**
 * The hashes of the shopper session tokens this isolate saw last. A signed-in shopper's every call is
 * found by her session token's hash, and the digest (Web Crypto's promise and the hex) was measured at
 * 4–6 % of her first view's whole CPU (both workers); her next call in the same isolate finds it here.
 * Session tokens only, the one kind every call of hers presents: the others (reset, staff, order links,
 * invitations) are hashed afresh. The token is in this isolate's memory while her request runs anyway;
 * this keeps it as a key no longer than until HASHES_KEPT others came after it (the map is emptied when
 * full: no order to keep, no timer).
 */
const hashes = new Map<string, Promise<string>>();
export const HASHES_KEPT = 1000;

/** `tokenHash` of a shopper's session token, from the isolate's memory when it was seen a moment ago. */
export function sessionTokenHash(token: string): Promise<string> {
  let hash = hashes.get(token);
  if (!hash) {
    if (hashes.size >= HASHES_KEPT) hashes.clear();
    hash = tokenHash(token);
    hashes.set(token, hash);
    // A digest that failed is not kept as the token's answer.
    hash.catch(() => hashes.delete(token));
  }
  return hash;
}
