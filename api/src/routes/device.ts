import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { registerDevice } from '../accounts/device-registration';
import { contract } from '../contract/validate';
import type { AppEnv } from '../app-env';
import { deviceAuthSchema } from '#shared/api/schemas';
import { z } from '#shared/zod';

export const deviceRoutes = new Hono<AppEnv>().post(
  '/auth',
  contract({
    tag: 'platform',
    summary: 'Register a browser or app device and get its device token',
    body: deviceAuthSchema,
    noDevice: true,
    response: z.object({ access_token: z.string().min(1) }),
    messages: [],
  }),
  async (c) => {
    const registration = await registerDevice(c, c.req.valid('json'));
    await registration.stored;
    return c.json(ok({ access_token: registration.token }));
  },
);
