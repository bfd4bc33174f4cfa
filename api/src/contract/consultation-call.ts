// The consultation call's shopper-facing routes (decision 56), merged into CONTRACTS (registry.ts).
import { idParams } from '#shared/api/route-schemas';
import type { RouteContract } from './route-contract';

export const CONSULTATION_CALL_CONTRACTS = {
  'POST /user/consultation/:id{[0-9]+}/join': {
    tag: 'consultations',
    summary:
      "Join her booked consultation's call inside its join window: a short-lived, single-use room ticket bound to her session, the room's WebSocket path, the media mode (realtime or direct) and ICE servers",
    params: idParams,
    badParams: 'not_found',
    user: true,
  },
  'GET /consultation/:id{[0-9]+}/room': {
    tag: 'consultations',
    summary:
      "The call room's WebSocket (an Upgrade: websocket request) for a valid join ticket of this consultation, in the x-call-ticket header, presented by the session it was issued to and used once (else 403 call_ticket_invalid or call_ticket_used): signalling, presence and the chat",
    params: idParams,
    badParams: 'not_found',
    noDevice: true,
  },
} as const satisfies Record<string, RouteContract>;
