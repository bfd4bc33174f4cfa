import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box';

const secret = 'test-token-secret-0123456789abcdef01234';

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not hold the plain text', async () => {
    const box = await seal('JBSWY3DPEHPK3PXP', secret);
    expect(box).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await open(box, secret)).toBe('JBSWY3DPEHPK3PXP');
    expect(await seal('JBSWY3DPEHPK3PXP', secret)).not.toBe(box);
  });
  it('refuses another key and a tampered box', async () => {
    const box = await seal('JBSWY3DPEHPK3PXP', secret);
    expect(await open(box, `${secret}x`)).toBeNull();
    const [v, iv, data] = box.split('.');
    const flipped = `${data!.slice(0, 4)}${data![4] === 'A' ? 'B' : 'A'}${data!.slice(5)}`;
    expect(await open(`${v}.${iv}.${flipped}`, secret)).toBeNull();
    expect(await open('plain', secret)).toBeNull();
  });
  it('keeps each purpose apart: an e-invoice stamp box never opens as a TOTP box, nor the reverse', async () => {
    const stamp = await seal('a1b2c3', secret, 'e-invoice-stamp-v1');
    expect(await open(stamp, secret, 'e-invoice-stamp-v1')).toBe('a1b2c3');
    expect(await open(stamp, secret)).toBeNull();
    expect(await open(await seal('JBSWY3DPEHPK3PXP', secret), secret, 'e-invoice-stamp-v1')).toBeNull();
  });
});
