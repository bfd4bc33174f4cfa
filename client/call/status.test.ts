// The two lines each side of the call shows (issue 61, finding 8): they follow the other side's actual
// mode both ways, whatever this side's media link last said.
import { describe, expect, it } from 'vitest';
import type { CallState } from './engine';
import { mediaText, statusText } from './status';

const open = {
  connection: 'open',
  peerPresent: true,
  peerChatOnly: false,
  media: 'connected',
  chatOnly: false,
} satisfies Partial<CallState>;

describe('the call’s status lines', () => {
  it('on the nutritionist’s page, once the shopper switched to chat only: not "Video connected"', () => {
    const after = { ...open, peerChatOnly: true };
    expect(statusText(after)).toBe('peer_chat_only');
    expect(mediaText(after)).toBe('media_peer_chat_only');
    // Whatever the link said last: connecting, waiting, or poor.
    for (const media of ['connecting', 'waiting', 'poor'] as const)
      expect(mediaText({ ...after, media }), media).toBe('media_peer_chat_only');
  });

  it('on the shopper’s page, while the nutritionist is in chat only: not "Connecting the video…" forever', () => {
    const joined = { ...open, media: 'connecting', peerChatOnly: true } as const;
    expect(statusText(joined)).toBe('peer_chat_only');
    expect(mediaText(joined)).toBe('media_peer_chat_only');
  });

  it('say the link again when the other side turns video back on, or leaves', () => {
    expect(mediaText({ ...open, media: 'connecting' })).toBe('media_connecting');
    expect(mediaText(open)).toBe('media_connected');
    expect(statusText(open)).toBe('peer_here');
    const gone = { ...open, peerPresent: false, media: 'waiting' } as const;
    expect(statusText(gone)).toBe('peer_waiting');
    expect(mediaText(gone)).toBe('media_waiting');
  });

  it('put this side’s own state first: its chat only, a refused camera, a camera starting, a connection down', () => {
    expect(mediaText({ ...open, chatOnly: true, media: 'off', peerChatOnly: true })).toBe('media_off');
    expect(mediaText({ ...open, chatOnly: true, media: 'denied' })).toBe('media_denied');
    expect(mediaText({ ...open, media: 'off' })).toBe('media_starting');
    expect(mediaText({ ...open, media: 'starting', peerChatOnly: true })).toBe('media_starting');
    expect(statusText({ ...open, connection: 'reconnecting', peerPresent: false })).toBe('connection_reconnecting');
    expect(statusText({ ...open, connection: 'replaced' })).toBe('connection_replaced');
  });
});
