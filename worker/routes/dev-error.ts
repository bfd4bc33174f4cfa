// Local mode only: GET /dev/error fails on purpose in both workers under one request id, the check that
// error reports reach Sentry (or the test's stand-in) with that id (decision 16). Never in production.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { currentRequestId } from '../lib/log';
import { callUpstream } from '../upstream';

export const devError = /* @__PURE__ */ (() =>
  new Hono<AppEnv>().get('/dev/error', async (c) => {
    if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
    const upstream = await callUpstream(c.env, c.var.config, {
      method: 'GET',
      path: '/dev/error',
      deviceToken: null,
      userToken: null,
      lang: 'en',
      country: HOME_COUNTRY,
      requestId: currentRequestId(),
    });
    throw new Error(`deliberate storefront error (error reporting check); the API answered ${upstream.status}`);
  }))();
