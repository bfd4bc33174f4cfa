// The nutritionist's join of a consultation's call (decision 56): only the nutritionist the
// consultation is booked with (nutritionists.staff_id); any other staff member gets 404, as for a
// consultation that does not exist.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/lib/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { joinCall, nutritionistConsultation } from '#api/src/consultations/call/join';
import { mediaServiceFor } from '#api/src/consultations/call/media';
import { staffHolder } from '#api/src/consultations/call/ticket';

/** The back office's path of the room (staff/routes/consultation-call.tsx passes it through). */
export const staffRoomPath = (id: number) => `/consultations/${id}/room`;

export const staffConsultationCallRoutes = new Hono<AppEnv>().post(
  '/consultations/:id{[0-9]+}/join',
  contract('POST /staff/consultations/:id{[0-9]+}/join'),
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
