// The nutritionist's consultation call (decision 56): the page, its one script, the join the script
// asks for on every (re)connect, and the room's WebSocket passed through to the API (signed like every
// staff call, with this staff session; the join ticket, offered as a WebSocket subprotocol and good once
// for the session that joined, is what admits it, and only a page of this origin may open it).
import { Hono } from 'hono';
import staffCallScript from 'virtual:staff-call-script';
import { fail } from '#shared/api/envelope';
import { signRequest, SIGNATURE_HEADERS } from '#shared/api/signing';
import type { CallJoin } from '#shared/consultations/call';
import { CALL_TICKET_HEADER, CALL_WS_PROTOCOL, callTicketFromProtocols } from '#shared/consultations/call-socket';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { signInAgain, staffPage } from '../middleware/guards';
import { ConsultationCallPage } from '../pages/ConsultationCall';
import { HOME_COUNTRY } from '#shared/countries';

const INTERNAL_ORIGIN = 'https://shop-api.internal';

export const consultationCallRoutes = new Hono<StaffAppEnv>()
  .get('/consultation-call.js', (c) =>
    c.body(staffCallScript, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
  )
  .get('/consultations/:id{[0-9]{1,16}}/call', staffPage(), async (c) => {
    const id = Number(c.req.param('id'));
    // The join now: the other side's name, or why the call cannot be joined (the script joins again itself).
    const join = await staffApi<CallJoin>(c, 'POST', `/staff/consultations/${id}/join`, {});
    if (join.status === 401) return signInAgain(c);
    c.set('callPage', true);
    return html(
      c,
      <ConsultationCallPage
        t={c.var.t}
        nonce={c.var.nonce}
        me={c.var.me}
        consultationId={id}
        peerName={join.status === 200 ? join.envelope.data.peer_name : ''}
        gender={join.status === 200 ? join.envelope.data.nutritionist_gender : 'female'}
        refusal={join.status === 200 ? null : join.envelope.meta.msg}
      />,
      join.status === 200 ? 200 : join.status === 404 ? 404 : 409,
    );
  })
  .post('/consultations/:id{[0-9]{1,16}}/join', async (c) => {
    if (!c.var.token) return c.json({ data: null, meta: { msg: 'unauthorized', code: 401, msgType: 1 } }, 401);
    const join = await staffApi<CallJoin>(c, 'POST', `/staff/consultations/${c.req.param('id')}/join`, {});
    return c.json(join.envelope, join.status as 200);
  })
  .get('/consultations/:id{[0-9]{1,16}}/room', async (c) => {
    const origin = c.req.header('origin');
    // The script's socket, not a page: refusals are the API's envelope, as the API's own would be.
    if (origin && origin !== new URL(c.req.url).origin) return c.json(fail('forbidden_cross_site', 403), 403);
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
      return c.json(fail('call_room_websocket_required', 426), 426);
    const path = `/consultation/${c.req.param('id')}/room`;
    const headers = new Headers({
      upgrade: 'websocket',
      [SIGNATURE_HEADERS.requestId]: c.get('requestId') ?? '',
      [SIGNATURE_HEADERS.lang]: c.var.lang,
      [SIGNATURE_HEADERS.country]: HOME_COUNTRY,
      // The ticket from the subprotocols the script offered (never the URL), with this staff session,
      // which must be the one that joined.
      [CALL_TICKET_HEADER]: callTicketFromProtocols(c.req.header('sec-websocket-protocol')) ?? '',
    });
    if (c.var.token) headers.set(SIGNATURE_HEADERS.authorization, `Staff ${c.var.token}`);
    const signed = await signRequest(c.var.config.SIGNING_SECRET, 'GET', path, '', undefined, undefined, headers);
    for (const [name, value] of Object.entries(signed)) headers.set(name, value);
    const res = await c.env.API.fetch(new Request(INTERNAL_ORIGIN + path, { headers }));
    if (res.status === 101 && res.webSocket)
      return new Response(null, {
        status: 101,
        webSocket: res.webSocket,
        headers: { 'sec-websocket-protocol': CALL_WS_PROTOCOL },
      });
    return new Response(await res.text(), { status: res.status, headers: { 'content-type': 'application/json' } });
  });
