// Session and reset tokens: 256 random bits for the client, only their SHA-256 is stored.
import { sha256Hex } from '../../../shared/api/signing';

export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function tokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}
