// What each side of the call says about it (issue 61, finding 8), derived from the engine's state in one
// place for both pages (the shopper's call page and the nutritionist's back-office script): the line
// about the connection and the other side, and the line about the video. The video line follows the
// other side's actual mode: while it is in chat only, neither "Connecting the video…" (which would wait
// forever) nor "Video connected" (left from before its switch) is true, so it says where the other
// side is. The names are the texts' keys without their page's prefix (call_ in the shop, st_call_ in
// the back office); on the shopper's page, those whose subject is the nutritionist come per gender.
import type { CallState } from './engine';

export type StatusText =
  | 'connection_connecting'
  | 'connection_reconnecting'
  | 'connection_replaced'
  | 'connection_failed'
  | 'peer_waiting'
  | 'peer_here'
  | 'peer_chat_only';

export type MediaText =
  | 'media_off'
  | 'media_denied'
  | 'media_starting'
  | 'media_waiting'
  | 'media_connecting'
  | 'media_connected'
  | 'media_poor'
  | 'media_peer_chat_only';

type StatusInput = Pick<CallState, 'connection' | 'peerPresent' | 'peerChatOnly' | 'media' | 'chatOnly'>;

/** The line about the connection and the other side. */
export function statusText(s: StatusInput): StatusText {
  if (s.connection !== 'open') return `connection_${s.connection}`;
  if (!s.peerPresent) return 'peer_waiting';
  return s.peerChatOnly ? 'peer_chat_only' : 'peer_here';
}

/** The line about the video: this side's own choice first, then the other side's mode, then the link. */
export function mediaText(s: StatusInput): MediaText {
  if (s.media === 'denied') return 'media_denied';
  if (s.chatOnly) return 'media_off';
  // Not chat only and nothing started yet: the camera is about to start.
  if (s.media === 'off' || s.media === 'starting') return 'media_starting';
  if (s.connection === 'open' && s.peerPresent && s.peerChatOnly) return 'media_peer_chat_only';
  return `media_${s.media}`;
}
