// Brand wordmark (240×120): the brand's name on its colour; no outside fonts or images. The name must
// fit between the colour bar and the right edge in whatever system font draws it: long names go on two
// lines, the size follows the longest line, and textLength holds a near-full line to the space so a
// wider font squeezes it instead of cutting it off.
import { escapeXml, lighten, SVG_FONT_STACK } from './svg';

/** Text area: from just after the colour bar (x 16–26) to 12 px before the right edge. */
export const LOGO_TEXT_START = 34;
export const LOGO_TEXT_END = 228;
const AVAILABLE = LOGO_TEXT_END - LOGO_TEXT_START;
/** Bold capitals average about 0.72 em across common system fonts; letter-spacing adds 1 px each. */
const EM_PER_CHAR = 0.72;

export function estimatedWidth(text: string, size: number): number {
  return text.length * (EM_PER_CHAR * size + 1);
}

/** One line, or two balanced at a space for long names. */
export function logoLines(name: string): string[] {
  const words = name.trim().split(/\s+/);
  if (name.length <= 12 || words.length < 2) return [name];
  let best: string[] = [name];
  let bestLongest = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const longest = Math.max(...lines.map((l) => l.length));
    if (longest < bestLongest) [best, bestLongest] = [lines, longest];
  }
  return best;
}

export function logoSvg(input: { name: string; color: string }): string {
  const lines = logoLines(input.name.toUpperCase());
  const longest = lines.reduce((a, b) => (b.length > a.length ? b : a));
  const cap = lines.length > 1 ? 24 : 30;
  const size = Math.max(12, Math.min(cap, Math.floor((AVAILABLE - longest.length) / (longest.length * EM_PER_CHAR))));
  const center = (LOGO_TEXT_START + LOGO_TEXT_END) / 2;
  const lineHeight = Math.round(size * 1.15);
  const firstBaseline = Math.round(60 + size * 0.35 - ((lines.length - 1) * lineHeight) / 2);
  const text = lines
    .map((line, i) => {
      const width = estimatedWidth(line, size);
      const fit =
        width > AVAILABLE * 0.75
          ? ` textLength="${Math.min(AVAILABLE, Math.round(width))}" lengthAdjust="spacingAndGlyphs"`
          : '';
      return `<text x="${center}" y="${firstBaseline + i * lineHeight}" text-anchor="middle"${fit}>${escapeXml(line)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><rect width="240" height="120" rx="16" fill="${lighten(input.color, 0.88)}"/><rect x="16" y="52" width="10" height="16" rx="5" fill="${input.color}"/><g font-family="${SVG_FONT_STACK}" font-size="${size}" font-weight="800" letter-spacing="1" fill="${input.color}">${text}</g></svg>`;
}
