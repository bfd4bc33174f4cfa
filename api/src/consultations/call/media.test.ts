// The Cloudflare Realtime adapter against the documented Connection API and TURN API shapes (fetch
// stubbed at the boundary: the URL, method, bearer token and body of each request, and how each
// documented answer is read), and local mode's direct adapter.
import { describe, expect, it } from 'vitest';
import { CLOUDFLARE_STUN, directMedia, MediaError, mediaServiceFor, realtimeMedia, TURN_TTL_S } from './media';

const KEYS = {
  REALTIME_APP_ID: '0123456789abcdef0123456789abcdef',
  REALTIME_APP_TOKEN: 'app-token-secret-0123456789',
  TURN_KEY_ID: 'fedcba9876543210fedcba9876543210',
  TURN_KEY_TOKEN: 'turn-token-secret-0123456789',
};
const APP = `https://rtc.live.cloudflare.com/v1/apps/${KEYS.REALTIME_APP_ID}`;

interface Seen {
  url: string;
  method: string;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

function stub(answers: Array<{ status?: number; body: unknown }>) {
  const seen: Seen[] = [];
  const fetcher = async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    seen.push({
      url,
      method: init.method ?? 'GET',
      authorization: headers.get('authorization'),
      contentType: headers.get('content-type'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { seen, fetcher };
}

const OFFER = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const ANSWER = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };

describe('Cloudflare Realtime adapter', () => {
  it('generates TURN ICE servers per join with the TURN key (POST generate-ice-servers, ttl, bearer token)', async () => {
    const iceServers = [
      { urls: ['stun:stun.cloudflare.com:3478', 'stun:stun.cloudflare.com:53'] },
      {
        urls: ['turn:turn.cloudflare.com:3478?transport=udp', 'turns:turn.cloudflare.com:443?transport=tcp'],
        username: 'bc91b63e2b5d759f8eb9f3b58062439e0a0e15893d76317d833265ad08d6631099ce7c7087caabb31ad3e1c386424e3e',
        credential: 'ebd71f1d3edbc2b0edae3cd5a6d82284aeb5c3b8fdaa9b8e3bf9cec683e0d45fe9f5b44e5145db3300f06c250a15b4a0',
      },
    ];
    const { seen, fetcher } = stub([{ status: 201, body: { iceServers } }]);
    expect(await realtimeMedia(KEYS, fetcher).iceServers()).toEqual(iceServers);
    expect(seen).toEqual([
      {
        url: `https://rtc.live.cloudflare.com/v1/turn/keys/${KEYS.TURN_KEY_ID}/credentials/generate-ice-servers`,
        method: 'POST',
        authorization: `Bearer ${KEYS.TURN_KEY_TOKEN}`,
        contentType: 'application/json',
        body: { ttl: TURN_TTL_S },
      },
    ]);
  });

  it("without a TURN key, offers Cloudflare's STUN server and asks nothing", async () => {
    const { seen, fetcher } = stub([]);
    const media = realtimeMedia({ ...KEYS, TURN_KEY_ID: undefined, TURN_KEY_TOKEN: undefined }, fetcher);
    expect(await media.iceServers()).toEqual([CLOUDFLARE_STUN]);
    expect(seen).toEqual([]);
  });

  it('creates a session (POST /apps/{appId}/sessions/new with the app token) and reads its sessionId', async () => {
    const { seen, fetcher } = stub([{ status: 201, body: { sessionId: 'sess-1' } }]);
    expect(await realtimeMedia(KEYS, fetcher).newSession()).toEqual({ sessionId: 'sess-1' });
    expect(seen[0]).toMatchObject({
      url: `${APP}/sessions/new`,
      method: 'POST',
      authorization: `Bearer ${KEYS.REALTIME_APP_TOKEN}`,
      body: undefined,
    });
  });

  it('publishes local tracks: the offer and {location: local, mid, trackName} in, the SFU answer out', async () => {
    const { seen, fetcher } = stub([
      {
        body: {
          requiresImmediateRenegotiation: false,
          sessionDescription: ANSWER,
          tracks: [
            { mid: '0', trackName: 'shopper-audio' },
            { mid: '1', trackName: 'shopper-video' },
          ],
        },
      },
    ]);
    const answer = await realtimeMedia(KEYS, fetcher).publish('sess-1', OFFER, [
      { mid: '0', trackName: 'shopper-audio' },
      { mid: '1', trackName: 'shopper-video' },
    ]);
    expect(answer).toEqual({
      sessionDescription: ANSWER,
      requiresImmediateRenegotiation: false,
      tracks: [
        { mid: '0', trackName: 'shopper-audio' },
        { mid: '1', trackName: 'shopper-video' },
      ],
    });
    expect(seen[0]).toEqual({
      url: `${APP}/sessions/sess-1/tracks/new`,
      method: 'POST',
      authorization: `Bearer ${KEYS.REALTIME_APP_TOKEN}`,
      contentType: 'application/json',
      body: {
        sessionDescription: OFFER,
        tracks: [
          { location: 'local', mid: '0', trackName: 'shopper-audio' },
          { location: 'local', mid: '1', trackName: 'shopper-video' },
        ],
      },
    });
  });

  it("pulls the other side's tracks by session and name ({location: remote}) and answers the SFU's offer through renegotiate", async () => {
    const { seen, fetcher } = stub([
      {
        body: {
          requiresImmediateRenegotiation: true,
          sessionDescription: { type: 'offer', sdp: 'v=0 sfu offer' },
          tracks: [{ mid: '2', trackName: 'nutritionist-video', sessionId: 'sess-n' }],
        },
      },
      { body: {} },
    ]);
    const media = realtimeMedia(KEYS, fetcher);
    const pulled = await media.pull('sess-1', [{ sessionId: 'sess-n', trackName: 'nutritionist-video' }]);
    expect(pulled).toMatchObject({
      requiresImmediateRenegotiation: true,
      sessionDescription: { type: 'offer', sdp: 'v=0 sfu offer' },
    });
    await media.renegotiate('sess-1', ANSWER);
    expect(seen).toEqual([
      {
        url: `${APP}/sessions/sess-1/tracks/new`,
        method: 'POST',
        authorization: `Bearer ${KEYS.REALTIME_APP_TOKEN}`,
        contentType: 'application/json',
        body: { tracks: [{ location: 'remote', sessionId: 'sess-n', trackName: 'nutritionist-video' }] },
      },
      {
        url: `${APP}/sessions/sess-1/renegotiate`,
        method: 'PUT',
        authorization: `Bearer ${KEYS.REALTIME_APP_TOKEN}`,
        contentType: 'application/json',
        body: { sessionDescription: ANSWER },
      },
    ]);
  });

  it('turns refusals into MediaError: an HTTP error, a 200 with errorCode, an answer without its id', async () => {
    const refused = stub([{ status: 401, body: { errorCode: 'unauthorized' } }]);
    await expect(realtimeMedia(KEYS, refused.fetcher).newSession()).rejects.toMatchObject({ code: 'media_refused' });
    const down = stub([{ status: 503, body: {} }]);
    await expect(realtimeMedia(KEYS, down.fetcher).newSession()).rejects.toMatchObject({ code: 'media_unavailable' });
    const trackError = stub([{ body: { errorCode: 'not_found', errorDescription: 'session not found' } }]);
    await expect(
      realtimeMedia(KEYS, trackError.fetcher).pull('gone', [{ sessionId: 'x', trackName: 'y' }]),
    ).rejects.toBeInstanceOf(MediaError);
    const empty = stub([{ body: {} }]);
    await expect(realtimeMedia(KEYS, empty.fetcher).newSession()).rejects.toMatchObject({ code: 'media_unavailable' });
    const network = realtimeMedia(KEYS, () => Promise.reject(new TypeError('network down')));
    await expect(network.iceServers()).rejects.toMatchObject({ code: 'media_unavailable' });
  });
});

describe('local mode (direct)', () => {
  it('offers no ICE servers (host candidates) and refuses every SFU call', async () => {
    expect(directMedia.mode).toBe('direct');
    expect(await directMedia.iceServers()).toEqual([]);
    await expect(directMedia.newSession()).rejects.toMatchObject({ code: 'media_refused' });
  });

  it('is chosen unless the configuration says realtime with its keys', () => {
    expect(mediaServiceFor({ CALL_MEDIA: 'direct', ...KEYS }).mode).toBe('direct');
    expect(mediaServiceFor({ CALL_MEDIA: 'realtime', ...KEYS }).mode).toBe('realtime');
  });
});
