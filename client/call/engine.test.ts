// The call engine's room side, with the WebSocket faked at the browser boundary (chat only, so no
// camera or peer connection is involved): a fresh join per connection, the chat kept until the room
// acknowledges it and sent again after a reconnect, the resume from the last seq, the reconnect's
// backoff, and a replaced connection that stops for good.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallJoin, ServerFrame } from '#shared/consultations/call';
import { CallEngine, type CallState } from './engine';

class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  #listeners = new Map<string, ((e: unknown) => void)[]>();
  constructor(
    readonly url: URL,
    readonly protocols?: string[],
  ) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, fn: (e: unknown) => void) {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), fn]);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  /** The room answers. */
  frame(frame: ServerFrame) {
    this.readyState = 1;
    for (const fn of this.#listeners.get('message') ?? []) fn({ data: JSON.stringify(frame) });
  }
  /** The connection ends. */
  drop(code = 1006) {
    this.readyState = 3;
    for (const fn of this.#listeners.get('close') ?? []) fn({ code });
  }
}

const JOIN: CallJoin = {
  consultation_id: 42,
  side: 'shopper',
  peer_name: 'Dr Huda',
  nutritionist_gender: 'female',
  ticket: 'ct2.42.shopper.1764000000000.0123456789abcdef.t',
  expires_at: 0,
  ws_path: '/api/consultation/42/room',
  media: 'direct',
  ice_servers: [],
  mode: 'chat',
  starts_at: 0,
  ends_at: 0,
};

const welcome = (last_seq = 0): ServerFrame => ({
  type: 'welcome',
  side: 'shopper',
  peer_present: true,
  media: 'direct',
  last_seq,
});

describe('the call engine', () => {
  let states: CallState[];
  let joins: number;
  const start = (join: () => Promise<CallJoin> = async () => JOIN) => {
    const engine = new CallEngine({
      side: 'shopper',
      join: () => {
        joins++;
        return join();
      },
      onChange: (s) => states.push(s),
      onLocalStream: () => undefined,
      onRemoteStream: () => undefined,
    });
    engine.start();
    return engine;
  };
  const last = () => states.at(-1)!;
  const socket = () => FakeSocket.all.at(-1)!;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    states = [];
    joins = 0;
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', { href: 'https://shop.test/profile/consultations/42/call' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens the room's socket on the page's origin, says it is in chat only, and resumes from the start", async () => {
    start();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    // The ticket is offered as a subprotocol, never in the URL (logs keep URLs: issue 61, finding 18).
    expect(socket().url.href).toBe('wss://shop.test/api/consultation/42/room');
    expect(socket().protocols).toEqual(['gv-call', JOIN.ticket]);
    // Her booking said chat only.
    expect(last().chatOnly).toBe(true);
    socket().frame(welcome());
    expect(socket().sent).toEqual([
      { type: 'sync', after: 0 },
      { type: 'signal', data: { kind: 'chat_only' } },
    ]);
    expect(last()).toMatchObject({ connection: 'open', peerPresent: true });
  });

  it('keeps a message until it is acknowledged, sends it again after a reconnect, and syncs from its last seq', async () => {
    const engine = start();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const first = socket();
    first.frame(welcome());
    first.frame({
      type: 'history',
      messages: [{ seq: 1, sender: 'nutritionist', client_id: 'n1', text: 'Hello', created_at: 1 }],
    });
    engine.sendChat('  I take iron  ');
    const sent = first.sent.at(-1) as { type: string; client_id: string; text: string };
    expect(sent).toMatchObject({ type: 'chat', text: 'I take iron' });
    expect(last().messages.map((m) => [m.seq, m.text])).toEqual([
      [1, 'Hello'],
      [null, 'I take iron'],
    ]);

    // The connection drops before the room acknowledged it: reconnecting, with a new ticket after 500 ms.
    first.drop();
    expect(last().connection).toBe('reconnecting');
    expect(joins).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(joins).toBe(2);
    const second = socket();
    expect(second).not.toBe(first);
    second.frame(welcome(2));
    expect(second.sent.slice(0, 2)).toEqual([
      { type: 'sync', after: 1 },
      { type: 'chat', client_id: sent.client_id, text: 'I take iron' },
    ]);
    // The room had stored it before the drop: the ack names its seq, and it is shown once.
    second.frame({ type: 'ack', client_id: sent.client_id, seq: 2, created_at: 5 });
    second.frame({
      type: 'history',
      messages: [{ seq: 2, sender: 'shopper', client_id: sent.client_id, text: 'I take iron', created_at: 5 }],
    });
    expect(last().messages.map((m) => [m.seq, m.sender, m.text])).toEqual([
      [1, 'nutritionist', 'Hello'],
      [2, 'shopper', 'I take iron'],
    ]);
  });

  it('sends what is unacknowledged again a moment after the room could not take it', async () => {
    const engine = start();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    socket().frame(welcome());
    engine.sendChat('One');
    const first = socket().sent.at(-1) as { client_id: string };
    socket().frame({ type: 'error', reason: 'too_many' });
    const before = socket().sent.length;
    await vi.advanceTimersByTimeAsync(2999);
    expect(socket().sent).toHaveLength(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket().sent.at(-1)).toEqual({ type: 'chat', client_id: first.client_id, text: 'One' });
  });

  it('waits longer after each failed connection, and stops when another tab takes the call over', async () => {
    start();
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    socket().drop();
    await vi.advanceTimersByTimeAsync(500);
    socket().drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(joins).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(joins).toBe(3);
    socket().frame(welcome());
    socket().drop(4001);
    expect(last().connection).toBe('replaced');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(joins).toBe(3);
  });

  it('does not try again when the join is refused for a reason time will not fix', async () => {
    start(() => Promise.reject({ msg: 'call_closed' }));
    await vi.waitFor(() => expect(last()?.connection).toBe('failed'));
    expect(last().joinError).toBe('call_closed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(joins).toBe(1);
  });
});
