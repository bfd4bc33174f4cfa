// Inputs of the consultation call's routes (decision 56): the join answers a ticket, the room's
// WebSocket route takes it back in its query.
import { z } from '#shared/zod';

/** GET /consultation/:id/room?ticket=…: the ticket the join answered (api/src/consultations/call/ticket.ts). */
export const roomQuerySchema = z.object({
  ticket: z.string().regex(/^ct1\.\d{1,16}\.[a-z]+\.\d{13}\.[0-9a-f]{64}$/),
});
