// Text in the placeholder art: XML escaping, direction, a rough width measure for a system font, wrapping
// and fitting, and the small SVG element helpers.

export const SVG_FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', Arial, sans-serif";

/** Characters XML 1.0 does not allow at all: controls, non-characters and lone surrogates. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what it finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes the five XML specials and drops characters XML 1.0 does not allow at all. */
export function escapeXml(text: string): string {
  return String(text)
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

export function isArabic(text: string): boolean {
  return ARABIC.test(text);
}

/**
 * Escaped text for a <text> element. Right-to-left text is wrapped in a right-to-left embedding (RLE … PDF)
 * so that numbers and Latin words inside it take their right-to-left places, while the element itself keeps
 * the default left-to-right `direction`, so `text-anchor` means the same thing in every renderer.
 */
function txt(text: string, rtl = isArabic(text)): string {
  return escapeXml(rtl ? `\u202b${text}\u202c` : text);
}

/** Rough advance of one character in ems, for a sans-serif system font. */
function charEm(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  if (
    (c >= 0x0300 && c <= 0x036f) ||
    (c >= 0x064b && c <= 0x065f) ||
    c === 0x0670 ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2069)
  )
    return 0;
  if (ARABIC.test(ch)) return 0.5;
  if (c >= 0x2e80) return 1;
  if (" .,:;!|'`ijl".includes(ch)) return 0.3;
  if ('ftr()[]-/'.includes(ch)) return 0.36;
  if ('mwMW%@'.includes(ch)) return 0.86;
  if (ch >= 'A' && ch <= 'Z') return 0.7;
  if (ch >= '0' && ch <= '9') return 0.63;
  return 0.56;
}

export function measure(text: string, size: number, bold = false, spacing = 0): number {
  let em = 0;
  let n = 0;
  for (const ch of text) {
    em += charEm(ch);
    n++;
  }
  return em * size * (bold ? 1.14 : 1) + spacing * n;
}

/** `text` if it fits `maxW`, else shortened (by whole characters) with an ellipsis appended. */
export function ellipsize(text: string, maxW: number, size: number, bold = false, spacing = 0): string {
  return measure(text, size, bold, spacing) <= maxW + 1e-6 ? text : withEllipsis(text, maxW, size, bold, spacing);
}

/** `text` shortened as much as needed to fit `maxW` with an ellipsis appended. */
function withEllipsis(text: string, maxW: number, size: number, bold = false, spacing = 0): string {
  let kept = '';
  for (const ch of text) {
    if (measure(`${kept}${ch}…`, size, bold, spacing) > maxW) break;
    kept += ch;
  }
  return `${kept.trimEnd()}…`;
}

/** At most `max` characters; longer text is cut and marked with an ellipsis (bounds the work and output). */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}

/** Greedy word wrap into at most `maxLines` lines; returns the lines and whether anything was cut. */
function wrap(
  text: string,
  maxW: number,
  size: number,
  maxLines: number,
  bold = false,
): { lines: string[]; cut: boolean } {
  const fits = (s: string) => measure(s, size, bold) <= maxW;
  const lines: string[] = [];
  let cur = '';
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const joined = cur ? `${cur} ${word}` : word;
    if (fits(joined)) {
      cur = joined;
      continue;
    }
    if (cur) lines.push(cur);
    cur = word;
    while (!fits(cur)) {
      // A single word wider than the line: break it where it stops fitting.
      const chars = Array.from(cur);
      let i = 1;
      while (i < chars.length && fits(chars.slice(0, i + 1).join(''))) i++;
      lines.push(chars.slice(0, i).join(''));
      cur = chars.slice(i).join('');
    }
  }
  if (cur) lines.push(cur);
  if (lines.length <= maxLines) return { lines, cut: false };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1] ?? '', maxW, size, bold);
  return { lines: kept, cut: true };
}

/**
 * Wraps at the first size (largest first) that needs no cut and whose lines (at `lineHeight` ems) fit
 * `maxH`, else at the last size, with an ellipsis if it had to cut.
 */
export function fitLines(
  raw: string,
  maxW: number,
  sizes: number[],
  maxLines: number,
  bold = false,
  maxH = Infinity,
  lineHeight = 1.2,
): { lines: string[]; size: number } {
  const text = clip(raw, 300);
  let last = { lines: [] as string[], size: sizes[sizes.length - 1] ?? 12 };
  for (const size of sizes) {
    const { lines, cut } = wrap(text, maxW, size, maxLines, bold);
    last = { lines, size };
    if (!cut && lines.length * size * lineHeight <= maxH) break;
  }
  return last;
}

/** One line at the largest size up to `max` that fits, never below `min` (ellipsized there). */
export function fitOne(
  raw: string,
  maxW: number,
  max: number,
  min: number,
  bold = false,
  spacing = 0,
): { text: string; size: number } {
  const text = clip(raw, 300);
  const w = measure(text, 1, bold) + spacing * Array.from(text).length;
  const size = Math.max(min, Math.min(max, w > 0 ? maxW / w : max));
  return { text: ellipsize(text, maxW, size, bold, spacing), size };
}

/** Rounds to one decimal so the documents stay short. */
export function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function svgOpen(w: number, h: number, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(clip(label.replace(/\s+/g, ' '), 120))}"` +
    ` font-family="${SVG_FONT_STACK}">`
  );
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function rect(r: Rect, attrs: string): string {
  return `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}"${attrs ? ` ${attrs}` : ''}/>`;
}

export function textEl(x: number, y: number, text: string, size: number, attrs: string, rtl = isArabic(text)): string {
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" ${attrs}>${txt(text, rtl)}</text>`;
}
