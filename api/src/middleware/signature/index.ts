// Verifies the storefront's request signature (docs/decisions/0004-request-signing.md).
import type { Context, MiddlewareHandler } from 'hono';
import { SIGNATURE_MAX_SKEW_S } from '#shared/constants';
import { canonicalString, sha256Hex, SIGNATURE_HEADERS, verifyHmacHex } from '#shared/api/signing';
import { ApiError } from '#api/src/lib/errors';

export interface SignatureOptions {
  secret: (c: Context) => string;
  /** Records a nonce; resolves false when it was seen before (a replay). */
  claimNonce: (c: Context, nonce: string, expiresAtMs: number) => Promise<boolean>;
  maxSkewSeconds?: number;
  /** Requests that need no signature of their own (the in-process calls of a signed bundle). */
  skip?: (c: Context) => boolean;
  now?: () => number;
}

const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function verifySignature(options: SignatureOptions): MiddlewareHandler {
  const maxSkew = options.maxSkewSeconds ?? SIGNATURE_MAX_SKEW_S;
  const now = options.now ?? Date.now;

  return async function verifySignatureHandler(c, next) {
    if (options.skip?.(c)) return next();
    const hash = c.req.header(SIGNATURE_HEADERS.hash);
    const ts = c.req.header(SIGNATURE_HEADERS.timestamp);
    const nonce = c.req.header(SIGNATURE_HEADERS.nonce);
    if (!hash || !ts || !nonce) throw new ApiError(401, 'signature_missing');
    if (!/^\d{1,12}$/.test(ts) || !NONCE_PATTERN.test(nonce)) throw new ApiError(401, 'signature_invalid');

    const skew = Math.abs(now() / 1000 - Number(ts));
    if (skew > maxSkew) throw new ApiError(401, 'signature_expired');

    const url = new URL(c.req.url);
    const body = await c.req.arrayBuffer();
    const message = canonicalString(
      c.req.method,
      url.pathname + url.search,
      ts,
      nonce,
      await sha256Hex(body),
      c.req.raw.headers,
    );
    if (!(await verifyHmacHex(options.secret(c), message, hash.toLowerCase())))
      throw new ApiError(401, 'signature_invalid');

    // Claimed only after the signature checks out, so forged requests cannot burn real nonces.
    const expiresAt = (Number(ts) + maxSkew) * 1000;
    if (!(await options.claimNonce(c, nonce, expiresAt))) throw new ApiError(401, 'signature_replayed');

    await next();
  };
}
