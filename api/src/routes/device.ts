import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { clientIp } from '../lib/client-ip';
import { issueDeviceToken } from '../lib/device-token';
import { limit, LIMITS, take } from '../lib/limits';
import { contract } from '../lib/validate';
import type { AppEnv } from '../app-env';

export const deviceRoutes = new Hono<AppEnv>().post('/auth', contract('POST /device/auth'), async (c) => {
  const input = c.req.valid('json');
  const id = crypto.randomUUID();
  // Every page view of a browser without cookies registers a device, so a flood would be a flood of
  // rows. Past the per-address limit the device still gets its (self-verifying) token, so shoppers
  // behind one busy network keep browsing, but no row is stored. Limits that matter for abuse count
  // addresses and accounts, never device ids alone, because a new device costs nothing.
  const withinLimit = (await take(c.env.DB, [limit(LIMITS.deviceRowsPerIp, `device:ip:${clientIp(c)}`)])) === null;
  if (withinLimit) {
    await c.env.DB.prepare(
      'INSERT INTO devices (id, uid, name, platform, capacity, os_type, os_version, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
      .bind(
        id,
        input.device.uid,
        input.device.name,
        input.device.platform,
        input.device.capacity?.toString() ?? null,
        input.os.type,
        input.os.version,
        Date.now(),
      )
      .run();
  }
  const access_token = await issueDeviceToken(c.var.config.TOKEN_SECRET, id);
  return c.json(ok({ access_token }));
});
