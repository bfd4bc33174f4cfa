import type { Context } from 'hono';
import { CLIENT_IP_HEADER, UNKNOWN_CLIENT_IP } from '#shared/api/client-ip';

/**
 * The shopper's address as the storefront saw it (a header of a signed request, not the browser's),
 * as the key limits count by: an IPv4 address, or an IPv6 address's /64 network (one subscriber gets
 * a whole /64, so counting single IPv6 addresses would give an attacker 2^64 fresh ones).
 */
export function clientIp(c: Context): string {
  return addressKey(c.req.header(CLIENT_IP_HEADER));
}

export function addressKey(raw: string | undefined): string {
  const ip = raw?.trim().toLowerCase() ?? '';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return ip;
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(ip);
  if (mapped) return mapped[1]!;
  const groups = expandIpv6(ip);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : UNKNOWN_CLIENT_IP;
}

/** The eight 16-bit groups of an IPv6 address (without a zone or an IPv4 tail), or null. */
function expandIpv6(ip: string): string[] | null {
  if (!/^[0-9a-f:]{2,39}$/.test(ip) || (ip.match(/::/g) ?? []).length > 1) return null;
  const [head, tail] = ip.includes('::') ? (ip.split('::') as [string, string]) : [ip, null];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === null ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === null ? 0 : missing).fill('0'), ...right];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}
