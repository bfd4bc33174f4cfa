// The /collect endpoint's per-network limit, kept in the isolate's memory for one window at a time.
// A network is an IPv4 address or an IPv6 /64 (one household or one host gets a whole /64, so rotating
// addresses inside it must not buy more events). The memory is bounded: past `maxNetworks` networks
// in a window the new ones share one overflow allowance, so flooding from many addresses neither grows
// the map nor clears the counts of the networks already in it.

/** The network an address belongs to: itself for IPv4, its first 64 bits for IPv6. */
export function networkOf(address: string): string {
  const a = address.trim().toLowerCase();
  if (!a.includes(':')) return a;
  const [head = '', tail = ''] = a.split('::', 2);
  const left = head ? head.split(':') : [];
  const right = a.includes('::') && tail ? tail.split(':') : [];
  const groups = a.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g || '0').replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface CollectLimiter {
  allowed(address: string, now: number): boolean;
}

export function collectLimiter(o: { perNetwork: number; maxNetworks: number; windowMs: number }): CollectLimiter {
  let windowStart = 0;
  const counts = new Map<string, number>();
  let overflow = 0;
  return {
    allowed(address, now) {
      if (now - windowStart > o.windowMs) {
        windowStart = now;
        counts.clear();
        overflow = 0;
      }
      const network = networkOf(address);
      const known = counts.get(network);
      if (known === undefined && counts.size >= o.maxNetworks) {
        overflow += 1;
        return overflow <= o.perNetwork * 10;
      }
      const n = (known ?? 0) + 1;
      counts.set(network, n);
      return n <= o.perNetwork;
    },
  };
}
