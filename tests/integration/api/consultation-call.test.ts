// The consultation call (decision 56) at the API: who may join (the shopper whose consultation it is,
// the nutritionist it is booked with, inside the join window, while booked), what a ticket opens (its
// own consultation's room only, until it expires), and the room itself over real WebSockets into the
// Durable Object: presence, relayed signalling, and the chat's order, acknowledgement, resume after a
// reconnect and once-only storage of a resend; every message sealed in D1.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CLOSE_ENDED, type CallJoin, type ServerFrame } from '#shared/consultations/call';
import { issueTicket, userHolder } from '#api/src/consultations/call/ticket';
import { CALL_TICKET_HEADER } from '#shared/consultations/call-socket';
import { MediaError, type MediaService } from '#api/src/consultations/call/media';
import {
  type ConsultRoom,
  ROOM_CONSULTATION_HEADER,
  ROOM_SIDE_HEADER,
  roomStub,
} from '#api/src/consultations/call/room';
import { createSession } from '#api/src/accounts/sessions';
import { call, deviceToken, json } from './helpers';
import { staffCall, staffWith } from './staff-helpers';
import { insertBookedConsultation } from '../../support/consultation-call-fixture';
import { TEST_TOKEN_SECRET } from '../../support/staff-fixture';

const MINUTE = 60_000;

async function shopper(tag: string) {
  const user = await env.DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES (?, ?, '', 'en', ?) RETURNING id",
  )
    .bind(`Shopper ${tag}`, `${tag}-${crypto.randomUUID()}@example.com`, Date.now())
    .first<{ id: number }>();
  const token = await createSession(env.DB, user!.id);
  const session = await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ?')
    .bind(user!.id)
    .first<{ id: number }>();
  return { token, id: user!.id, sessionId: session!.id };
}

async function join(token: string, device: string, id: number) {
  return call(`/user/consultation/${id}/join`, {
    method: 'POST',
    body: '{}',
    token: device,
    headers: { authorization: `Bearer ${token}`, 'x-country': 'KW', lang: 'en' },
  });
}

/** A ticket and the session presenting it (the worker's `authorization`: `Bearer …` or `Staff …`). */
interface Pass {
  ticket: string;
  auth: string;
}

/** The room's socket for a ticket, as the workers' pass-through opens it: the ticket in its header. */
async function open(id: number, pass: Pass) {
  return call(`/consultation/${id}/room`, {
    headers: {
      upgrade: 'websocket',
      [CALL_TICKET_HEADER]: pass.ticket,
      ...(pass.auth ? { authorization: pass.auth } : {}),
    },
  });
}

/** A connected side: every frame it got, and a wait for the next that matches. */
async function connect(id: number, pass: Pass) {
  const res = await open(id, pass);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  const frames: ServerFrame[] = [];
  const waiters: { test: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  let closed: number | null = null;
  ws.addEventListener('message', (e) => {
    const frame = JSON.parse(e.data as string) as ServerFrame;
    frames.push(frame);
    for (const w of [...waiters])
      if (w.test(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
  });
  ws.addEventListener('close', (e) => {
    closed = e.code;
  });
  ws.accept();
  const next = <T extends ServerFrame['type']>(
    type: T,
    test: (f: Extract<ServerFrame, { type: T }>) => boolean = () => true,
  ) =>
    new Promise<Extract<ServerFrame, { type: T }>>((resolve, reject) => {
      const seen = frames.find((f) => f.type === type && test(f as Extract<ServerFrame, { type: T }>));
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return resolve(seen as Extract<ServerFrame, { type: T }>);
      }
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within 5 s`)), 5000);
      waiters.push({
        test: (f) => f.type === type && test(f as Extract<ServerFrame, { type: T }>),
        resolve: (f) => {
          clearTimeout(timer);
          const i = frames.indexOf(f);
          if (i >= 0) frames.splice(i, 1);
          resolve(f as Extract<ServerFrame, { type: T }>);
        },
      });
    });
  return {
    ws,
    frames,
    next,
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    closedWith: () => closed,
  };
}

/** A booked consultation now, its shopper (signed in, with a device) and its nutritionist's staff session. */
async function bookedCall(
  tag: string,
  over: Parameters<typeof insertBookedConsultation>[1] extends infer O ? Partial<O> : never = {},
) {
  const device = await deviceToken();
  const she = await shopper(tag);
  const nutritionist = await staffWith([{ role: 'nutritionist', country: null }]);
  const { consultationId } = await insertBookedConsultation(env.DB, {
    userId: she.id,
    staffId: nutritionist.id,
    ...over,
  });
  return { device, she, nutritionist, consultationId };
}

type BookedCall = Awaited<ReturnType<typeof bookedCall>>;

/** Her ticket, through her join, with her session. */
async function shopperPass({ device, she, consultationId }: BookedCall): Promise<Pass> {
  const res = await join(she.token, device, consultationId);
  expect(res.status).toBe(200);
  return { ticket: (await json<{ data: CallJoin }>(res)).data.ticket, auth: `Bearer ${she.token}` };
}

/** The nutritionist's ticket, through the staff join, with the staff session. */
async function nutritionistPass({ nutritionist, consultationId }: BookedCall): Promise<Pass> {
  const res = await staffCall(nutritionist.token, `/staff/consultations/${consultationId}/join`, { json: {} });
  expect(res.status).toBe(200);
  return { ticket: (await json<{ data: CallJoin }>(res)).data.ticket, auth: `Staff ${nutritionist.token}` };
}

async function tickets(booked: BookedCall) {
  return { shopper: await shopperPass(booked), nutritionist: await nutritionistPass(booked) };
}

describe('joining a consultation call', () => {
  it("answers the shopper a ticket for her own booked consultation's room, in local mode with no ICE servers", async () => {
    const { device, she, consultationId } = await bookedCall('join-own');
    const res = await join(she.token, device, consultationId);
    expect(res.status).toBe(200);
    const data = (await json<{ data: CallJoin }>(res)).data;
    expect(data).toMatchObject({
      consultation_id: consultationId,
      side: 'shopper',
      media: 'direct',
      ice_servers: [],
      mode: 'video',
      ws_path: `/api/consultation/${consultationId}/room`,
      nutritionist_gender: 'female',
    });
    expect(data.expires_at - Date.now()).toBeGreaterThan(60_000);
    expect(data.expires_at - Date.now()).toBeLessThanOrEqual(2 * MINUTE);
    const row = await env.DB.prepare('SELECT joined_at FROM consultations WHERE id = ?').bind(consultationId).first();
    expect(row!.joined_at).toBeGreaterThan(Date.now() - MINUTE);
    // Her page's Arabic texts about the nutritionist agree with the nutritionist's gender (issue 61, finding 8).
    await env.DB.prepare(
      "UPDATE nutritionists SET gender = 'male' WHERE id = (SELECT nutritionist_id FROM consultations WHERE id = ?)",
    )
      .bind(consultationId)
      .run();
    const again = await json<{ data: CallJoin }>(await join(she.token, device, consultationId));
    expect(again.data.nutritionist_gender).toBe('male');
  });

  it('answers another shopper 404, as for a consultation that does not exist, and a stranger 401', async () => {
    const { device, consultationId } = await bookedCall('join-other');
    const other = await shopper('join-intruder');
    const res = await join(other.token, device, consultationId);
    expect(res.status).toBe(404);
    expect((await json(res)).meta.msg).toBe('not_found');
    const stranger = await call(`/user/consultation/${consultationId}/join`, { body: '{}', token: device });
    expect(stranger.status).toBe(401);
  });

  it('refuses outside the join window (10 minutes before the start to 30 after the end) and unless booked', async () => {
    const early = await bookedCall('join-early', { startsAt: Date.now() + 11 * MINUTE });
    const tooEarly = await join(early.she.token, early.device, early.consultationId);
    expect(tooEarly.status).toBe(409);
    const body = await json(tooEarly);
    expect(body.meta.msg).toBe('call_too_early');
    expect(Date.parse(body.data.opens_at)).toBe(
      (await env.DB.prepare('SELECT starts_at FROM consultations WHERE id = ?')
        .bind(early.consultationId)
        .first<{ starts_at: number }>())!.starts_at -
        10 * MINUTE,
    );
    const soon = await bookedCall('join-soon', { startsAt: Date.now() + 9 * MINUTE });
    expect((await join(soon.she.token, soon.device, soon.consultationId)).status).toBe(200);

    const late = await bookedCall('join-late', { startsAt: Date.now() - 51 * MINUTE, minutes: 20 });
    const closed = await join(late.she.token, late.device, late.consultationId);
    expect(closed.status).toBe(409);
    expect((await json(closed)).meta.msg).toBe('call_closed');

    for (const status of ['cancelled', 'pending_payment', 'completed']) {
      const other = await bookedCall(`join-${status}`, { status });
      const res = await join(other.she.token, other.device, other.consultationId);
      expect(res.status, status).toBe(409);
      expect((await json(res)).meta.msg).toBe('call_not_joinable');
    }
  });

  it('answers the nutritionist it is booked with, and 404 to another nutritionist and to the owner', async () => {
    const { nutritionist, consultationId } = await bookedCall('join-staff');
    const res = await staffCall(nutritionist.token, `/staff/consultations/${consultationId}/join`, { json: {} });
    expect(res.status).toBe(200);
    const data = (await json<{ data: CallJoin }>(res)).data;
    expect(data).toMatchObject({ side: 'nutritionist', media: 'direct' });
    expect(data.ws_path).toBe(`/consultations/${consultationId}/room`);

    const otherNutritionist = await staffWith([{ role: 'nutritionist', country: null }]);
    const owner = await staffWith([{ role: 'owner', country: null }]);
    for (const member of [otherNutritionist, owner]) {
      const refused = await staffCall(member.token, `/staff/consultations/${consultationId}/join`, { json: {} });
      expect(refused.status).toBe(404);
    }
  });
});

describe('the room admits only a valid ticket of its own consultation', () => {
  it('refuses a ticket of another consultation, an expired one and an altered one; opens with a valid one', async () => {
    const a = await bookedCall('room-a');
    const b = await bookedCall('room-b');
    const hers = userHolder(a.she.sessionId);
    const auth = `Bearer ${a.she.token}`;
    const ticketB = (await shopperPass(b)).ticket;
    const crossed = await open(a.consultationId, { ticket: ticketB, auth: `Bearer ${b.she.token}` });
    expect(crossed.status).toBe(403);
    expect((await json(crossed)).meta.msg).toBe('call_ticket_invalid');

    const expired = (await issueTicket(TEST_TOKEN_SECRET, a.consultationId, 'shopper', hers, Date.now() - 3 * MINUTE))
      .ticket;
    expect((await open(a.consultationId, { ticket: expired, auth })).status).toBe(403);

    const valid = (await issueTicket(TEST_TOKEN_SECRET, a.consultationId, 'shopper', hers)).ticket;
    // The side changed by hand: the signature no longer holds.
    const altered = valid.replace('.shopper.', '.nutritionist.');
    expect((await open(a.consultationId, { ticket: altered, auth })).status).toBe(403);
    // Signed with another secret.
    const forged = (await issueTicket('another-secret-0123456789abcdef0123456789', a.consultationId, 'shopper', hers))
      .ticket;
    expect((await open(a.consultationId, { ticket: forged, auth })).status).toBe(403);
    // In the query, where logs keep it, a ticket opens nothing.
    const inQuery = await call(`/consultation/${a.consultationId}/room?ticket=${encodeURIComponent(valid)}`, {
      headers: { upgrade: 'websocket', authorization: auth },
    });
    expect(inQuery.status).toBe(403);

    const notUpgrade = await call(`/consultation/${a.consultationId}/room`, {
      headers: { [CALL_TICKET_HEADER]: valid, authorization: auth },
    });
    expect(notUpgrade.status).toBe(426);
    expect((await json(notUpgrade)).meta.msg).toBe('call_room_websocket_required');

    // The room itself answers in the envelope too, with its own keys (only the route above reaches it).
    const room = roomStub(env, a.consultationId);
    const unmarked = await room.fetch('https://room.internal/ws', { headers: { upgrade: 'websocket' } });
    expect(unmarked.status).toBe(400);
    expect((await json(unmarked)).meta.msg).toBe('call_room_request_invalid');
    const plain = await room.fetch('https://room.internal/ws', {
      headers: { [ROOM_CONSULTATION_HEADER]: String(a.consultationId), [ROOM_SIDE_HEADER]: 'shopper' },
    });
    expect(plain.status).toBe(426);
    expect((await json(plain)).meta.msg).toBe('call_room_websocket_required');

    const side = await connect(a.consultationId, { ticket: valid, auth });
    expect(await side.next('welcome')).toMatchObject({
      side: 'shopper',
      peer_present: false,
      media: 'direct',
      last_seq: 0,
    });
    side.ws.close(1000);
  });

  it('opens one socket per ticket, for the session that joined only (issue 61, finding 18)', async () => {
    const booked = await bookedCall('room-once');
    const { consultationId, she } = booked;
    const pass = await shopperPass(booked);
    const first = await connect(consultationId, pass);
    await first.next('welcome');
    first.send({ type: 'chat', client_id: 'once-0001', text: 'I am pregnant' });
    await first.next('ack');

    // The same ticket again (a copied link, a replayed request): refused, with nothing of the chat.
    const again = await open(consultationId, pass);
    expect(again.status).toBe(403);
    expect((await json(again)).meta.msg).toBe('call_ticket_used');
    expect(again.webSocket).toBeNull();

    // A fresh ticket presented by anyone but the session that joined: another shopper, another session
    // of hers, the nutritionist's staff session, no session at all.
    const fresh = await shopperPass(booked);
    const intruder = await shopper('room-once-intruder');
    const herOtherSession = await createSession(env.DB, she.id);
    for (const auth of [
      `Bearer ${intruder.token}`,
      `Bearer ${herOtherSession}`,
      `Staff ${booked.nutritionist.token}`,
      '',
    ]) {
      const res = await open(consultationId, { ticket: fresh.ticket, auth });
      expect(res.status, auth).toBe(403);
      expect((await json(res)).meta.msg, auth).toBe('call_ticket_invalid');
    }
    // Nor does the nutritionist's ticket open for her, or hers for the nutritionist's session.
    const theirs = await nutritionistPass(booked);
    expect((await open(consultationId, { ticket: theirs.ticket, auth: `Bearer ${she.token}` })).status).toBe(403);
    // Her own session still can, once: the first socket is replaced by it.
    const second = await connect(consultationId, fresh);
    await second.next('welcome');
    await expect.poll(() => first.closedWith(), { timeout: 5000 }).toBe(4001);
    second.ws.close(1000);
  });
});

describe('the room', () => {
  it('tells each side who is here, relays signalling, and orders, acknowledges and relays the chat', async () => {
    const booked = await bookedCall('room-chat');
    const { consultationId } = booked;
    const t = await tickets(booked);
    const she = await connect(consultationId, t.shopper);
    expect(await she.next('welcome')).toMatchObject({ peer_present: false });
    const nutritionist = await connect(consultationId, t.nutritionist);
    expect(await nutritionist.next('welcome')).toMatchObject({ side: 'nutritionist', peer_present: true });
    expect(await she.next('presence')).toEqual({ type: 'presence', side: 'nutritionist', present: true });

    nutritionist.send({ type: 'signal', data: { kind: 'offer', sdp: 'v=0 fake' } });
    expect(await she.next('signal')).toEqual({
      type: 'signal',
      from: 'nutritionist',
      data: { kind: 'offer', sdp: 'v=0 fake' },
    });

    // A burst from both sides: one sequence, acknowledged to each sender, relayed to the other in order.
    for (let i = 1; i <= 4; i++) she.send({ type: 'chat', client_id: `she-msg-000${i}`, text: `Hello ${i}` });
    nutritionist.send({ type: 'chat', client_id: 'nut-msg-0001', text: 'Welcome, Noura' });
    const acks = await Promise.all([1, 2, 3, 4].map((i) => she.next('ack', (a) => a.client_id === `she-msg-000${i}`)));
    const nutAck = await nutritionist.next('ack');
    const seqs = [...acks.map((a) => a.seq), nutAck.seq].sort((x, y) => x - y);
    expect(seqs).toEqual([1, 2, 3, 4, 5]);
    expect(acks.map((a) => a.seq)).toEqual([...acks.map((a) => a.seq)].sort((x, y) => x - y));
    const relayed = await Promise.all(
      [1, 2, 3, 4].map((i) => nutritionist.next('chat', (c) => c.message.text === `Hello ${i}`)),
    );
    expect(relayed.map((r) => r.message.seq)).toEqual(acks.map((a) => a.seq));
    expect(relayed[0]!.message).toMatchObject({ sender: 'shopper', client_id: 'she-msg-0001' });
    expect((await she.next('chat')).message).toMatchObject({
      sender: 'nutritionist',
      text: 'Welcome, Noura',
      seq: nutAck.seq,
    });

    // Something that is not a frame of the protocol is refused, and the room carries on.
    she.send({ type: 'chat', client_id: 'x', text: '' });
    expect(await she.next('error')).toEqual({ type: 'error', reason: 'bad_frame' });

    she.ws.close(1000);
    expect(await nutritionist.next('presence')).toEqual({ type: 'presence', side: 'shopper', present: false });
    nutritionist.ws.close(1000);
  });

  it('gives a reconnecting side what it missed, stores a resend once, and replaces a side’s older socket', async () => {
    const booked = await bookedCall('room-resume');
    const { consultationId } = booked;
    const t = await tickets(booked);
    const she = await connect(consultationId, t.shopper);
    await she.next('welcome');
    const nutritionist = await connect(consultationId, t.nutritionist);
    await nutritionist.next('welcome');

    she.send({ type: 'chat', client_id: 'resume-0001', text: 'First' });
    expect((await she.next('ack')).seq).toBe(1);
    // Her connection drops; the nutritionist writes meanwhile.
    she.ws.close(1000);
    await nutritionist.next('presence', (p) => !p.present);
    nutritionist.send({ type: 'chat', client_id: 'resume-0002', text: 'Are you there?' });
    nutritionist.send({ type: 'chat', client_id: 'resume-0003', text: 'Take your time' });
    await nutritionist.next('ack', (a) => a.client_id === 'resume-0003');

    // She comes back with the last seq she has, and resends the message she never saw acknowledged.
    const back = await connect(consultationId, await shopperPass(booked));
    expect(await back.next('welcome')).toMatchObject({ peer_present: true, last_seq: 3 });
    expect(await nutritionist.next('presence')).toMatchObject({ side: 'shopper', present: true });
    back.send({ type: 'sync', after: 1 });
    const history = await back.next('history');
    expect(history.messages.map((m) => [m.seq, m.sender, m.text])).toEqual([
      [2, 'nutritionist', 'Are you there?'],
      [3, 'nutritionist', 'Take your time'],
    ]);
    back.send({ type: 'chat', client_id: 'resume-0001', text: 'First' });
    expect(await back.next('ack')).toMatchObject({ client_id: 'resume-0001', seq: 1 });
    const count = await env.DB.prepare('SELECT count(*) AS n FROM consultation_messages WHERE consultation_id = ?')
      .bind(consultationId)
      .first<{ n: number }>();
    expect(count!.n).toBe(3);

    // A second tab (or a reload that beat the old socket's close) takes over; the old one is told and closed.
    const tab = await connect(consultationId, await shopperPass(booked));
    await tab.next('welcome');
    expect(await back.next('error')).toEqual({ type: 'error', reason: 'replaced' });
    await expect.poll(() => back.closedWith(), { timeout: 5000 }).toBe(4001);
    // The side never left, so the nutritionist is not told it did.
    nutritionist.send({ type: 'signal', data: { kind: 'ping' } });
    expect(await tab.next('signal')).toMatchObject({ data: { kind: 'ping' } });
    expect(nutritionist.frames.filter((f) => f.type === 'presence' && !f.present)).toEqual([]);
    tab.ws.close(1000);
    nutritionist.ws.close(1000);
  });

  it('keeps the chat sealed in D1: no plaintext in any column, opened only with the consultation’s key', async () => {
    const booked = await bookedCall('room-sealed');
    const { consultationId } = booked;
    const she = await connect(consultationId, (await tickets(booked)).shopper);
    await she.next('welcome');
    const secret = 'I take warfarin and I am 12 weeks pregnant';
    she.send({ type: 'chat', client_id: 'sealed-0001', text: secret });
    await she.next('ack');
    const row = await env.DB.prepare('SELECT * FROM consultation_messages WHERE consultation_id = ?')
      .bind(consultationId)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ seq: 1, sender: 'shopper', client_id: 'sealed-0001' });
    for (const value of Object.values(row!)) {
      expect(String(value)).not.toContain('warfarin');
      expect(String(value)).not.toContain('pregnant');
    }
    expect(atob(String(row!.sealed))).not.toContain('warfarin');
    // Its key is the consultation's, wrapped in consultation_keys.
    const key = await env.DB.prepare('SELECT key_version FROM consultation_keys WHERE consultation_id = ?')
      .bind(consultationId)
      .first();
    expect(key).not.toBeNull();
    she.send({ type: 'sync', after: 0 });
    expect((await she.next('history')).messages[0]).toMatchObject({ text: secret });
    she.ws.close(1000);
  });
});

describe('a consultation cancelled while someone is in its room', () => {
  it('closes every socket of the room as ended, and the shopper joining again is refused', async () => {
    // In the join window, five minutes before the start: too late for a refund, not too late to cancel.
    const booked = await bookedCall('room-cancel', { startsAt: Date.now() + 5 * MINUTE });
    const { device, she, consultationId } = booked;
    const t = await tickets(booked);
    const shopperSide = await connect(consultationId, t.shopper);
    await shopperSide.next('welcome');
    const nutritionistSide = await connect(consultationId, t.nutritionist);
    await nutritionistSide.next('welcome');

    const res = await call(`/user/consultation/${consultationId}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ refund_to: 'wallet' }),
      token: device,
      headers: { authorization: `Bearer ${she.token}`, 'x-country': 'KW', lang: 'en' },
    });
    expect(res.status).toBe(200);
    await expect.poll(() => shopperSide.closedWith()).toBe(CLOSE_ENDED);
    await expect.poll(() => nutritionistSide.closedWith()).toBe(CLOSE_ENDED);
    const again = await join(she.token, device, consultationId);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });
});

describe('the room keeps its pace', () => {
  it('takes 20 messages in 10 seconds from a socket and asks for the rest later; none is stored twice', async () => {
    const booked = await bookedCall('room-flood');
    const { consultationId } = booked;
    const she = await connect(consultationId, (await tickets(booked)).shopper);
    await she.next('welcome');
    for (let i = 0; i < 25; i++)
      she.send({ type: 'chat', client_id: `flood-${String(i).padStart(4, '0')}`, text: `m${i}` });
    const acks = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        she.next('ack', (a) => a.client_id === `flood-${String(i).padStart(4, '0')}`),
      ),
    );
    expect(acks.map((a) => a.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (let i = 0; i < 5; i++) expect(await she.next('error')).toEqual({ type: 'error', reason: 'too_many' });
    const count = await env.DB.prepare('SELECT count(*) AS n FROM consultation_messages WHERE consultation_id = ?')
      .bind(consultationId)
      .first<{ n: number }>();
    expect(count!.n).toBe(20);
    she.ws.close(1000);
  });
});

describe('the room in realtime mode (the SFU stubbed at the media adapter)', () => {
  it('makes each side its SFU session, lets it publish, tells the other side, pulls the other’s tracks by name, and refuses another side’s session', async () => {
    const booked = await bookedCall('room-realtime');
    const { consultationId } = booked;
    const calls: string[] = [];
    let sessions = 0;
    let down = false;
    const sfu: MediaService = {
      mode: 'realtime',
      iceServers: async () => [],
      newSession: async () => {
        if (down) throw new MediaError('media_unavailable', 'SFU down');
        return { sessionId: `sess-${++sessions}` };
      },
      publish: async (sessionId, offer, tracks) => {
        calls.push(`publish ${sessionId} ${offer.sdp} ${tracks.map((t) => `${t.mid}:${t.trackName}`).join(',')}`);
        return {
          sessionDescription: { type: 'answer', sdp: 'sfu-answer' },
          requiresImmediateRenegotiation: false,
          tracks: [],
        };
      },
      pull: async (sessionId, tracks) => {
        calls.push(`pull ${sessionId} ${tracks.map((t) => `${t.sessionId}/${t.trackName}`).join(',')}`);
        return {
          sessionDescription: { type: 'offer', sdp: 'sfu-offer' },
          requiresImmediateRenegotiation: true,
          tracks: [],
        };
      },
      renegotiate: async (sessionId, answer) => {
        calls.push(`renegotiate ${sessionId} ${answer.sdp}`);
      },
    };
    await runInDurableObject(roomStub(env, consultationId), (room: ConsultRoom) => {
      (room as unknown as { media: () => MediaService }).media = () => sfu;
    });
    const t = await tickets(booked);
    const she = await connect(consultationId, t.shopper);
    expect(await she.next('welcome')).toMatchObject({ media: 'realtime' });
    const nutritionist = await connect(consultationId, t.nutritionist);
    await nutritionist.next('welcome');
    const reply = (side: typeof she, req: number) => side.next('media', (f) => f.req === req);

    she.send({ type: 'media_session', req: 1 });
    expect(await reply(she, 1)).toEqual({ type: 'media', req: 1, ok: true, result: { session_id: 'sess-1' } });
    she.send({
      type: 'media_publish',
      req: 2,
      session_id: 'sess-1',
      offer: { type: 'offer', sdp: 'her-offer' },
      tracks: [
        { mid: '0', track_name: 'shopper-audio', kind: 'audio' },
        { mid: '1', track_name: 'shopper-video', kind: 'video' },
      ],
    });
    expect(await reply(she, 2)).toMatchObject({ ok: true, result: { sessionDescription: { sdp: 'sfu-answer' } } });
    expect(await nutritionist.next('signal')).toEqual({ type: 'signal', from: 'shopper', data: { kind: 'published' } });

    nutritionist.send({ type: 'media_session', req: 1 });
    expect(await reply(nutritionist, 1)).toMatchObject({ ok: true, result: { session_id: 'sess-2' } });
    nutritionist.send({ type: 'media_pull', req: 2, session_id: 'sess-2' });
    expect(await reply(nutritionist, 2)).toMatchObject({
      ok: true,
      result: { sessionDescription: { type: 'offer', sdp: 'sfu-offer' }, kinds: ['audio', 'video'] },
    });
    nutritionist.send({
      type: 'media_renegotiate',
      req: 3,
      session_id: 'sess-2',
      answer: { type: 'answer', sdp: 'nut-answer' },
    });
    expect(await reply(nutritionist, 3)).toMatchObject({ ok: true });
    expect(calls).toEqual([
      'publish sess-1 her-offer 0:shopper-audio,1:shopper-video',
      'pull sess-2 sess-1/shopper-audio,sess-1/shopper-video',
      'renegotiate sess-2 nut-answer',
    ]);

    // The shopper's SFU session is hers: the nutritionist cannot publish into it or pull with it.
    nutritionist.send({
      type: 'media_publish',
      req: 4,
      session_id: 'sess-1',
      offer: { type: 'offer', sdp: 'x' },
      tracks: [{ mid: '0', track_name: 'fake', kind: 'audio' }],
    });
    expect(await reply(nutritionist, 4)).toEqual({ type: 'media', req: 4, ok: false, error: 'media_refused' });
    // The SFU unreachable: the page is told, and falls back to chat only.
    down = true;
    she.send({ type: 'media_session', req: 3 });
    expect(await reply(she, 3)).toEqual({ type: 'media', req: 3, ok: false, error: 'media_unavailable' });
    expect(calls).toHaveLength(3);
    she.ws.close(1000);
    nutritionist.ws.close(1000);
  });
});
