// A join ticket (decision 56): who may open the room's WebSocket. The join routes check the shopper or
// the nutritionist, the status and the time, then sign `consultation, side, expiry, nonce, holder` with
// an HMAC; the WebSocket route checks the signature, the expiry and the holder, and the room redeems it
// once (room.ts). Short-lived (CALL_TICKET_TTL_MS), bound to one consultation and side, so a ticket for
// another consultation, an expired one or an altered one opens nothing.
//
// Bound to the session that asked for it (issue 61, finding 18): the holder (`user:<session id>` or
// `staff:<session id>`) is signed but not written in the ticket, so the route can only verify it with
// the session of the request that presents it; a ticket copied into another browser, signed in or not,
// does not verify. The nonce makes every ticket distinct, so the room can refuse a second use.
import { hmacHex, verifyHmacHex } from '#shared/api/signing';
import { CALL_SIDES, CALL_TICKET_TTL_MS, type CallSide } from '#shared/consultations/call';
import { CALL_TICKET_PATTERN } from '#shared/consultations/call-socket';

const PREFIX = 'ct2';
/** The HMAC key is TOKEN_SECRET with this purpose mixed in, so no other token of ours verifies as a ticket. */
const PURPOSE = 'consultation-call-ticket';

export interface CallTicket {
  consultationId: number;
  side: CallSide;
  expiresAt: number;
  /** Random, per ticket: what the room remembers to refuse a second use. */
  nonce: string;
}

/** Who a ticket is for: the shopper's or the staff member's session (two tables, so two kinds). */
export type TicketHolder = `user:${number}` | `staff:${number}`;

export const userHolder = (sessionId: number): TicketHolder => `user:${sessionId}`;
export const staffHolder = (sessionId: number): TicketHolder => `staff:${sessionId}`;

const message = (t: CallTicket, holder: TicketHolder) =>
  `${PURPOSE}\n${PREFIX}.${t.consultationId}.${t.side}.${t.expiresAt}.${t.nonce}\n${holder}`;

export async function issueTicket(
  secret: string,
  consultationId: number,
  side: CallSide,
  holder: TicketHolder,
  now = Date.now(),
): Promise<{ ticket: string; expiresAt: number }> {
  const expiresAt = now + CALL_TICKET_TTL_MS;
  const nonce = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');
  const sig = await hmacHex(secret, message({ consultationId, side, expiresAt, nonce }, holder));
  return { ticket: `${PREFIX}.${consultationId}.${side}.${expiresAt}.${nonce}.${sig}`, expiresAt };
}

/** What a ticket says, unverified: the route needs its side to know whose session to verify it with. */
export function readTicket(ticket: string): (CallTicket & { sig: string }) | null {
  const m = CALL_TICKET_PATTERN.exec(ticket);
  if (!m) return null;
  const side = m[2] as CallSide;
  if (!CALL_SIDES.includes(side)) return null;
  return { consultationId: Number(m[1]), side, expiresAt: Number(m[3]), nonce: m[4]!, sig: m[5]! };
}

/** The ticket's claims when its signature holds for this holder and it has not expired; null otherwise. */
export async function verifyTicket(
  secret: string,
  ticket: string,
  holder: TicketHolder | null,
  now = Date.now(),
): Promise<CallTicket | null> {
  const read = readTicket(ticket);
  if (!read || !holder) return null;
  const { sig, ...claims } = read;
  if (!(await verifyHmacHex(secret, message(claims, holder), sig))) return null;
  return claims.expiresAt > now ? claims : null;
}
