import { Hono } from 'hono';
import { ok } from '../../../shared/api/envelope';
import { deviceAuthSchema } from '../../../shared/api/schemas';
import { issueDeviceToken } from '../lib/device-token';
import { parseInput, readJson } from '../lib/validate';
import type { AppEnv } from '../app-env';

export const deviceRoutes = new Hono<AppEnv>().post('/auth', async (c) => {
  const input = parseInput(deviceAuthSchema, await readJson(c.req));
  const id = crypto.randomUUID();
  await c.env.DB.prepare(
    'INSERT INTO devices (id, uid, name, platform, capacity, os_type, os_version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(id, input.device.uid, input.device.name, input.device.platform, input.device.capacity?.toString() ?? null, input.os.type, input.os.version, Date.now())
    .run();
  const access_token = await issueDeviceToken(c.var.config.TOKEN_SECRET, id);
  return c.json(ok({ access_token }));
});
