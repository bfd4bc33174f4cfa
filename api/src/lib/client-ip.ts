import type { Context } from 'hono';
import { CLIENT_IP_HEADER, UNKNOWN_CLIENT_IP } from '../../../shared/api/client-ip';

/** The shopper's address as the storefront saw it (a header of a signed request, not the browser's). */
export function clientIp(c: Context): string {
  const ip = c.req.header(CLIENT_IP_HEADER)?.trim();
  // An address is at most 45 characters (IPv6 with an IPv4 tail); anything else is not one.
  return ip && ip.length <= 45 && /^[0-9a-fA-F:.]+$/.test(ip) ? ip.toLowerCase() : UNKNOWN_CLIENT_IP;
}
