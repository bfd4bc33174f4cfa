// The nutritionist's join of a consultation's call (decision 56): only the nutritionist the
// consultation is booked with (nutritionists.staff_id); any other staff member gets 404, as for a
// consultation that does not exist.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { joinCall, nutritionistConsultation } from '#api/src/consultations/call/join';
import { mediaServiceFor } from '#api/src/consultations/call/media';
import { staffHolder } from '#api/src/consultations/call/ticket';
import { idParams } from '#shared/api/route-schemas';
import { callJoinSchema } from '#shared/consultations/call';

/** The back office's path of the room (staff/routes/consultation-call.tsx passes it through). */
const staffRoomPath = (id: number) => `/consultations/${id}/room`;

export const staffConsultationCallRoutes = new Hono<AppEnv>().post(
  '/consultations/:id{[0-9]+}/join',
  contract({
    tag: 'staff',
    summary:
      "Join a consultation's call as the nutritionist it is booked with (any other staff member: 404), inside its join window: a room ticket, the WebSocket path, media mode and ICE servers",
    params: idParams,
    badParams: 'not_found',
    noDevice: true,
    staff: 'signed-in',
    response: callJoinSchema,
    messages: ['not_found', 'call_not_joinable', 'call_too_early', 'call_closed'],
  }),
  async (c) => {
    const member = await requireStaff(c);
    const { id } = c.req.valid('param');
    const row = await nutritionistConsultation(c.env.DB, id, member.id);
    return c.json(
      ok(
        await joinCall(
          { db: c.env.DB, config: c.var.config, media: mediaServiceFor(c.var.config) },
          row,
          'nutritionist',
          staffHolder(member.sessionId),
          staffRoomPath,
        ),
      ),
    );
  },
);
