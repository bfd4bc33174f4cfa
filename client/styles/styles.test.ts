// The stylesheets' rules (decision 18): colours only as custom properties defined in :root (one error
// colour, its tints mixed from it), spacing from the scale, logical properties only so Arabic mirrors.
import { describe, expect, it } from 'vitest';

const SHEETS = import.meta.glob<string>('./*.css', { query: '?raw', import: 'default', eager: true });

/** Declarations outside custom property definitions, with their file. */
function declarations(): Array<{ file: string; prop: string; value: string }> {
  const out: Array<{ file: string; prop: string; value: string }> = [];
  for (const [file, css] of Object.entries(SHEETS)) {
    const body = css.replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, prop, value] of body.matchAll(/([a-z-]+)\s*:\s*([^;{}]+);/g)) {
      if (!prop!.startsWith('--')) out.push({ file, prop: prop!, value: value!.trim() });
    }
  }
  return out;
}

describe('stylesheets', () => {
  it('finds the stylesheets', () => {
    expect(Object.keys(SHEETS).length).toBeGreaterThanOrEqual(4);
    expect(declarations().length).toBeGreaterThan(500);
  });

  it('write colours only through the tokens of :root', () => {
    const literal = declarations().filter((d) => /#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(/i.test(d.value));
    expect(literal.map((d) => `${d.file}: ${d.prop}: ${d.value}`)).toEqual([]);
  });

  it('define one error colour and derive every red from it', () => {
    const root = Object.values(SHEETS)
      .join('\n')
      .match(/:root\s*\{([\s\S]*?)\n\}/)![1]!;
    const reds = [...root.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{3,8})/gi)].filter(([, , hex]) => {
      const n =
        hex!.length === 4
          ? hex!
              .slice(1)
              .split('')
              .map((c) => c + c)
              .join('')
          : hex!.slice(1, 7);
      const [r, g, b] = [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16));
      return r! > 120 && r! > g! * 1.6 && r! > b! * 1.6;
    });
    expect(reds.map(([, name]) => name)).toEqual(['--danger']);
  });

  it('use logical properties, never left, right, top or bottom', () => {
    const physical = declarations().filter(
      (d) =>
        /^(margin|padding|border)-(left|right|top|bottom)\b|^(left|right|top|bottom)$|^(width|height|min-width|max-width|min-height|max-height)$/.test(
          d.prop,
        ) ||
        (/^(text-align|float|clear)$/.test(d.prop) && /\b(left|right)\b/.test(d.value)),
    );
    expect(physical.map((d) => `${d.file}: ${d.prop}: ${d.value}`)).toEqual([]);
  });

  it('space paddings, margins and gaps with the scale where a step fits', () => {
    const onScale = /(?<![\w.-])(0\.25|0\.5|0\.75|1|1\.25|1\.5|2|2\.5)rem\b/;
    const spacing = declarations().filter(
      (d) => /^(padding|margin|gap|row-gap|column-gap|inset)/.test(d.prop) && onScale.test(d.value),
    );
    expect(spacing.map((d) => `${d.file}: ${d.prop}: ${d.value}`)).toEqual([]);
  });
});
