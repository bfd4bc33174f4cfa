// The consultation call's room (decision 56): the browser's WebSocket to GET /api/consultation/:id/room,
// which the /api proxy (JSON envelopes only) cannot carry. This route signs the upgrade like any call to
// the API, as the signed-in shopper (her session must be the one the join ticket was issued to), and
// hands the API's socket back to the browser; a refusal (an expired ticket, another session's, one
// already used) is the API's envelope. A page of another site may not open it (its Origin is checked).
// The ticket travels as a WebSocket subprotocol, never in the URL (issue 61, finding 18): the page offers
// `gv-call` and the ticket, this route passes the ticket on in a header and answers `gv-call` alone.
import { Hono } from 'hono';
import { fail } from '#shared/api/envelope';
import { CALL_TICKET_HEADER, CALL_WS_PROTOCOL, callTicketFromProtocols } from '#shared/consultations/call-socket';
import type { AppEnv } from '../app-env';
import { apiLang, readSession } from '../lib/session';
import { callUpstream } from '../upstream';

export const consultationRoom = new Hono<AppEnv>();

consultationRoom.get('/api/consultation/:id{[0-9]{1,16}}/room', async function roomSocket(c) {
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) return c.json(fail('forbidden_cross_site', 403), 403);
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
    return c.json(fail('call_room_websocket_required', 426), 426);
  const lang = apiLang(c);
  const session = readSession(c, lang);
  const res = await callUpstream(c.env, c.var.config, {
    method: 'GET',
    path: `/consultation/${c.req.param('id')}/room`,
    deviceToken: null,
    userToken: session.userToken,
    lang,
    country: session.country,
    clientIp: c.req.header('cf-connecting-ip'),
    passHeaders: {
      upgrade: 'websocket',
      [CALL_TICKET_HEADER]: callTicketFromProtocols(c.req.header('sec-websocket-protocol')) ?? '',
    },
  });
  if (res.status === 101 && res.webSocket)
    return new Response(null, {
      status: 101,
      webSocket: res.webSocket,
      headers: { 'sec-websocket-protocol': CALL_WS_PROTOCOL },
    });
  return c.body(await res.text(), res.status as 400, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'private, no-store',
  });
});
