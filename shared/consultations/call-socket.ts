// How a page hands the room its join ticket (decision 56, issue 61 finding 18), without zod: the call's
// engine (which the back office bundles into its one script) and both workers read it.

/** A ticket's shape: `ct2.<consultation>.<side>.<expiry ms>.<nonce>.<hmac>` (api/src/consultations/call/ticket.ts). */
export const CALL_TICKET_PATTERN = /^ct2\.(\d{1,16})\.([a-z]+)\.(\d{13})\.([0-9a-f]{16})\.([0-9a-f]{64})$/;

/**
 * The room's WebSocket subprotocol (issue 61, finding 18). A browser cannot set headers on a WebSocket,
 * and a query string ends up in access logs and history, so the page offers two subprotocols: this
 * name and the ticket (`new WebSocket(url, [CALL_WS_PROTOCOL, ticket])`). The worker takes the ticket
 * from `Sec-WebSocket-Protocol`, passes it on in CALL_TICKET_HEADER, and answers with this name only.
 */
export const CALL_WS_PROTOCOL = 'gv-call';
/** The ticket on the worker's request to the API's room route (a signed internal call, never logged). */
export const CALL_TICKET_HEADER = 'x-call-ticket';

/** The ticket among the subprotocols a page offered (`gv-call, ct2.…`), when it offered ours. */
export function callTicketFromProtocols(header: string | null | undefined): string | null {
  const offered = (header ?? '').split(',').map((p) => p.trim());
  if (!offered.includes(CALL_WS_PROTOCOL)) return null;
  return offered.find((p) => CALL_TICKET_PATTERN.test(p)) ?? null;
}
