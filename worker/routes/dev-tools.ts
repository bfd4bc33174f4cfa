// Local mode only: the API's local tools that e2e stories and testers need from the shop's own origin:
// a staff account with the given roles (POST /dev/staff), so a story can sign in to the back office at
// staff.localhost, and a booked visit's start moved to now (POST /dev/bloodTestOrder/visitNow), so the
// lab can collect a sample that was booked for a later day, and the subscribe-and-save jobs run as on a
// given day (POST /dev/subscriptions/run), the nightly backup now (POST /dev/backups/run), and the data-rights
// jobs now (POST /dev/data-rights/run: archives prepared, retention applied), the operational tables'
// retention (POST /dev/retention/run), the move of cold orders to R2 as on a given day (POST
// /dev/archive/run), a consultation's summary and list shared as the nutritionist's
// side would (POST /dev/consultations/{id}/share), and the loyalty jobs as on a given day
// (POST /dev/loyalty/run: birthdays, expiry and its reminder, tiers), and the cart reminders as at a
// given time (POST /dev/cart-reminders/run), and the nightly "bought together" refresh as on a given day
// (POST /dev/co-purchases/run). Not in production.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';

const FORWARDED = [
  '/dev/staff',
  '/dev/bloodTestOrder/visitNow',
  '/dev/subscriptions/run',
  '/dev/backups/run',
  '/dev/data-rights/run',
  '/dev/retention/run',
  '/dev/archive/run',
  '/dev/loyalty/run',
  '/dev/cart-reminders/run',
  '/dev/co-purchases/run',
  // A consultation booked now between a shopper and a nutritionist's staff account (the call's story,
  // /dev/consultations/call) and a summary shared (/dev/consultations/{id}/share): one pattern, as the
  // storefront's router takes no static path beside a parameter at the same place.
  '/dev/consultations/*',
] as const;

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
export const devTools = /* @__PURE__ */ (() => {
  const app = new Hono<AppEnv>();
  for (const path of FORWARDED)
    app.post(path, async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
      const res = await callUpstream(c.env, c.var.config, {
        method: 'POST',
        path: new URL(c.req.url).pathname,
        body: await c.req.text(),
        deviceToken: null,
        userToken: null,
        lang: 'en',
        country: HOME_COUNTRY,
      });
      return c.body(await res.text(), res.status as 200, { 'content-type': 'application/json; charset=utf-8' });
    });
  return app;
})();
