// Calendar files: the blood-test visit's (GET /api/user/bloodTestOrder/ics?id=) and a consultation's
// (GET /api/user/consultation/:id/ics), the API answers that are not JSON envelopes, so the /api proxy
// (which passes envelopes only, and answered 502 for the consultation's) does not carry them. Each route
// makes the same signed call with the shopper's session and hands the browser the file as the API wrote
// it; any other answer (401, 404…) is the API's envelope, as the proxy would give it.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { busyAnswer, ensureDevice, sessionCall } from '../lib/gateway';
import { apiLang, readSession } from '../lib/session';

export const calendarFile = new Hono<AppEnv>();

async function passCalendar(c: Context<AppEnv>, path: string) {
  const session = readSession(c, apiLang(c));
  if (!(await ensureDevice(c, session))) return busyAnswer(c);
  const res = await sessionCall(c, session, 'GET', path);
  const calendar = res.ok && (res.headers.get('content-type') ?? '').startsWith('text/calendar');
  return c.body(await res.text(), res.status as 200, {
    'content-type': calendar ? 'text/calendar; charset=utf-8' : 'application/json; charset=utf-8',
    ...(calendar ? { 'content-disposition': res.headers.get('content-disposition') ?? 'attachment' } : {}),
    'cache-control': 'private, no-store',
  });
}

calendarFile.get('/api/user/bloodTestOrder/ics', (c) =>
  passCalendar(c, `/user/bloodTestOrder/ics?id=${encodeURIComponent(c.req.query('id') ?? '')}`),
);

calendarFile.get('/api/user/consultation/:id{[0-9]{1,16}}/ics', (c) =>
  passCalendar(c, `/user/consultation/${c.req.param('id')}/ics`),
);
