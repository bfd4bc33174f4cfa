// VAPID (RFC 8292): the token verifies with the public key, names the push service's origin, a
// mailto: subject and an expiry at most 12 hours ahead (Safari's rule); mismatched keys fail at once.
import { describe, expect, it } from 'vitest';
import { b64urlDecode } from './b64';
import { vapidAuthorization, vapidKeys, vapidToken } from './vapid';

const PUBLIC = 'BDQ5Q4Pdbq_vNtCJMmB4ME_eGT8erggvl21CTRmLT-d1oNiyUBPHLaEKE5OOMgqtSiUPCK-FMJIoHaVIeOdXXQs';
const PRIVATE_D = 'JFHln8MOFI_jDRzTLz3w7n_uIEFUK3PFNWpVFzcIdTs';
const OTHER_PUBLIC = 'BIV0VZjf_ll4iGp9ckpjd0lnS6lWMxOQl9aM0c1H2qcc68AamJ4gcl6rqguHLeAeNvpYsYpDUThETx6uDmsE1W8';

const decodePart = (part: string) => JSON.parse(new TextDecoder().decode(b64urlDecode(part)));

describe('VAPID', () => {
  it('signs an ES256 JWT the public key verifies, for the endpoint origin, expiring within 12 hours', async () => {
    const keys = await vapidKeys(PUBLIC, PRIVATE_D);
    const now = Date.UTC(2026, 5, 1, 12);
    const jwt = await vapidToken('https://web.push.apple.com/QGuQ/abc?x=1', keys, 'mailto:push@shop.test', now);
    const [header, claims, signature] = jwt.split('.') as [string, string, string];
    expect(decodePart(header)).toEqual({ typ: 'JWT', alg: 'ES256' });
    const body = decodePart(claims);
    expect(body).toEqual({ aud: 'https://web.push.apple.com', exp: expect.any(Number), sub: 'mailto:push@shop.test' });
    expect(body.exp * 1000 - now).toBeGreaterThan(0);
    expect(body.exp * 1000 - now).toBeLessThanOrEqual(12 * 3600 * 1000);
    const verifier = await crypto.subtle.importKey(
      'raw',
      b64urlDecode(PUBLIC),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      verifier,
      b64urlDecode(signature),
      new TextEncoder().encode(`${header}.${claims}`),
    );
    expect(valid).toBe(true);
    // A longer lifetime asked for is still capped at 12 hours.
    const capped = decodePart(
      (await vapidToken('https://x.test/', keys, 'mailto:a@b.test', now, 86_400)).split('.')[1]!,
    );
    expect(capped.exp * 1000 - now).toBe(12 * 3600 * 1000);
  });

  it('builds the RFC 8292 header and takes the key as a JWK or behind the dev-only- mark', async () => {
    for (const privateKey of [`dev-only-${PRIVATE_D}`, JSON.stringify({ kty: 'EC', crv: 'P-256', d: PRIVATE_D })]) {
      const header = await vapidAuthorization(
        'https://fcm.googleapis.com/fcm/send/x',
        await vapidKeys(PUBLIC, privateKey),
        'mailto:a@b.test',
      );
      expect(header).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]{86}, k=${PUBLIC}$`));
    }
  });

  it('refuses a private key that is not the public key’s half, and an https: subject', async () => {
    await expect(vapidKeys(OTHER_PUBLIC, PRIVATE_D)).rejects.toThrow(/does not belong/);
    const keys = await vapidKeys(PUBLIC, PRIVATE_D);
    await expect(vapidToken('https://x.test/', keys, 'https://shop.test')).rejects.toThrow(/mailto/);
  });
});
