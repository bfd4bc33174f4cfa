import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { registerDevice } from '../lib/device-registration';
import { contract } from '../lib/validate';
import type { AppEnv } from '../app-env';

export const deviceRoutes = new Hono<AppEnv>().post('/auth', contract('POST /device/auth'), async (c) => {
  const registration = await registerDevice(c, c.req.valid('json'));
  await registration.stored;
  return c.json(ok({ access_token: registration.token }));
});
