import { describe, expect, it } from 'vitest';
import { CALL_TICKET_TTL_MS } from '#shared/consultations/call';
import { callTicketFromProtocols, CALL_WS_PROTOCOL } from '#shared/consultations/call-socket';
import { issueTicket, readTicket, staffHolder, userHolder, verifyTicket } from './ticket';

const SECRET = 'ticket-test-secret-0123456789abcdef0123';
const HER = userHolder(7);

describe('call tickets', () => {
  it('carry the consultation, the side and the expiry, and verify for their session until they expire', async () => {
    const now = Date.UTC(2026, 10, 25, 17, 0);
    const { ticket, expiresAt } = await issueTicket(SECRET, 1234567890, 'nutritionist', staffHolder(3), now);
    expect(expiresAt).toBe(now + CALL_TICKET_TTL_MS);
    expect(await verifyTicket(SECRET, ticket, staffHolder(3), now + 1000)).toEqual({
      consultationId: 1234567890,
      side: 'nutritionist',
      expiresAt,
      nonce: readTicket(ticket)!.nonce,
    });
    expect(await verifyTicket(SECRET, ticket, staffHolder(3), expiresAt)).toBeNull();
  });

  it('verify only with the session they were issued to, which they do not reveal (issue 61, finding 18)', async () => {
    const now = Date.now();
    const { ticket } = await issueTicket(SECRET, 42, 'shopper', HER, now);
    expect(ticket).not.toContain('user');
    expect(await verifyTicket(SECRET, ticket, HER, now)).not.toBeNull();
    // Another session of hers, another shopper's, a staff session with the same number, no session.
    for (const other of [userHolder(8), userHolder(70), staffHolder(7), null])
      expect(await verifyTicket(SECRET, ticket, other, now)).toBeNull();
    // Two tickets of the same session in the same millisecond still differ (the room refuses a reuse by nonce).
    expect((await issueTicket(SECRET, 42, 'shopper', HER, now)).ticket).not.toBe(ticket);
  });

  it('refuse any change, another secret, and what is not a ticket', async () => {
    const now = Date.now();
    const { ticket } = await issueTicket(SECRET, 42, 'shopper', HER, now);
    expect(await verifyTicket(SECRET, ticket.replace('.42.', '.43.'), HER, now)).toBeNull();
    expect(await verifyTicket(SECRET, ticket.replace('.shopper.', '.nutritionist.'), HER, now)).toBeNull();
    const later = ticket.replace(/\.(\d{13})\./, (_, t: string) => `.${Number(t) + 60_000}.`);
    expect(await verifyTicket(SECRET, later, HER, now)).toBeNull();
    expect(await verifyTicket('another-secret-0123456789abcdef0123456', ticket, HER, now)).toBeNull();
    expect(await verifyTicket(SECRET, 'ct2.42.admin.1.00', HER, now)).toBeNull();
    expect(await verifyTicket(SECRET, '', HER, now)).toBeNull();
  });

  it('are read from the subprotocols a page offered, only beside the call’s own', async () => {
    const { ticket } = await issueTicket(SECRET, 42, 'shopper', HER);
    expect(callTicketFromProtocols(`${CALL_WS_PROTOCOL}, ${ticket}`)).toBe(ticket);
    expect(callTicketFromProtocols(ticket)).toBeNull();
    expect(callTicketFromProtocols(`${CALL_WS_PROTOCOL}, not-a-ticket`)).toBeNull();
    expect(callTicketFromProtocols(null)).toBeNull();
  });
});
