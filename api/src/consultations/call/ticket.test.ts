import { describe, expect, it } from 'vitest';
import { CALL_TICKET_TTL_MS } from '#shared/consultations/call';
import { issueTicket, verifyTicket } from './ticket';

const SECRET = 'ticket-test-secret-0123456789abcdef0123';

describe('call tickets', () => {
  it('carry the consultation, the side and the expiry, and verify until they expire', async () => {
    const now = Date.UTC(2026, 10, 25, 17, 0);
    const { ticket, expiresAt } = await issueTicket(SECRET, 1234567890, 'nutritionist', now);
    expect(expiresAt).toBe(now + CALL_TICKET_TTL_MS);
    expect(await verifyTicket(SECRET, ticket, now + 1000)).toEqual({
      consultationId: 1234567890,
      side: 'nutritionist',
      expiresAt,
    });
    expect(await verifyTicket(SECRET, ticket, expiresAt)).toBeNull();
  });

  it('refuse any change, another secret, and what is not a ticket', async () => {
    const now = Date.now();
    const { ticket } = await issueTicket(SECRET, 42, 'shopper', now);
    expect(await verifyTicket(SECRET, ticket.replace('.42.', '.43.'), now)).toBeNull();
    expect(await verifyTicket(SECRET, ticket.replace('.shopper.', '.nutritionist.'), now)).toBeNull();
    const later = ticket.replace(/\.(\d{13})\./, (_, t: string) => `.${Number(t) + 60_000}.`);
    expect(await verifyTicket(SECRET, later, now)).toBeNull();
    expect(await verifyTicket('another-secret-0123456789abcdef0123456', ticket, now)).toBeNull();
    expect(await verifyTicket(SECRET, 'ct1.42.admin.1.00', now)).toBeNull();
    expect(await verifyTicket(SECRET, '', now)).toBeNull();
  });
});
