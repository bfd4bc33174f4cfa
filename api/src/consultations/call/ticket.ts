// A join ticket (decision 56): who may open the room's WebSocket. The join routes check the shopper or
// the nutritionist, the status and the time, then sign `consultation, side, expiry` with an HMAC; the
// WebSocket route checks the signature and the expiry and hands the upgrade to that consultation's room.
// Self-verifying (no query), short-lived (CALL_TICKET_TTL_MS), and bound to one consultation and side,
// so a ticket for another consultation, an expired one or an altered one opens nothing.
import { hmacHex, verifyHmacHex } from '#shared/api/signing';
import { CALL_SIDES, CALL_TICKET_TTL_MS, type CallSide } from '#shared/consultations/call';

const PREFIX = 'ct1';
/** The HMAC key is TOKEN_SECRET with this purpose mixed in, so no other token of ours verifies as a ticket. */
const PURPOSE = 'consultation-call-ticket';

export interface CallTicket {
  consultationId: number;
  side: CallSide;
  expiresAt: number;
}

const message = (t: CallTicket) => `${PURPOSE}\n${PREFIX}.${t.consultationId}.${t.side}.${t.expiresAt}`;

export async function issueTicket(
  secret: string,
  consultationId: number,
  side: CallSide,
  now = Date.now(),
): Promise<{ ticket: string; expiresAt: number }> {
  const expiresAt = now + CALL_TICKET_TTL_MS;
  const sig = await hmacHex(secret, message({ consultationId, side, expiresAt }));
  return { ticket: `${PREFIX}.${consultationId}.${side}.${expiresAt}.${sig}`, expiresAt };
}

/** The ticket's claims when its signature holds and it has not expired; null otherwise. */
export async function verifyTicket(secret: string, ticket: string, now = Date.now()): Promise<CallTicket | null> {
  const m = /^ct1\.(\d{1,16})\.([a-z]+)\.(\d{13})\.([0-9a-f]{64})$/.exec(ticket);
  if (!m) return null;
  const side = m[2] as CallSide;
  if (!CALL_SIDES.includes(side)) return null;
  const claims: CallTicket = { consultationId: Number(m[1]), side, expiresAt: Number(m[3]) };
  if (!(await verifyHmacHex(secret, message(claims), m[4]!))) return null;
  return claims.expiresAt > now ? claims : null;
}
