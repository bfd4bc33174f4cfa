// How the call's media travels (decision 56). Two adapters behind one interface:
// - `realtime`: Cloudflare Realtime. TURN credentials per join (POST /v1/turn/keys/{id}/credentials/
//   generate-ice-servers) and the SFU's Connection API (https://rtc.live.cloudflare.com/v1/apps/{appId}:
//   sessions/new, sessions/{id}/tracks/new to publish local tracks or pull another session's by name,
//   sessions/{id}/renegotiate). The app token and the TURN key's token stay here; the browser asks the
//   room, the room asks this adapter.
// - `direct`: local mode, no outside service. The two browsers connect peer to peer, signalled through
//   the room, with no ICE servers (host candidates); every SFU call is refused.
import type { IceServer, MediaMode } from '#shared/consultations/call';

const REALTIME_BASE = 'https://rtc.live.cloudflare.com/v1';
/** TURN credentials outlive the longest consultation (120 minutes) with room to spare. */
export const TURN_TTL_S = 4 * 60 * 60;
/** Without a TURN key the realtime mode still needs a STUN server to reach the SFU. */
export const CLOUDFLARE_STUN: IceServer = { urls: 'stun:stun.cloudflare.com:3478' };

interface SessionDescription {
  type: 'offer' | 'answer';
  sdp: string;
}

interface LocalTrack {
  mid: string;
  trackName: string;
}

interface RemoteTrack {
  sessionId: string;
  trackName: string;
}

interface TrackResult {
  mid?: string;
  trackName?: string;
  sessionId?: string;
  errorCode?: string;
  errorDescription?: string;
}

interface TracksAnswer {
  sessionDescription: SessionDescription | null;
  requiresImmediateRenegotiation: boolean;
  tracks: TrackResult[];
}

export interface MediaService {
  readonly mode: MediaMode;
  /** The ICE servers one join may use (TURN credentials are made per join). */
  iceServers(): Promise<IceServer[]>;
  newSession(): Promise<{ sessionId: string }>;
  /** Push local tracks: the browser's offer in, the SFU's answer out. */
  publish(sessionId: string, offer: SessionDescription, tracks: LocalTrack[]): Promise<TracksAnswer>;
  /** Pull another session's tracks: the SFU's offer out (the browser answers through renegotiate). */
  pull(sessionId: string, tracks: RemoteTrack[]): Promise<TracksAnswer>;
  renegotiate(sessionId: string, answer: SessionDescription): Promise<void>;
}

/** A call to the media service failed: the room tells the page, which may fall back to chat only. */
export class MediaError extends Error {
  constructor(
    readonly code: 'media_unavailable' | 'media_refused',
    detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export interface RealtimeKeys {
  REALTIME_APP_ID: string;
  REALTIME_APP_TOKEN: string;
  TURN_KEY_ID?: string;
  TURN_KEY_TOKEN?: string;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export function realtimeMedia(keys: RealtimeKeys, fetcher: Fetch = (i, init) => fetch(i, init)): MediaService {
  const app = `${REALTIME_BASE}/apps/${encodeURIComponent(keys.REALTIME_APP_ID)}`;
  const session = (id: string) => `${app}/sessions/${encodeURIComponent(id)}`;

  async function send<T>(url: string, method: 'POST' | 'PUT', token: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetcher(url, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new MediaError('media_unavailable', String(error));
    }
    const text = await res.text();
    if (!res.ok) throw new MediaError(res.status >= 500 ? 'media_unavailable' : 'media_refused', `${res.status}`);
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      throw new MediaError('media_unavailable', 'answer is not JSON');
    }
    // The Connection API answers 200 with errorCode for a failed operation.
    const err = (parsed as { errorCode?: unknown } | null)?.errorCode;
    if (typeof err === 'string' && err) throw new MediaError('media_refused', err);
    return parsed as T;
  }

  const tracksAnswer = (raw: Partial<TracksAnswer> | null): TracksAnswer => ({
    sessionDescription: raw?.sessionDescription ?? null,
    requiresImmediateRenegotiation: raw?.requiresImmediateRenegotiation === true,
    tracks: Array.isArray(raw?.tracks) ? raw.tracks : [],
  });

  return {
    mode: 'realtime',
    async iceServers() {
      if (!keys.TURN_KEY_ID || !keys.TURN_KEY_TOKEN) return [CLOUDFLARE_STUN];
      const answer = await send<{ iceServers?: IceServer[] }>(
        `${REALTIME_BASE}/turn/keys/${encodeURIComponent(keys.TURN_KEY_ID)}/credentials/generate-ice-servers`,
        'POST',
        keys.TURN_KEY_TOKEN,
        { ttl: TURN_TTL_S },
      );
      if (!Array.isArray(answer?.iceServers) || answer.iceServers.length === 0)
        throw new MediaError('media_unavailable', 'no ICE servers in the answer');
      return answer.iceServers;
    },
    async newSession() {
      const answer = await send<{ sessionId?: string }>(`${app}/sessions/new`, 'POST', keys.REALTIME_APP_TOKEN);
      if (!answer?.sessionId) throw new MediaError('media_unavailable', 'no sessionId in the answer');
      return { sessionId: answer.sessionId };
    },
    async publish(sessionId, offer, tracks) {
      const raw = await send<Partial<TracksAnswer>>(
        `${session(sessionId)}/tracks/new`,
        'POST',
        keys.REALTIME_APP_TOKEN,
        {
          sessionDescription: offer,
          tracks: tracks.map((t) => ({ location: 'local', mid: t.mid, trackName: t.trackName })),
        },
      );
      return tracksAnswer(raw);
    },
    async pull(sessionId, tracks) {
      const raw = await send<Partial<TracksAnswer>>(
        `${session(sessionId)}/tracks/new`,
        'POST',
        keys.REALTIME_APP_TOKEN,
        {
          tracks: tracks.map((t) => ({ location: 'remote', sessionId: t.sessionId, trackName: t.trackName })),
        },
      );
      return tracksAnswer(raw);
    },
    async renegotiate(sessionId, answer) {
      await send(`${session(sessionId)}/renegotiate`, 'PUT', keys.REALTIME_APP_TOKEN, { sessionDescription: answer });
    },
  };
}

const refused = () => Promise.reject(new MediaError('media_refused', 'direct mode has no media service'));

/** Local mode: browser to browser, host candidates only. */
export const directMedia: MediaService = {
  mode: 'direct',
  iceServers: () => Promise.resolve([]),
  newSession: refused,
  publish: refused,
  pull: refused,
  renegotiate: refused,
};

export interface MediaConfig extends Partial<RealtimeKeys> {
  CALL_MEDIA: MediaMode;
}

/** The configured adapter (the configuration refuses `realtime` without its keys). */
export function mediaServiceFor(config: MediaConfig, fetcher?: Fetch): MediaService {
  if (config.CALL_MEDIA === 'realtime' && config.REALTIME_APP_ID && config.REALTIME_APP_TOKEN)
    return realtimeMedia(
      {
        REALTIME_APP_ID: config.REALTIME_APP_ID,
        REALTIME_APP_TOKEN: config.REALTIME_APP_TOKEN,
        TURN_KEY_ID: config.TURN_KEY_ID,
        TURN_KEY_TOKEN: config.TURN_KEY_TOKEN,
      },
      fetcher,
    );
  return directMedia;
}
