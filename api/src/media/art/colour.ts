// Colours of the placeholder art: hex parsing, mixing toward white or black, and readable ink.

const DEFAULT_COLOR = '#0d6b5e';
export const DEFAULT_ACCENT = '#f5b83d';

export type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m || m[1] === undefined) return null;
  let h = m[1];
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const v = parseInt(h, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function rgb(hex: string, fallback = DEFAULT_COLOR): Rgb {
  return parseHex(hex) ?? parseHex(fallback) ?? [13, 107, 94];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function clamp01(amount: number): number {
  return Number.isFinite(amount) ? Math.min(1, Math.max(0, amount)) : 0;
}

function mix(hex: string, toward: number, amount: number): string {
  const t = clamp01(amount);
  return toHex(rgb(hex).map((v) => v + (toward - v) * t) as Rgb);
}

/** Mixes the colour with white: `amount` 0 keeps it, 1 gives white. Always returns `#rrggbb`. */
export function lighten(hex: string, amount: number): string {
  return mix(hex, 255, amount);
}

/** Mixes the colour with black: `amount` 0 keeps it, 1 gives black. Always returns `#rrggbb`. */
export function darken(hex: string, amount: number): string {
  return mix(hex, 0, amount);
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or a near-black, whichever reads better on `bg`. */
export function inkOn(bg: string): string {
  return luminance(bg) > 0.45 ? '#1c2524' : '#ffffff';
}
