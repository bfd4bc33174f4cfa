import { describe, expect, it } from 'vitest';
import { logoSvg, wordmarkLines } from './logo';

const sizes = (svg: string) => [...svg.matchAll(/font-size="(\d+)"/g)].map((m) => Number(m[1]));

describe('logoSvg', () => {
  it('keeps a short name on one line at a large size', () => {
    expect(wordmarkLines('Gulf Vital')).toEqual(['GULF VITAL']);
    expect(sizes(logoSvg({ name: 'Gulf Vital', color: '#0E7C66' }))).toEqual([23]);
  });

  it('breaks a long name at the middle space so it fits the 240 px tile', () => {
    expect(wordmarkLines('Oasis Naturals')).toEqual(['OASIS', 'NATURALS']);
    expect(wordmarkLines('Arabian Sea Omega')).toEqual(['ARABIAN', 'SEA OMEGA']);
    const svg = logoSvg({ name: 'Oasis Naturals', color: '#2f855a' });
    // Eight wide capitals at this size stay inside the text area (184 px).
    for (const size of sizes(svg)) expect(8 * size * 0.8).toBeLessThanOrEqual(184);
    expect(svg).toContain('>OASIS</text>');
    expect(svg).toContain('>NATURALS</text>');
  });
});
