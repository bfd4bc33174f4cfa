// The consultation call's wire protocol (issue 46, decision 56): what the browser (the shopper's call
// page, the nutritionist's back-office page) and the room (api/src/consultations/call/room.ts) say to
// each other over the WebSocket, and what a join answers. One module so the three ends agree.
import { z } from '#shared/zod';
import { CONSULTATION_MODES, NUTRITIONIST_GENDERS } from './facts';

/** The two sides of a call. The room stores chat as 'shopper' | 'nutritionist' (consultation_messages.sender). */
export const CALL_SIDES = ['shopper', 'nutritionist'] as const;
export type CallSide = (typeof CALL_SIDES)[number];

/**
 * How media travels: `realtime` through Cloudflare Realtime's SFU (and its TURN), `direct` browser to
 * browser with no ICE servers (local mode: host candidates only, nothing leaves the machine).
 */
const MEDIA_MODES = ['realtime', 'direct'] as const;
export type MediaMode = (typeof MEDIA_MODES)[number];

/** A join ticket lives this long: the page connects at once, and a reconnect asks for a new one. */
export const CALL_TICKET_TTL_MS = 2 * 60 * 1000;

/** The longest chat message a side may send (characters). */
export const CHAT_MAX_CHARS = 2000;

const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * What a join answers (POST /user/consultation/:id/join, POST /staff/consultations/:id/join): the
 * routes' response schema (decision 68) and the type both call pages read.
 */
export const callJoinSchema = z.object({
  consultation_id: z.int(),
  side: z.enum(CALL_SIDES),
  /** The other side's name: the nutritionist's (in the shopper's language) or the shopper's. */
  peer_name: z.string(),
  /** The nutritionist's gender: Arabic texts about her (or addressed to her) agree with it. */
  nutritionist_gender: z.enum(NUTRITIONIST_GENDERS),
  /**
   * Signed: consultation, side, expiry and the session that joined (api/src/consultations/call/ticket.ts);
   * good for one WebSocket, offered as a subprotocol (CALL_WS_PROTOCOL), never in the URL.
   */
  ticket: z.string(),
  expires_at: z.int(),
  /** Path of the room's WebSocket on the origin the page was served from (the page adds ws(s)://host). */
  ws_path: z.string(),
  media: z.enum(MEDIA_MODES),
  ice_servers: z.array(iceServerSchema),
  /** What the shopper chose when she booked (video, or chat only). */
  mode: z.enum(CONSULTATION_MODES),
  starts_at: z.int(),
  ends_at: z.int(),
});
export type CallJoin = z.infer<typeof callJoinSchema>;

/** A chat message as both sides see it. */
export interface ChatMessage {
  seq: number;
  sender: CallSide | 'system';
  client_id: string;
  text: string;
  created_at: number;
}

/** A track a side published to the SFU (realtime mode): the other side pulls it by session and name. */
const publishedTrackSchema = z.object({
  track_name: z.string().min(1).max(64),
  kind: z.enum(['audio', 'video']),
});

const sdpSchema = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().min(1).max(100_000) });

/** What a browser may send the room. Anything else is refused with an `error` frame. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  // "I have every message up to this seq": the room sends what came after (on every (re)connect).
  z.object({ type: z.literal('sync'), after: z.number().int().min(0) }),
  z.object({
    type: z.literal('chat'),
    client_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    text: z.string().trim().min(1).max(CHAT_MAX_CHARS),
  }),
  // WebRTC signalling, relayed as it is to the other side (direct mode: offer/answer/candidates;
  // both modes: 'ready', 'chat_only', 'video' announcements). The room does not read it.
  z.object({ type: z.literal('signal'), data: z.record(z.string(), z.unknown()) }),
  // Realtime mode: the room calls the SFU for the page (the app secret never reaches a browser).
  z.object({ type: z.literal('media_session'), req: z.number().int().min(0) }),
  z.object({
    type: z.literal('media_publish'),
    req: z.number().int().min(0),
    session_id: z.string().min(1).max(200),
    offer: sdpSchema,
    tracks: z
      .array(publishedTrackSchema.extend({ mid: z.string().max(16) }))
      .min(1)
      .max(4),
  }),
  // Pull what the other side published (the room knows its session and track names).
  z.object({
    type: z.literal('media_pull'),
    req: z.number().int().min(0),
    session_id: z.string().min(1).max(200),
  }),
  z.object({
    type: z.literal('media_renegotiate'),
    req: z.number().int().min(0),
    session_id: z.string().min(1).max(200),
    answer: sdpSchema,
  }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** What the room sends a browser. */
export type ServerFrame =
  | { type: 'welcome'; side: CallSide; peer_present: boolean; media: MediaMode; last_seq: number }
  | { type: 'presence'; side: CallSide; present: boolean }
  | { type: 'history'; messages: ChatMessage[] }
  | { type: 'chat'; message: ChatMessage }
  | { type: 'ack'; client_id: string; seq: number; created_at: number }
  | { type: 'signal'; from: CallSide; data: Record<string, unknown> }
  | { type: 'media'; req: number; ok: true; result: unknown }
  | { type: 'media'; req: number; ok: false; error: string }
  | { type: 'error'; reason: 'bad_frame' | 'chat_failed' | 'too_many' | 'replaced' };

/** Close codes the room uses (4000–4999 are the application's). */
export const CLOSE_REPLACED = 4001;
/** The consultation was cancelled while a side was in the room: joining again answers why. */
export const CLOSE_ENDED = 4002;
