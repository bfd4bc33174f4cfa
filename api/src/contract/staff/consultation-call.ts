// The nutritionist's side of the consultation call (decision 56).
import { idParams } from '#shared/api/route-schemas';
import type { RouteContract } from '../route-contract';

export const STAFF_CONSULTATION_CALL_CONTRACTS = {
  'POST /staff/consultations/:id{[0-9]+}/join': {
    tag: 'staff',
    summary:
      "Join a consultation's call as the nutritionist it is booked with (any other staff member: 404), inside its join window: a room ticket, the WebSocket path, media mode and ICE servers",
    params: idParams,
    badParams: 'not_found',
    noDevice: true,
    staff: 'signed-in',
  },
} as const satisfies Record<string, RouteContract>;
