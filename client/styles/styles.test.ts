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

/** The :root tokens as sRGB triplets (hex values, var() of another token, or a color-mix of two). */
function rootColours(): Map<string, [number, number, number]> {
  const root = SHEETS['./app.css']!.replace(/\/\*[\s\S]*?\*\//g, '').match(/:root\s*\{([\s\S]*?)\n\}/)![1]!;
  const raw = new Map([...root.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]));
  const hex = (h: string): [number, number, number] => {
    const n = h.length === 4 ? [...h.slice(1)].map((c) => c + c).join('') : h.slice(1, 7);
    return [0, 2, 4].map((i) => parseInt(n.slice(i, i + 2), 16)) as [number, number, number];
  };
  const resolve = (value: string): [number, number, number] | null => {
    if (/^#[0-9a-f]{3,8}$/i.test(value)) return hex(value);
    const ref = /^var\((--[\w-]+)\)$/.exec(value);
    if (ref) return raw.has(ref[1]!) ? resolve(raw.get(ref[1]!)!) : null;
    const mix = /^color-mix\(in srgb, (.+) (\d+)%, (.+)\)$/.exec(value);
    if (mix) {
      const [a, b] = [resolve(mix[1]!), resolve(mix[3]!)];
      const p = Number(mix[2]) / 100;
      return a && b ? (a.map((c, i) => Math.round(c * p + b[i]! * (1 - p))) as [number, number, number]) : null;
    }
    return null;
  };
  const out = new Map<string, [number, number, number]>();
  for (const [name, value] of raw) {
    const rgb = resolve(value);
    if (rgb) out.set(name, rgb);
  }
  return out;
}

/** WCAG 2.1 contrast ratio of two sRGB colours. */
function contrast(a: readonly number[], b: readonly number[]): number {
  const lum = (c: readonly number[]) =>
    c
      .map((v) => v / 255)
      .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Rules as { selector, body } of every sheet (comments out). */
function rules(): Array<{ file: string; selector: string; body: string }> {
  return Object.entries(SHEETS).flatMap(([file, css]) =>
    [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({
      file,
      selector: selector!.trim(),
      body: body!,
    })),
  );
}

describe('the focus ring (WCAG 2.1 SC 1.4.11, issue 73)', () => {
  const colours = rootColours();
  const token = (value: string) => colours.get(/var\((--[\w-]+)\)/.exec(value)?.[1] ?? '');
  /** Every colour some rule paints as a background: what a focused control may sit on. */
  const backgrounds = [
    ...new Set(
      rules().flatMap((r) =>
        [...r.body.matchAll(/background(?:-color)?\s*:\s*(var\(--[\w-]+\))\s*;/g)].map(([, v]) => v!.slice(4, -1)),
      ),
    ),
    '--page',
    '--surface',
  ].filter((name) => colours.has(name));

  it('finds the backgrounds, light and dark', () => {
    expect(backgrounds).toEqual(expect.arrayContaining(['--page', '--surface', '--brand-soft', '--ink', '--brand']));
  });

  it('stands out at 3:1 on every background: one of its two bands does, wherever it sits', () => {
    const global = rules().find((r) => r.file === './app.css' && r.selector === ':focus-visible')!;
    const ring = token(/outline\s*:[^;]*?(var\([^)]+\))/.exec(global.body)?.[1] ?? '')!;
    const halo = token(/box-shadow\s*:[^;]*?(var\([^)]+\))/.exec(global.body)?.[1] ?? '');
    expect(ring).toBeDefined();
    const weak = backgrounds.filter(
      (bg) => Math.max(contrast(ring, colours.get(bg)!), halo ? contrast(halo, colours.get(bg)!) : 0) < 3,
    );
    expect(weak).toEqual([]);
    // The two bands tell apart from each other too, so the ring reads as one mark.
    if (halo) expect(contrast(ring, halo)).toBeGreaterThanOrEqual(3);
  });

  it('gives every focus outline of a component 3:1 on the light surfaces it sits on', () => {
    const light = ['--page', '--surface', '--brand-soft'].map((name) => colours.get(name)!);
    const weak = rules()
      .filter((r) => /:focus/.test(r.selector))
      .flatMap((r) => [...r.body.matchAll(/outline\s*:[^;]*?(var\([^)]+\))/g)].map(([, v]) => ({ r, v: v! })))
      .filter(({ v }) => light.some((bg) => contrast(token(v)!, bg) < 3))
      .map(({ r, v }) => `${r.file} ${r.selector}: ${v}`);
    expect(weak).toEqual([]);
  });
});
