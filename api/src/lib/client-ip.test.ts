import { describe, expect, it } from 'vitest';
import { addressKey } from './client-ip';

describe('addressKey', () => {
  it('keeps an IPv4 address, also when IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey(' ::ffff:203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:DB8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:0db8:0001:0002:0:0:0:9')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('treats anything else as unknown', () => {
    for (const raw of [undefined, '', 'localhost', '1.2.3', '2001:db8::1::2', '1:2:3:4:5:6:7:8:9', '<script>'])
      expect(addressKey(raw)).toBe('unknown');
  });
});
