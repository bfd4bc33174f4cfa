// Joining a consultation's call (decision 56): the shopper whose consultation it is, or the
// nutritionist it is booked with, while it is booked and inside its join window (rules.ts: from 10
// minutes before the start to 30 minutes after the end). The answer is what the page needs to
// connect: a short-lived, single-use ticket for the room bound to the asking session, the room's
// WebSocket path, the media mode and ICE servers.
import type { CallJoin, CallSide } from '#shared/consultations/call';
import { joinWindow } from '#shared/consultations/rules';
import { ApiError } from '#api/src/lib/errors';
import type { ApiConfig } from '#api/src/lib/config';
import { log } from '#api/src/lib/log';
import { CLOUDFLARE_STUN, MediaError, type MediaService } from './media';
import { issueTicket, type TicketHolder } from './ticket';

interface JoinRow {
  id: number;
  status: string;
  mode: 'video' | 'chat';
  starts_at: number;
  ends_at: number;
  peer_name: string;
  nutritionist_gender: 'female' | 'male';
}

const COLUMNS = 'c.id, c.status, c.mode, c.starts_at, c.ends_at, n.gender AS nutritionist_gender';

/** Her own consultation, or null (another shopper's is not found, as if it did not exist). */
export function shopperConsultation(db: D1Database, consultationId: number, userId: number, lang: 'en' | 'ar') {
  return db
    .prepare(
      `SELECT ${COLUMNS}, ${lang === 'ar' ? 'n.name_ar' : 'n.name_en'} AS peer_name
       FROM consultations c JOIN nutritionists n ON n.id = c.nutritionist_id WHERE c.id = ? AND c.user_id = ?`,
    )
    .bind(consultationId, userId)
    .first<JoinRow>();
}

/** A consultation booked with the nutritionist this staff account practises as, or null. */
export function nutritionistConsultation(db: D1Database, consultationId: number, staffId: number) {
  return db
    .prepare(
      `SELECT ${COLUMNS}, u.name AS peer_name FROM consultations c
       JOIN nutritionists n ON n.id = c.nutritionist_id JOIN users u ON u.id = c.user_id
       WHERE c.id = ? AND n.staff_id = ?`,
    )
    .bind(consultationId, staffId)
    .first<JoinRow>();
}

export interface JoinDeps {
  db: D1Database;
  config: Pick<ApiConfig, 'TOKEN_SECRET'>;
  media: MediaService;
  now?: number;
}

export async function joinCall(
  deps: JoinDeps,
  row: JoinRow | null,
  side: CallSide,
  /** The session asking: only it can redeem the ticket (ticket.ts). */
  holder: TicketHolder,
  wsPath: (id: number) => string,
): Promise<CallJoin> {
  if (!row) throw new ApiError(404, 'not_found');
  if (row.status !== 'booked') throw new ApiError(409, 'call_not_joinable');
  const now = deps.now ?? Date.now();
  const window = joinWindow(row.starts_at, row.ends_at);
  if (now < window.opens) throw new ApiError(409, 'call_too_early', { opens_at: new Date(window.opens).toISOString() });
  if (now > window.closes) throw new ApiError(409, 'call_closed');

  const [{ ticket, expiresAt }, iceServers] = await Promise.all([
    issueTicket(deps.config.TOKEN_SECRET, row.id, side, holder, now),
    deps.media.iceServers().catch((error) => {
      // TURN unreachable: STUN still reaches the SFU for most networks, and the chat works regardless.
      log.warn('TURN credentials unavailable', { error: error instanceof MediaError ? error.message : error });
      return [CLOUDFLARE_STUN];
    }),
    // Her first join is when she came (the no-show and lateness marks read it).
    side === 'shopper'
      ? deps.db
          .prepare('UPDATE consultations SET joined_at = ?, updated_at = ? WHERE id = ? AND joined_at IS NULL')
          .bind(now, now, row.id)
          .run()
      : null,
  ]);
  return {
    consultation_id: row.id,
    side,
    peer_name: row.peer_name,
    nutritionist_gender: row.nutritionist_gender,
    ticket,
    expires_at: expiresAt,
    ws_path: wsPath(row.id),
    media: deps.media.mode,
    ice_servers: iceServers,
    mode: row.mode,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
  };
}
