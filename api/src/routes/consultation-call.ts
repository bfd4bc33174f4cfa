// The consultation call (decision 56): the shopper's join, and the room's WebSocket route that both
// sides' pages reach through their worker (the storefront's /api/consultation/:id/room, the back
// office's /consultations/:id/room), which checks the ticket and hands the upgrade to the room.
// The ticket comes in CALL_TICKET_HEADER (the worker took it from the page's Sec-WebSocket-Protocol:
// never in a URL), with the session of the page that presents it, which must be the one it was issued to.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { contract } from '../contract/validate';
import { currentUser, requireUser } from '../middleware/user';
import { currentStaff } from '../middleware/staff';
import { joinCall, shopperConsultation } from '../consultations/call/join';
import { mediaServiceFor } from '../consultations/call/media';
import { ROOM_CONSULTATION_HEADER, ROOM_SIDE_HEADER, ROOM_TICKET_HEADER, roomStub } from '../consultations/call/room';
import { readTicket, staffHolder, type TicketHolder, userHolder, verifyTicket } from '../consultations/call/ticket';
import { CALL_TICKET_HEADER } from '#shared/consultations/call-socket';
import { callJoinSchema } from '#shared/consultations/call';
import type { Context } from 'hono';
import { idParams } from '#shared/api/route-schemas';

/** The storefront's path of the room (worker/routes/consultation-room.ts passes it through). */
const storefrontRoomPath = (id: number) => `/api/consultation/${id}/room`;

/** The session presenting a ticket, of the kind its side joins with (a shopper's, or a staff member's). */
async function presenter(c: Context<AppEnv>, side: 'shopper' | 'nutritionist'): Promise<TicketHolder | null> {
  if (side === 'shopper') {
    const user = await currentUser(c);
    return user ? userHolder(user.sessionId) : null;
  }
  const member = await currentStaff(c);
  return member ? staffHolder(member.sessionId) : null;
}

export const userConsultationCallRoutes = new Hono<AppEnv>().post(
  '/:id{[0-9]+}/join',
  contract({
    tag: 'consultations',
    summary:
      "Join her booked consultation's call inside its join window: a short-lived, single-use room ticket bound to her session, the room's WebSocket path, the media mode (realtime or direct) and ICE servers",
    params: idParams,
    badParams: 'not_found',
    user: true,
    response: callJoinSchema,
    messages: ['not_found', 'call_not_joinable', 'call_too_early', 'call_closed'],
  }),
  async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const row = await shopperConsultation(c.env.DB, id, user.id, c.var.lang);
    return c.json(
      ok(
        await joinCall(
          { db: c.env.DB, config: c.var.config, media: mediaServiceFor(c.var.config) },
          row,
          'shopper',
          userHolder(user.sessionId),
          storefrontRoomPath,
        ),
      ),
    );
  },
);

export const consultationRoomRoutes = new Hono<AppEnv>().get(
  '/:id{[0-9]+}/room',
  contract({
    tag: 'consultations',
    summary:
      "The call room's WebSocket (an Upgrade: websocket request) for a valid join ticket of this consultation, in the x-call-ticket header, presented by the session it was issued to and used once (else 403 call_ticket_invalid or call_ticket_used): signalling, presence and the chat",
    params: idParams,
    badParams: 'not_found',
    noDevice: true,
    // Its success is the socket's 101, never an envelope.
    webSocket: true,
    messages: ['call_ticket_invalid', 'call_ticket_used', 'call_room_websocket_required'],
  }),
  async (c) => {
    const { id } = c.req.valid('param');
    const ticket = c.req.header(CALL_TICKET_HEADER) ?? '';
    const read = readTicket(ticket);
    const holder = read ? await presenter(c, read.side) : null;
    const claims = await verifyTicket(c.var.config.TOKEN_SECRET, ticket, holder);
    // Expired, altered, another consultation's, or presented by another session (or none): the room stays shut.
    if (!claims || claims.consultationId !== id) throw new ApiError(403, 'call_ticket_invalid');
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(426, 'call_room_websocket_required');
    const headers = new Headers({
      upgrade: 'websocket',
      [ROOM_CONSULTATION_HEADER]: String(id),
      [ROOM_SIDE_HEADER]: claims.side,
      // The room redeems it once (a second socket with the same ticket is refused there).
      [ROOM_TICKET_HEADER]: `${claims.nonce}.${claims.expiresAt}`,
    });
    const res = await roomStub(c.env, id).fetch(new Request('https://room.internal/ws', { headers }));
    // A fresh Response: the middleware after this one may set headers, and a fetched one's are immutable.
    return new Response(res.body, { status: res.status, headers: res.headers, webSocket: res.webSocket });
  },
);
