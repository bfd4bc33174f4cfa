// The consultation call's room (decision 56): the browser's WebSocket to GET /api/consultation/:id/room
// ?ticket=…, which the /api proxy (JSON envelopes only) cannot carry. This route signs the upgrade like
// any call to the API (no session needed: the join ticket in the query is what admits it) and hands the
// API's socket back to the browser; a refusal (an expired or another consultation's ticket) is the
// API's envelope. A page of another site may not open it (its Origin is checked).
import { Hono } from 'hono';
import { fail } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { apiLang } from '../lib/session';
import { callUpstream } from '../upstream';

export const consultationRoom = new Hono<AppEnv>();

consultationRoom.get('/api/consultation/:id{[0-9]{1,16}}/room', async function roomSocket(c) {
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) return c.json(fail('forbidden_cross_site', 403), 403);
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
    return c.json(fail('call_room_websocket_required', 426), 426);
  const ticket = c.req.query('ticket') ?? '';
  const res = await callUpstream(c.env, c.var.config, {
    method: 'GET',
    path: `/consultation/${c.req.param('id')}/room?ticket=${encodeURIComponent(ticket)}`,
    deviceToken: null,
    userToken: null,
    lang: apiLang(c),
    country: 'KW',
    clientIp: c.req.header('cf-connecting-ip'),
    passHeaders: { upgrade: 'websocket' },
  });
  if (res.status === 101 && res.webSocket) return new Response(null, { status: 101, webSocket: res.webSocket });
  return c.body(await res.text(), res.status as 400, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'private, no-store',
  });
});
