// Device tokens are self-verifying (HMAC over the device id), so checking one costs no query.
import { hmacHex, verifyHmacHex } from '#shared/api/signing';

const PREFIX = 'dv1';

export async function issueDeviceToken(secret: string, deviceId: string): Promise<string> {
  return `${PREFIX}.${deviceId}.${await hmacHex(secret, `${PREFIX}.${deviceId}`)}`;
}

/** Returns the device id of a valid token, or null. */
export async function verifyDeviceToken(secret: string, token: string | undefined | null): Promise<string | null> {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || !/^[0-9a-f-]{36}$/.test(parts[1]!)) return null;
  return (await verifyHmacHex(secret, `${PREFIX}.${parts[1]}`, parts[2]!)) ? parts[1]! : null;
}
