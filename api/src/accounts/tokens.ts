// Session and reset tokens: 256 random bits for the client, only their SHA-256 is stored.
import { sha256Hex } from '#shared/api/signing';
import { randomHex } from '#shared/bytes';

export function randomToken(): string {
  return randomHex(32);
}

export function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}
