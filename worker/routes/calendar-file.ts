// The blood-test visit's calendar file (GET /api/user/bloodTestOrder/ics?id=): the one API answer that
// is not a JSON envelope, so the /api proxy (which passes envelopes only) does not carry it. This route
// makes the same signed call with the shopper's session and hands the browser the file as the API
// wrote it; any other answer (401, 404…) is the API's envelope, as the proxy would give it.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { busyAnswer, ensureDevice, sessionCall } from '../lib/gateway';
import { apiLang, readSession } from '../lib/session';

export const calendarFile = new Hono<AppEnv>();

calendarFile.get('/api/user/bloodTestOrder/ics', async function visitCalendar(c) {
  const id = c.req.query('id') ?? '';
  const session = readSession(c, apiLang(c));
  if (!(await ensureDevice(c, session))) return busyAnswer(c);
  const res = await sessionCall(c, session, 'GET', `/user/bloodTestOrder/ics?id=${encodeURIComponent(id)}`);
  const calendar = res.ok && (res.headers.get('content-type') ?? '').startsWith('text/calendar');
  return c.body(await res.text(), res.status as 200, {
    'content-type': calendar ? 'text/calendar; charset=utf-8' : 'application/json; charset=utf-8',
    ...(calendar ? { 'content-disposition': res.headers.get('content-disposition') ?? 'attachment' } : {}),
    'cache-control': 'private, no-store',
  });
});
