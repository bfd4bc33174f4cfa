// Brand wordmarks must not be cut off: every seeded brand name fits the space beside the colour bar.
import { describe, expect, it } from 'vitest';
import { estimatedWidth, LOGO_TEXT_END, LOGO_TEXT_START, logoLines, logoSvg } from './logo';

const NAMES = [
  'Gulf Vital',
  'Oasis Naturals',
  'Pearl Coast Nutrition',
  'Falconfit Sports',
  'Dune Performance',
  'Majlis Wellness',
  'Acme',
  'Supercalifragilistic',
];

function texts(svg: string) {
  const size = Number(/font-size="(\d+)"/.exec(svg)![1]);
  return [...svg.matchAll(/<text x="([\d.]+)" y="(\d+)"[^>]*?(?: textLength="(\d+)")?[^>]*>([^<]*)<\/text>/g)].map(
    (m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      textLength: m[3] ? Number(m[3]) : null,
      text: m[4]!,
      size,
    }),
  );
}

describe('logoSvg', () => {
  for (const name of NAMES) {
    it(`keeps "${name}" inside the tile, clear of the colour bar`, () => {
      for (const line of texts(logoSvg({ name, color: '#0E7C66' }))) {
        const width = line.textLength ?? estimatedWidth(line.text, line.size);
        expect(line.x - width / 2).toBeGreaterThanOrEqual(LOGO_TEXT_START);
        expect(line.x + width / 2).toBeLessThanOrEqual(LOGO_TEXT_END);
        expect(line.y - line.size).toBeGreaterThanOrEqual(0);
        expect(line.y).toBeLessThanOrEqual(120);
      }
    });
  }

  it('puts long names on two balanced lines and short ones on one', () => {
    expect(logoLines('PEARL COAST NUTRITION')).toEqual(['PEARL COAST', 'NUTRITION']);
    expect(logoLines('GULF VITAL')).toEqual(['GULF VITAL']);
    expect(texts(logoSvg({ name: 'Acme', color: '#000000' }))[0]!.size).toBe(30);
  });
});
