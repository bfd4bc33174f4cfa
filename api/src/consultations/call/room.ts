// ConsultRoom (decision 56): one Durable Object per consultation (idFromName of its id), reached only
// through the API's WebSocket route once a join ticket checked out. It uses the WebSocket Hibernation
// API (ctx.acceptWebSocket, webSocketMessage, webSocketClose): between messages the object may be
// evicted from memory while both sockets stay open, so nothing it needs lives only in memory: who each
// socket is rides on the socket (tag and attachment), the chat is in D1, the SFU sessions in storage.
//
// It does four things:
// - presence: a welcome to the side that connects (is the other side here?), joined/left to the other;
//   a side's new socket (a reload, a second tab) replaces its old one;
// - signalling: `signal` frames relayed as they are to the other side (offer/answer/ICE in direct mode);
// - the chat's sequencer: each message gets the next seq, is sealed into D1, acknowledged to the sender
//   and sent to the other side; `sync` answers what a reconnecting page missed; a resend is stored once;
// - realtime media: the SFU calls a page needs (the app token never reaches a browser).
import { DurableObject } from 'cloudflare:workers';
import {
  type CallSide,
  CLOSE_ENDED,
  CLOSE_REPLACED,
  clientFrameSchema,
  type ClientFrame,
  type ServerFrame,
} from '#shared/consultations/call';
import { fail } from '#shared/api/envelope';
import { apiConfig } from '#api/src/lib/config';
import { log } from '#api/src/lib/log';
import { lastSeq, messagesAfter, storeMessage } from './chat-store';
import { type MediaService, MediaError, mediaServiceFor } from './media';
import { type ChatSealer, chatSealer } from './sealer';

/** Set by the API's room route (after the ticket), read by the room: nobody else can reach it. */
export const ROOM_CONSULTATION_HEADER = 'x-room-consultation';
export const ROOM_SIDE_HEADER = 'x-room-side';
/** `<nonce>.<expiry ms>` of the ticket the route checked: the room lets it open one socket only. */
export const ROOM_TICKET_HEADER = 'x-room-ticket';

/** The tickets this room has admitted, by nonce → expiry; an expired one is forgotten (it opens nothing anyway). */
const REDEEMED_KEY = 'redeemed-tickets';

interface Attachment {
  side: CallSide;
  consultationId: number;
  /** The chat's pace on this socket: when the current window began and how many messages it has had. */
  burst?: { since: number; count: number };
}

/** At most this many chat messages per socket in CHAT_WINDOW_MS (a person never comes near it). */
const CHAT_BURST = 20;
const CHAT_WINDOW_MS = 10_000;

interface Published {
  session_id: string;
  tracks: { track_name: string; kind: 'audio' | 'video' }[];
}

const otherSide = (side: CallSide): CallSide => (side === 'shopper' ? 'nutritionist' : 'shopper');

function send(ws: WebSocket, frame: ServerFrame): void {
  try {
    ws.send(JSON.stringify(frame));
  } catch {
    // Already closing: its close handler tells the other side.
  }
}

export class ConsultRoom extends DurableObject<ApiEnv> {
  /** Chat messages are stored one after another, so acknowledgements and relays follow seq order. */
  #queue: Promise<unknown> = Promise.resolve();
  #sealer: ChatSealer | null = null;
  #media: MediaService | null = null;

  /** Overridable in tests (a stubbed SFU). */
  protected media(): MediaService {
    this.#media ??= mediaServiceFor(apiConfig(this.env));
    return this.#media;
  }

  private sealer(): ChatSealer {
    this.#sealer ??= chatSealer(this.env);
    return this.#sealer;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** The open sockets of one side (a replaced or closing one is not counted). */
  private sockets(side: CallSide, except?: WebSocket): WebSocket[] {
    return this.ctx.getWebSockets(side).filter((ws) => ws !== except && ws.readyState === WebSocket.OPEN);
  }

  private toSide(side: CallSide, frame: ServerFrame): void {
    for (const ws of this.sockets(side)) send(ws, frame);
  }

  /**
   * The consultation was cancelled (by the shopper before its start, or by an erasure): whoever is in
   * the room leaves it. A socket is only checked when it opens, so without this one opened in the join
   * window would outlive the booking; a page that joins again is told it is no longer joinable.
   */
  async end(): Promise<number> {
    const open = [...this.sockets('shopper'), ...this.sockets('nutritionist')];
    for (const ws of open) ws.close(CLOSE_ENDED, 'the consultation was cancelled');
    return open.length;
  }

  override async fetch(request: Request): Promise<Response> {
    const consultationId = Number(request.headers.get(ROOM_CONSULTATION_HEADER));
    const side = request.headers.get(ROOM_SIDE_HEADER) as CallSide | null;
    if (!Number.isSafeInteger(consultationId) || consultationId <= 0 || (side !== 'shopper' && side !== 'nutritionist'))
      return Response.json(fail('call_room_request_invalid', 400), { status: 400 });
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
      return Response.json(fail('call_room_websocket_required', 426), { status: 426 });
    const ticket = /^([0-9a-f]{16})\.(\d{13})$/.exec(request.headers.get(ROOM_TICKET_HEADER) ?? '');
    if (!ticket) return Response.json(fail('call_room_request_invalid', 400), { status: 400 });
    if (!(await this.redeem(ticket[1]!, Number(ticket[2]))))
      return Response.json(fail('call_ticket_used', 403), { status: 403 });

    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    const earlier = this.sockets(side);
    this.ctx.acceptWebSocket(server, [side]);
    server.serializeAttachment({ side, consultationId } satisfies Attachment);
    for (const old of earlier) {
      send(old, { type: 'error', reason: 'replaced' });
      old.close(CLOSE_REPLACED, 'replaced by a newer connection');
    }
    send(server, {
      type: 'welcome',
      side,
      peer_present: this.sockets(otherSide(side)).length > 0,
      media: this.media().mode,
      last_seq: await lastSeq(this.env.DB, consultationId),
    });
    this.toSide(otherSide(side), { type: 'presence', side, present: true });
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * A ticket opens one socket (issue 61, finding 18): a second upgrade with it (a copied URL, a replayed
   * request) is refused, so whoever else holds it can neither take her side over nor read the chat. The
   * object's storage is consistent and its requests run one at a time, so two at once cannot both pass.
   */
  private async redeem(nonce: string, expiresAt: number): Promise<boolean> {
    const now = Date.now();
    const seen = (await this.ctx.storage.get<Record<string, number>>(REDEEMED_KEY)) ?? {};
    if (seen[nonce] !== undefined) return false;
    const kept: Record<string, number> = { [nonce]: expiresAt };
    for (const [n, until] of Object.entries(seen)) if (until > now) kept[n] = until;
    await this.ctx.storage.put(REDEEMED_KEY, kept);
    return true;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const me = ws.deserializeAttachment() as Attachment | null;
    if (!me) return ws.close(1011, 'unknown socket');
    let frame: ClientFrame;
    try {
      if (typeof message !== 'string' || message.length > 200_000) throw new Error('not a text frame');
      frame = clientFrameSchema.parse(JSON.parse(message));
    } catch {
      return send(ws, { type: 'error', reason: 'bad_frame' });
    }
    switch (frame.type) {
      case 'sync':
        return send(ws, {
          type: 'history',
          messages: await messagesAfter(this.env.DB, this.sealer(), me.consultationId, frame.after),
        });
      case 'chat': {
        // A page that floods the room is told to slow down; its messages stay unacknowledged, and the
        // page sends them again a moment later (same client_id: stored once).
        const now = Date.now();
        const burst = me.burst && now - me.burst.since < CHAT_WINDOW_MS ? me.burst : { since: now, count: 0 };
        if (burst.count >= CHAT_BURST) return send(ws, { type: 'error', reason: 'too_many' });
        ws.serializeAttachment({ ...me, burst: { ...burst, count: burst.count + 1 } } satisfies Attachment);
        return this.serially(async () => {
          try {
            const stored = await storeMessage(
              this.env.DB,
              this.sealer(),
              me.consultationId,
              me.side,
              frame.client_id,
              frame.text,
            );
            send(ws, { type: 'ack', client_id: frame.client_id, seq: stored.seq, created_at: stored.created_at });
            if (!stored.duplicate)
              this.toSide(otherSide(me.side), {
                type: 'chat',
                message: {
                  seq: stored.seq,
                  sender: me.side,
                  client_id: frame.client_id,
                  text: frame.text,
                  created_at: stored.created_at,
                },
              });
          } catch (error) {
            // Not acknowledged: the page keeps the message and sends it again (same client_id).
            log.error('chat message not stored', { error, consultation: me.consultationId });
            send(ws, { type: 'error', reason: 'chat_failed' });
          }
        });
      }
      case 'signal':
        return this.toSide(otherSide(me.side), { type: 'signal', from: me.side, data: frame.data });
      default:
        return this.mediaCall(ws, me, frame);
    }
  }

  private async mediaCall(
    ws: WebSocket,
    me: Attachment,
    frame: Extract<ClientFrame, { type: `media_${string}` }>,
  ): Promise<void> {
    const media = this.media();
    try {
      let result: unknown;
      switch (frame.type) {
        case 'media_session': {
          const { sessionId } = await media.newSession();
          await this.ctx.storage.put<Published>(`published:${me.side}`, { session_id: sessionId, tracks: [] });
          result = { session_id: sessionId };
          break;
        }
        case 'media_publish': {
          await this.ownSession(me.side, frame.session_id);
          result = await media.publish(
            frame.session_id,
            frame.offer,
            frame.tracks.map((t) => ({ mid: t.mid, trackName: t.track_name })),
          );
          await this.ctx.storage.put<Published>(`published:${me.side}`, {
            session_id: frame.session_id,
            tracks: frame.tracks.map((t) => ({ track_name: t.track_name, kind: t.kind })),
          });
          // The other side pulls them now (it sends media_pull).
          this.toSide(otherSide(me.side), { type: 'signal', from: me.side, data: { kind: 'published' } });
          break;
        }
        case 'media_pull': {
          await this.ownSession(me.side, frame.session_id);
          const theirs = await this.ctx.storage.get<Published>(`published:${otherSide(me.side)}`);
          result =
            theirs && theirs.tracks.length > 0
              ? {
                  ...(await media.pull(
                    frame.session_id,
                    theirs.tracks.map((t) => ({ sessionId: theirs.session_id, trackName: t.track_name })),
                  )),
                  kinds: theirs.tracks.map((t) => t.kind),
                }
              : { sessionDescription: null, requiresImmediateRenegotiation: false, tracks: [], kinds: [] };
          break;
        }
        case 'media_renegotiate':
          await this.ownSession(me.side, frame.session_id);
          await media.renegotiate(frame.session_id, frame.answer);
          result = {};
          break;
      }
      send(ws, { type: 'media', req: frame.req, ok: true, result });
    } catch (error) {
      if (!(error instanceof MediaError)) log.error('media call failed', { error, consultation: me.consultationId });
      send(ws, {
        type: 'media',
        req: frame.req,
        ok: false,
        error: error instanceof MediaError ? error.code : 'media_unavailable',
      });
    }
  }

  /** A side may act only on the SFU session the room made for it. */
  private async ownSession(side: CallSide, sessionId: string): Promise<void> {
    const mine = await this.ctx.storage.get<Published>(`published:${side}`);
    if (mine?.session_id !== sessionId) throw new MediaError('media_refused', 'not this side’s session');
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    const me = ws.deserializeAttachment() as Attachment | null;
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
    } catch {
      // Already closed.
    }
    if (!me) return;
    // A socket replaced by a newer one of the same side: the side is still here.
    if (this.sockets(me.side, ws).length > 0) return;
    await this.ctx.storage.delete(`published:${me.side}`);
    this.toSide(otherSide(me.side), { type: 'presence', side: me.side, present: false });
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1011);
  }
}

/** The room of one consultation (one Durable Object per consultation, named by its id). */
export function roomStub(env: ApiEnv, consultationId: number): DurableObjectStub<ConsultRoom> {
  const ns = env.CONSULT_ROOMS as DurableObjectNamespace<ConsultRoom>;
  return ns.get(ns.idFromName(String(consultationId)));
}
