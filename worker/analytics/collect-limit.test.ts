import { describe, expect, it } from 'vitest';
import { collectLimiter, networkOf } from './collect-limit';

describe('the /collect limit', () => {
  it('counts an IPv6 /64 as one network, however its addresses are written', () => {
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('refuses rotating addresses inside one /64 past the allowance', () => {
    const limiter = collectLimiter({ perNetwork: 60, maxNetworks: 10_000, windowMs: 60_000 });
    const answers = Array.from({ length: 61 }, (_, i) =>
      limiter.allowed(`2001:db8:1:2::${(i + 1).toString(16)}`, 1000),
    );
    expect(answers.filter(Boolean)).toHaveLength(60);
    expect(answers.at(-1)).toBe(false);
  });

  it('does not forget a network’s count when many other addresses flood in, and caps the flood', () => {
    const limiter = collectLimiter({ perNetwork: 60, maxNetworks: 10_000, windowMs: 60_000 });
    for (let i = 0; i < 60; i++) limiter.allowed('198.51.100.1', 1000);
    let floodAllowed = 0;
    for (let i = 0; i < 12_000; i++)
      if (limiter.allowed(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, 1000)) floodAllowed++;
    expect(limiter.allowed('198.51.100.1', 1000)).toBe(false);
    // 10,000 networks with their own allowance, then one shared overflow allowance for the rest.
    expect(floodAllowed).toBe(10_000 + 600 - 1);
    // A new window starts everyone again.
    expect(limiter.allowed('198.51.100.1', 70_000)).toBe(true);
  });
});
