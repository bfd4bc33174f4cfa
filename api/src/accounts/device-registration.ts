// Registering a browser or app as a device (spec §7 POST /device/auth), for that route and for a page
// bundle that arrives without a valid device token. The token is self-verifying, so it is made before
// the row is stored: a bundle stores the row while its calls run, not before them.
import type { Context } from 'hono';
import type { DeviceAuthInput } from '#shared/api/schemas';
import type { AppEnv } from '../app-env';
import { clientIp } from '../lib/client-ip';
import { issueDeviceToken } from '../lib/device-token';
import { LIMITS } from '../lib/limits';

export interface Registration {
  id: string;
  token: string;
  /** Resolves once the device's row is stored (or skipped past the per-address limit). */
  stored: Promise<void>;
}

export async function registerDevice(c: Context<AppEnv>, input: DeviceAuthInput): Promise<Registration> {
  const id = crypto.randomUUID();
  const token = await issueDeviceToken(c.var.config.TOKEN_SECRET, id);
  return { id, token, stored: storeDevice(c, id, input) };
}

async function storeDevice(c: Context<AppEnv>, id: string, input: DeviceAuthInput): Promise<void> {
  // Every page view of a browser without cookies registers a device, so a flood would be a flood of
  // rows. Past the per-address limit the device still gets its (self-verifying) token, so shoppers
  // behind one busy network keep browsing, but no row is stored. Limits that matter for abuse count
  // addresses and accounts, never device ids alone, because a new device costs nothing. One round trip:
  // both statements test the same count (the row first, so the event it adds is not yet counted).
  const { max, windowMs } = LIMITS.deviceRowsPerIp;
  const key = `device:ip:${clientIp(c)}`;
  const now = Date.now();
  const underLimit = '(SELECT count(*) FROM rate_events WHERE key = ? AND at > ?) < ?';
  await c.env.DB.batch([
    c.env.DB.prepare(
      `INSERT INTO devices (id, uid, name, platform, capacity, os_type, os_version, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${underLimit}`,
    ).bind(
      id,
      input.device.uid,
      input.device.name,
      input.device.platform,
      input.device.capacity?.toString() ?? null,
      input.os.type,
      input.os.version,
      now,
      key,
      now - windowMs,
      max,
    ),
    c.env.DB.prepare(`INSERT INTO rate_events (key, at) SELECT ?, ? WHERE ${underLimit}`).bind(
      key,
      now,
      key,
      now - windowMs,
      max,
    ),
  ]);
}
