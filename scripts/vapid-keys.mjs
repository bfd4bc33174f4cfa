// Prints a fresh VAPID key pair for web push: the public key for api/wrangler.toml's
// VAPID_PUBLIC_KEY, the private one (its d, base64url) for `wrangler secret put VAPID_PRIVATE_KEY`.
import { generateKeyPairSync } from 'node:crypto';

const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwk = privateKey.export({ format: 'jwk' });
const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
console.log(`VAPID_PUBLIC_KEY=${publicKey.toString('base64url')}`);
console.log(`VAPID_PRIVATE_KEY=${jwk.d}`);
