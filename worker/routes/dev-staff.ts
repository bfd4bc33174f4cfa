// Local mode only: a staff account with the given roles for e2e stories and testers (the API's
// POST /dev/staff), so a story can sign in to the back office at staff.localhost. Not in production.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
export const devStaff = /* @__PURE__ */ (() =>
  new Hono<AppEnv>().post('/dev/staff', async (c) => {
    if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
    const res = await callUpstream(c.env, c.var.config, {
      method: 'POST',
      path: '/dev/staff',
      body: await c.req.text(),
      deviceToken: null,
      userToken: null,
      lang: 'en',
      country: 'KW',
    });
    return c.body(await res.text(), res.status as 200, { 'content-type': 'application/json; charset=utf-8' });
  }))();
