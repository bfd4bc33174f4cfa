// The consultation call in the browser (decision 56), without any UI: the room's WebSocket (join
// ticket, reconnect with backoff, the chat's resume and resend), and the media in either mode. Both
// pages use it: the shopper's call page (client/pages/profile-consultation-call.tsx) and the
// nutritionist's back-office page (client/call/staff-entry.ts, served by the staff worker).
//
// Direct mode (local, no outside service): one RTCPeerConnection between the two browsers, signalled
// through the room. The nutritionist always offers, the shopper always answers with a fresh connection
// per offer; each offer has a generation and answers and candidates of an older one are dropped, so
// two sides (re)joining at once never cross their descriptions. A side says `hello` when it (re)joins
// with video, `chat_only` when it stops; the nutritionist offers to a peer that said hello.
// Realtime mode: each side publishes its tracks to Cloudflare's SFU and pulls the other's, through the
// room (which holds the app token); the SFU's offers are answered through renegotiate.
import type { CallJoin, CallSide, ChatMessage, ClientFrame, ServerFrame } from '#shared/consultations/call';
import { CALL_WS_PROTOCOL } from '#shared/consultations/call-socket';

type Connection = 'connecting' | 'open' | 'reconnecting' | 'replaced' | 'failed';
type MediaState = 'off' | 'starting' | 'waiting' | 'connecting' | 'connected' | 'poor' | 'denied';

export interface ChatEntry extends Omit<ChatMessage, 'seq'> {
  /** null while the room has not acknowledged it (shown as sending). */
  seq: number | null;
}

export interface CallState {
  connection: Connection;
  peerPresent: boolean;
  /** The other side said it continues in chat only. */
  peerChatOnly: boolean;
  media: MediaState;
  chatOnly: boolean;
  micOn: boolean;
  cameraOn: boolean;
  messages: ChatEntry[];
  /** Why the last join failed (an API message key), when it did. */
  joinError: string | null;
}

export interface CallEngineOptions {
  side: CallSide;
  /** A fresh join (ticket, WebSocket path, ICE servers): asked again on every (re)connect. */
  join: () => Promise<CallJoin>;
  /** Start in chat only (her booking's mode, or her choice). */
  chatOnly?: boolean;
  onChange: (state: CallState) => void;
  onLocalStream: (stream: MediaStream | null) => void;
  onRemoteStream: (stream: MediaStream | null) => void;
}

const RECONNECT_MS = [500, 1000, 2000, 4000, 8000];
/** After the room could not take a message (a failure, or too fast), the unacknowledged ones go again. */
const RESEND_AFTER_MS = 3000;
/** A connection that stays disconnected this long is called poor (the page offers chat only). */
const POOR_AFTER_MS = 6000;

type MediaFrame = Extract<ClientFrame, { type: `media_${string}` }>;
/** A media frame without its request number (the engine numbers it). */
type MediaRequest = MediaFrame extends infer F ? (F extends MediaFrame ? Omit<F, 'req'> : never) : never;

const newClientId = () => crypto.randomUUID().replace(/-/g, '');

export class CallEngine {
  readonly side: CallSide;
  #opts: CallEngineOptions;
  #ws: WebSocket | null = null;
  #join: CallJoin | null = null;
  #attempt = 0;
  #stopped = false;
  #state: CallState;
  #delivered = new Map<number, ChatMessage>();
  #pending = new Map<string, { text: string; created_at: number }>();
  #local: MediaStream | null = null;
  #localReady: Promise<void> = Promise.resolve();
  #pc: RTCPeerConnection | null = null;
  #remote: MediaStream | null = null;
  /** Direct mode: the nutritionist's offer generation; the shopper's current one. */
  #gen = 0;
  #signals: Promise<void> = Promise.resolve();
  /** Direct mode: candidates that came before their connection had its remote description, by generation. */
  #early = new Map<number, RTCIceCandidateInit[]>();
  #poorTimer: ReturnType<typeof setTimeout> | undefined;
  #req = 0;
  #replies = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #sfuSession: string | null = null;
  #joinedOnce = false;
  #resendTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(opts: CallEngineOptions) {
    this.side = opts.side;
    this.#opts = opts;
    this.#state = {
      connection: 'connecting',
      peerPresent: false,
      peerChatOnly: false,
      media: 'off',
      chatOnly: opts.chatOnly ?? false,
      micOn: true,
      cameraOn: true,
      messages: [],
      joinError: null,
    };
  }

  get state(): CallState {
    return this.#state;
  }

  #set(patch: Partial<CallState>) {
    this.#state = { ...this.#state, ...patch };
    this.#opts.onChange(this.#state);
  }

  start(): void {
    void this.#connect();
  }

  stop(): void {
    this.#stopped = true;
    this.#ws?.close(1000, 'left');
    this.#closePeer();
    this.#stopLocal();
    clearTimeout(this.#poorTimer);
  }

  // ——— the room ———

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    try {
      this.#join = await this.#opts.join();
    } catch (error) {
      const key = (error as { msg?: string }).msg ?? 'upstream_unavailable';
      this.#set({ joinError: key, connection: 'failed' });
      // Outside the window or not hers: trying again will not help. A network failure might.
      if (!['call_too_early', 'call_closed', 'call_not_joinable', 'not_found', 'unauthorized'].includes(key))
        this.#retry();
      return;
    }
    this.#set({ joinError: null });
    // Her booking's choice of chat only applies when the page opens; after that, her switch decides.
    if (!this.#joinedOnce && this.#join.mode === 'chat') this.#set({ chatOnly: true });
    this.#joinedOnce = true;
    const url = new URL(this.#join.ws_path, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    // The ticket rides as a subprotocol, not in the URL (logs keep URLs); good for this one socket.
    const ws = new WebSocket(url, [CALL_WS_PROTOCOL, this.#join.ticket]);
    this.#ws = ws;
    ws.addEventListener('message', (e) => this.#onFrame(JSON.parse(String(e.data)) as ServerFrame));
    ws.addEventListener('close', (e) => {
      if (this.#ws !== ws) return;
      this.#ws = null;
      for (const reply of this.#replies.values()) reply.reject(new Error('room closed'));
      this.#replies.clear();
      if (this.#stopped) return;
      if (e.code === 4001) {
        this.#set({ connection: 'replaced' });
        this.stop();
        return;
      }
      this.#set({ connection: 'reconnecting', peerPresent: false });
      this.#retry();
    });
  }

  #retry() {
    const wait = RECONNECT_MS[Math.min(this.#attempt, RECONNECT_MS.length - 1)]!;
    this.#attempt++;
    setTimeout(() => void this.#connect(), wait);
  }

  #send(frame: ClientFrame): boolean {
    if (this.#ws?.readyState !== WebSocket.OPEN) return false;
    this.#ws.send(JSON.stringify(frame));
    return true;
  }

  #onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'welcome':
        this.#attempt = 0;
        this.#set({ connection: 'open', peerPresent: frame.peer_present });
        // What came while away, then what was never acknowledged (same client_id: stored once).
        this.#send({ type: 'sync', after: this.#lastSeq() });
        for (const [client_id, p] of this.#pending) this.#send({ type: 'chat', client_id, text: p.text });
        // In chat only, the other side learns it now (it would otherwise wait for video).
        if (this.#state.chatOnly) this.#send({ type: 'signal', data: { kind: 'chat_only' } });
        this.#startMedia();
        return;
      case 'presence':
        this.#set({ peerPresent: frame.present, ...(frame.present ? {} : { peerChatOnly: false }) });
        if (!frame.present) this.#peerLeft();
        else if (this.#state.chatOnly) this.#send({ type: 'signal', data: { kind: 'chat_only' } });
        return;
      case 'history':
        for (const m of frame.messages) this.#delivered.set(m.seq, m);
        this.#publishMessages();
        // A full page: there may be more.
        if (frame.messages.length >= 200) this.#send({ type: 'sync', after: this.#lastSeq() });
        return;
      case 'chat':
        this.#delivered.set(frame.message.seq, frame.message);
        this.#publishMessages();
        return;
      case 'ack': {
        const p = this.#pending.get(frame.client_id);
        this.#pending.delete(frame.client_id);
        if (p)
          this.#delivered.set(frame.seq, {
            seq: frame.seq,
            sender: this.side,
            client_id: frame.client_id,
            text: p.text,
            created_at: frame.created_at,
          });
        this.#publishMessages();
        return;
      }
      case 'signal':
        this.#signals = this.#signals.then(() => this.#onSignal(frame.data)).catch(() => undefined);
        return;
      case 'media': {
        const reply = this.#replies.get(frame.req);
        this.#replies.delete(frame.req);
        if (!reply) return;
        if (frame.ok) reply.resolve(frame.result);
        else reply.reject(new Error(frame.error));
        return;
      }
      case 'error':
        // Not stored (a passing failure) or too fast: what is still unacknowledged goes again shortly.
        if (frame.reason === 'chat_failed' || frame.reason === 'too_many') this.#resendSoon();
        return;
    }
  }

  #resendSoon() {
    if (this.#resendTimer !== undefined) return;
    this.#resendTimer = setTimeout(() => {
      this.#resendTimer = undefined;
      for (const [client_id, p] of this.#pending) this.#send({ type: 'chat', client_id, text: p.text });
    }, RESEND_AFTER_MS);
  }

  #lastSeq(): number {
    let last = 0;
    for (const seq of this.#delivered.keys()) if (seq > last) last = seq;
    return last;
  }

  #publishMessages() {
    const delivered: ChatEntry[] = [...this.#delivered.values()].sort((a, b) => a.seq - b.seq);
    const pending: ChatEntry[] = [...this.#pending].map(([client_id, p]) => ({
      seq: null,
      sender: this.side,
      client_id,
      text: p.text,
      created_at: p.created_at,
    }));
    this.#set({ messages: [...delivered, ...pending] });
  }

  /** Sends a chat message; it stays (shown as sending) until the room acknowledges it. */
  sendChat(text: string): void {
    const trimmed = text.trim();
    if (!trimmed) return;
    const client_id = newClientId();
    this.#pending.set(client_id, { text: trimmed, created_at: Date.now() });
    this.#publishMessages();
    this.#send({ type: 'chat', client_id, text: trimmed });
  }

  // ——— media ———

  setChatOnly(chatOnly: boolean): void {
    if (chatOnly === this.#state.chatOnly) return;
    this.#set({ chatOnly });
    if (chatOnly) {
      this.#closePeer();
      this.#stopLocal();
      this.#set({ media: 'off' });
      this.#send({ type: 'signal', data: { kind: 'chat_only' } });
    } else this.#startMedia();
  }

  toggleMic(): void {
    const on = !this.#state.micOn;
    for (const t of this.#local?.getAudioTracks() ?? []) t.enabled = on;
    this.#set({ micOn: on });
  }

  toggleCamera(): void {
    const on = !this.#state.cameraOn;
    for (const t of this.#local?.getVideoTracks() ?? []) t.enabled = on;
    this.#set({ cameraOn: on });
  }

  #startMedia(): void {
    if (this.#state.chatOnly || !this.#join) return;
    if (!this.#local) {
      this.#set({ media: 'starting' });
      this.#localReady = navigator.mediaDevices
        .getUserMedia({ audio: true, video: { width: { ideal: 640 }, height: { ideal: 480 } } })
        .then((stream) => {
          this.#local = stream;
          for (const t of stream.getAudioTracks()) t.enabled = this.#state.micOn;
          for (const t of stream.getVideoTracks()) t.enabled = this.#state.cameraOn;
          this.#opts.onLocalStream(stream);
        })
        .catch(() => {
          // No camera or microphone, or permission refused: chat only, said so.
          this.#set({ media: 'denied', chatOnly: true });
          this.#send({ type: 'signal', data: { kind: 'chat_only' } });
          throw new Error('no local media');
        });
    }
    this.#localReady
      .then(() => {
        if (this.#state.chatOnly) return;
        this.#set({ media: this.#state.peerPresent ? 'connecting' : 'waiting' });
        if (this.#join?.media === 'realtime') return this.#publishToSfu();
        this.#send({ type: 'signal', data: { kind: 'hello' } });
        if (this.side === 'nutritionist' && this.#state.peerPresent && !this.#state.peerChatOnly) return this.#offer();
      })
      .catch(() => undefined);
  }

  /** This side has its camera and microphone and is not in chat only. */
  #mediaOn(): boolean {
    return !this.#state.chatOnly && this.#local !== null;
  }

  #stopLocal() {
    for (const t of this.#local?.getTracks() ?? []) t.stop();
    this.#local = null;
    this.#opts.onLocalStream(null);
  }

  #closePeer() {
    this.#pc?.close();
    this.#pc = null;
    this.#sfuSession = null;
    if (this.#remote) {
      this.#remote = null;
      this.#opts.onRemoteStream(null);
    }
  }

  /** The shopper's side, when the nutritionist (re)joins: its offers count from 1 again. */
  #resetAnswerer() {
    this.#closePeer();
    this.#gen = 0;
    this.#early.clear();
  }

  #peerLeft() {
    if (this.#join?.media === 'realtime') {
      this.#remote = null;
      this.#opts.onRemoteStream(null);
    } else if (this.side === 'shopper') this.#resetAnswerer();
    else this.#closePeer();
    if (!this.#state.chatOnly && this.#local) this.#set({ media: 'waiting' });
  }

  #newPeer(): RTCPeerConnection {
    this.#closePeer();
    const pc = new RTCPeerConnection({
      iceServers: (this.#join?.ice_servers ?? []) as RTCIceServer[],
      bundlePolicy: 'max-bundle',
    });
    this.#pc = pc;
    const remote = new MediaStream();
    pc.addEventListener('track', (e) => {
      if (this.#pc !== pc) return;
      remote.addTrack(e.track);
      this.#remote = remote;
      this.#opts.onRemoteStream(remote);
    });
    pc.addEventListener('connectionstatechange', () => {
      if (this.#pc !== pc) return;
      clearTimeout(this.#poorTimer);
      const s = pc.connectionState;
      if (s === 'connected') this.#set({ media: 'connected' });
      else if (s === 'failed') this.#set({ media: 'poor' });
      else if (s === 'disconnected')
        this.#poorTimer = setTimeout(() => this.#pc === pc && this.#set({ media: 'poor' }), POOR_AFTER_MS);
    });
    return pc;
  }

  // Direct mode.

  async #offer(): Promise<void> {
    const gen = ++this.#gen;
    const pc = this.#newPeer();
    for (const track of this.#local?.getTracks() ?? []) pc.addTrack(track, this.#local!);
    pc.addEventListener('icecandidate', (e) => {
      if (e.candidate)
        this.#send({ type: 'signal', data: { kind: 'candidate', gen, candidate: e.candidate.toJSON() } });
    });
    await pc.setLocalDescription(await pc.createOffer());
    this.#send({ type: 'signal', data: { kind: 'offer', gen, sdp: pc.localDescription!.sdp } });
  }

  async #onSignal(data: Record<string, unknown>): Promise<void> {
    const kind = data.kind;
    if (kind === 'chat_only') {
      // Its video has stopped: ours waits for it to come back (never "connected" to a side in chat only).
      this.#set({ peerChatOnly: true, ...(this.#mediaOn() ? { media: 'waiting' as const } : {}) });
      if (this.#join?.media !== 'realtime') this.#closePeer();
      return;
    }
    if (kind === 'hello') {
      // Its video is (back) on: the link is made again from here.
      this.#set({ peerChatOnly: false, ...(this.#mediaOn() ? { media: 'connecting' as const } : {}) });
      if (this.#join?.media === 'realtime') return;
      if (this.side === 'nutritionist' && this.#local && !this.#state.chatOnly) await this.#offer();
      else if (this.side === 'shopper') this.#resetAnswerer();
      return;
    }
    if (kind === 'published') {
      if (this.#join?.media === 'realtime' && this.#sfuSession) await this.#pullFromSfu();
      return;
    }
    if (this.#join?.media === 'realtime' || this.#state.chatOnly) return;
    const gen = Number(data.gen);
    if (kind === 'offer' && this.side === 'shopper') {
      await this.#localReady.catch(() => undefined);
      if (this.#state.chatOnly) return;
      this.#gen = gen;
      const pc = this.#newPeer();
      for (const track of this.#local?.getTracks() ?? []) pc.addTrack(track, this.#local!);
      pc.addEventListener('icecandidate', (e) => {
        if (e.candidate)
          this.#send({ type: 'signal', data: { kind: 'candidate', gen, candidate: e.candidate.toJSON() } });
      });
      await pc.setRemoteDescription({ type: 'offer', sdp: String(data.sdp) });
      await this.#flushCandidates(pc, gen);
      await pc.setLocalDescription(await pc.createAnswer());
      this.#send({ type: 'signal', data: { kind: 'answer', gen, sdp: pc.localDescription!.sdp } });
      return;
    }
    if (kind === 'candidate') {
      // A candidate may overtake its description (both sides send as soon as they have them): kept
      // until the connection of its generation has the remote description, then added.
      const pc = this.#pc;
      const candidate = data.candidate as RTCIceCandidateInit;
      if (pc && gen === this.#gen && pc.remoteDescription) return pc.addIceCandidate(candidate).catch(() => undefined);
      if (gen >= this.#gen) this.#early.set(gen, [...(this.#early.get(gen) ?? []), candidate]);
      return;
    }
    if (gen !== this.#gen || !this.#pc) return;
    if (kind === 'answer' && this.side === 'nutritionist') {
      await this.#pc.setRemoteDescription({ type: 'answer', sdp: String(data.sdp) });
      await this.#flushCandidates(this.#pc, gen);
    }
  }

  async #flushCandidates(pc: RTCPeerConnection, gen: number): Promise<void> {
    const early = this.#early.get(gen) ?? [];
    for (const g of [...this.#early.keys()]) if (g <= gen) this.#early.delete(g);
    for (const candidate of early) await pc.addIceCandidate(candidate).catch(() => undefined);
  }

  // Realtime mode (Cloudflare's SFU, through the room).

  #ask<T>(frame: MediaRequest): Promise<T> {
    const req = ++this.#req;
    return new Promise<T>((resolve, reject) => {
      this.#replies.set(req, { resolve: resolve as (v: unknown) => void, reject });
      if (!this.#send({ ...frame, req } as ClientFrame)) {
        this.#replies.delete(req);
        reject(new Error('room closed'));
      }
    });
  }

  async #publishToSfu(): Promise<void> {
    try {
      const pc = this.#newPeer();
      const { session_id } = await this.#ask<{ session_id: string }>({ type: 'media_session' });
      this.#sfuSession = session_id;
      const transceivers = (this.#local?.getTracks() ?? []).map((track) =>
        pc.addTransceiver(track, { direction: 'sendonly' }),
      );
      await pc.setLocalDescription(await pc.createOffer());
      const answer = await this.#ask<{ sessionDescription: RTCSessionDescriptionInit | null }>({
        type: 'media_publish',
        session_id,
        offer: { type: 'offer', sdp: pc.localDescription!.sdp },
        tracks: transceivers.map((t) => ({
          mid: t.mid ?? '',
          track_name: `${this.side}-${t.sender.track!.kind}`,
          kind: t.sender.track!.kind as 'audio' | 'video',
        })),
      });
      if (answer.sessionDescription) await pc.setRemoteDescription(answer.sessionDescription);
      await this.#pullFromSfu();
    } catch {
      this.#set({ media: 'poor' });
    }
  }

  async #pullFromSfu(): Promise<void> {
    const pc = this.#pc;
    if (!pc || !this.#sfuSession) return;
    const pulled = await this.#ask<{
      sessionDescription: RTCSessionDescriptionInit | null;
      requiresImmediateRenegotiation: boolean;
    }>({ type: 'media_pull', session_id: this.#sfuSession });
    if (!pulled.sessionDescription || !pulled.requiresImmediateRenegotiation) return;
    await pc.setRemoteDescription(pulled.sessionDescription);
    await pc.setLocalDescription(await pc.createAnswer());
    await this.#ask({
      type: 'media_renegotiate',
      session_id: this.#sfuSession,
      answer: { type: 'answer', sdp: pc.localDescription!.sdp },
    });
  }
}
