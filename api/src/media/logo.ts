// Brand wordmark (240×120): the brand's name on its colour; no outside fonts or images.
import { escapeXml, lighten, SVG_FONT_STACK } from './svg';

export function logoSvg(input: { name: string; color: string }): string {
  const name = escapeXml(input.name.toUpperCase());
  const size = Math.max(16, Math.min(30, Math.floor(400 / Math.max(input.name.length, 1))));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><rect width="240" height="120" rx="16" fill="${lighten(input.color, 0.88)}"/><rect x="16" y="52" width="10" height="16" rx="5" fill="${input.color}"/><text x="128" y="69" text-anchor="middle" font-family="${SVG_FONT_STACK}" font-size="${size}" font-weight="800" letter-spacing="1" fill="${input.color}">${name}</text></svg>`;
}
