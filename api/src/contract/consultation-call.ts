// The consultation call's shopper-facing routes (decision 56), merged into CONTRACTS (registry.ts).
import { idParams } from '#shared/api/route-schemas';
import { roomQuerySchema } from '#shared/api/consultation-call-schemas';
import type { RouteContract } from './route-contract';

export const CONSULTATION_CALL_CONTRACTS = {
  'POST /user/consultation/:id{[0-9]+}/join': {
    tag: 'consultations',
    summary:
      "Join her booked consultation's call inside its join window: a short-lived room ticket, the room's WebSocket path, the media mode (realtime or direct) and ICE servers",
    params: idParams,
    badParams: 'not_found',
    user: true,
  },
  'GET /consultation/:id{[0-9]+}/room': {
    tag: 'consultations',
    summary:
      "The call room's WebSocket (an Upgrade: websocket request) for the holder of a valid join ticket of this consultation: signalling, presence and the chat",
    params: idParams,
    query: roomQuerySchema,
    badParams: 'not_found',
    noDevice: true,
  },
} as const satisfies Record<string, RouteContract>;
