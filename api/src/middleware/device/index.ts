// Requires a valid device token (x-token) except on the paths that hand one out.
import type { Context, MiddlewareHandler } from 'hono';
import { SIGNATURE_HEADERS } from '#shared/api/signing';
import { ApiError } from '#api/src/lib/errors';
import { verifyDeviceToken } from '#api/src/lib/device-token';
import type { DeviceVariables } from '#api/src/app-env';

export interface DeviceOptions {
  secret: (c: Context) => string;
  /** Paths reachable without a device token. */
  exempt?: string[];
  /** Path prefixes reachable without one (public media, the sitemap's lists). */
  exemptPrefixes?: string[];
}

export function requireDevice(options: DeviceOptions): MiddlewareHandler<{ Variables: DeviceVariables }> {
  const exempt = new Set(options.exempt ?? ['/device/auth', '/health']);
  const prefixes = options.exemptPrefixes ?? ['/media/', '/sitemap', '/dev/'];
  return async function requireDeviceHandler(c, next) {
    const token = c.req.header(SIGNATURE_HEADERS.token);
    const deviceId = await verifyDeviceToken(options.secret(c), token);
    if (!deviceId && !exempt.has(c.req.path) && !prefixes.some((p) => c.req.path.startsWith(p))) {
      // 403 tells the storefront to register the device again (spec §4 Session client).
      throw new ApiError(403, 'device_token_invalid');
    }
    c.set('deviceId', deviceId);
    await next();
  };
}
