// Brand wordmark (240×120): the brand's name on its colour; no outside fonts or images. Rendered to
// WebP at seed time by whatever sans-serif the machine has (DejaVu Sans on Debian, wider than
// system-ui), so the size assumes wide capitals and long names break onto two lines.
import { escapeXml, lighten, SVG_FONT_STACK } from './svg';

/** Width of the text area right of the colour mark, and a wide bold capital's advance in em. */
const TEXT_WIDTH = 184;
const CAPITAL_EM = 0.8;

export function wordmarkLines(name: string): string[] {
  const upper = name.toUpperCase();
  if (upper.length <= 12 || !upper.includes(' ')) return [upper];
  // Break at the space nearest the middle.
  const spaces = [...upper.matchAll(/ /g)].map((m) => m.index!);
  const cut = spaces.reduce((best, i) => (Math.abs(i - upper.length / 2) < Math.abs(best - upper.length / 2) ? i : best));
  return [upper.slice(0, cut), upper.slice(cut + 1)];
}

export function logoSvg(input: { name: string; color: string }): string {
  const lines = wordmarkLines(input.name);
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const size = Math.max(12, Math.min(30, Math.floor(TEXT_WIDTH / (longest * CAPITAL_EM))));
  const lineHeight = Math.round(size * 1.15);
  const top = 60 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  const text = lines
    .map((line, i) => `<text x="134" y="${Math.round(top + i * lineHeight)}" text-anchor="middle" font-family="${SVG_FONT_STACK}" font-size="${size}" font-weight="800" fill="${input.color}">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><rect width="240" height="120" rx="16" fill="${lighten(input.color, 0.88)}"/><rect x="22" y="52" width="10" height="16" rx="5" fill="${input.color}"/>${text}</svg>`;
}
