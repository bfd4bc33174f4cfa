// Placeholder artwork for the catalogue, drawn as standalone SVG documents: product packshots, nutritionist
// avatars and promotional banners. Pure string functions: no fonts, images or URLs from outside, no
// platform APIs, and the same input always gives the same bytes (ids are derived from a hash of the input,
// so several of these documents can even be inlined into one page without their gradients colliding).

export type PackshotForm = 'capsule' | 'softgel' | 'tablet' | 'gummy' | 'powder' | 'liquid' | 'chewable';

export interface PackshotInput {
  brand: string;
  name: string;
  strength?: string;
  form: PackshotForm;
  /** Brand colour, `#rrggbb` or `#rgb`; anything else falls back to the house green. */
  color: string;
  /** 1 (default): the whole container; 2: a close-up of the back label with a "Supplement Facts" panel. */
  variant?: 1 | 2;
}

export interface AvatarInput {
  name: string;
  color: string;
  /** A face of its own: skin tone, and hair short, long or under a headscarf. Without it, the tinted house look. */
  look?: { skin: number; hair: 'short' | 'long' | 'scarf' };
}

/** Skin tones a portrait can have, light to deep. */
export const SKIN_TONES = ['#f3cfb3', '#e0ac85', '#c68c63', '#9a6444', '#6f4630'] as const;

export interface BannerInput {
  title: string;
  subtitle: string;
  color: string;
  accent?: string;
  dir?: 'ltr' | 'rtl';
}

export const SVG_FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', Arial, sans-serif";

const DEFAULT_COLOR = '#0d6b5e';
const DEFAULT_ACCENT = '#f5b83d';

// ---------------------------------------------------------------------------------------------------------
// Colours

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m || m[1] === undefined) return null;
  let h = m[1];
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const v = parseInt(h, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function rgb(hex: string, fallback = DEFAULT_COLOR): Rgb {
  return parseHex(hex) ?? parseHex(fallback) ?? [13, 107, 94];
}

function toHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('');
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
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or a near-black, whichever reads better on `bg`. */
function inkOn(bg: string): string {
  return luminance(bg) > 0.45 ? '#1c2524' : '#ffffff';
}

// ---------------------------------------------------------------------------------------------------------
// Text

/** Escapes the five XML specials and drops characters XML 1.0 does not allow at all. */
export function escapeXml(text: string): string {
  return String(text)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

function isArabic(text: string): boolean {
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
  if ((c >= 0x0300 && c <= 0x036f) || (c >= 0x064b && c <= 0x065f) || c === 0x0670 || (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2069)) return 0;
  if (ARABIC.test(ch)) return 0.5;
  if (c >= 0x2e80) return 1;
  if (' .,:;!|\'`ijl'.includes(ch)) return 0.3;
  if ('ftr()[]-/'.includes(ch)) return 0.36;
  if ('mwMW%@'.includes(ch)) return 0.86;
  if (ch >= 'A' && ch <= 'Z') return 0.7;
  if (ch >= '0' && ch <= '9') return 0.63;
  return 0.56;
}

function measure(text: string, size: number, bold = false, spacing = 0): number {
  let em = 0;
  let n = 0;
  for (const ch of text) {
    em += charEm(ch);
    n++;
  }
  return em * size * (bold ? 1.14 : 1) + spacing * n;
}

/** `text` if it fits `maxW`, else shortened (by whole characters) with an ellipsis appended. */
function ellipsize(text: string, maxW: number, size: number, bold = false, spacing = 0): string {
  return measure(text, size, bold, spacing) <= maxW + 1e-6 ? text : withEllipsis(text, maxW, size, bold, spacing);
}

/** `text` shortened as much as needed to fit `maxW` with an ellipsis appended. */
function withEllipsis(text: string, maxW: number, size: number, bold = false, spacing = 0): string {
  let kept = '';
  for (const ch of text) {
    if (measure(`${kept}${ch}…`, size, bold, spacing) > maxW) break;
    kept += ch;
  }
  return kept.trimEnd() + '…';
}

/** At most `max` characters; longer text is cut and marked with an ellipsis (bounds the work and output). */
function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? chars.slice(0, max - 1).join('').trimEnd() + '…' : chars.join('');
}

/** Greedy word wrap into at most `maxLines` lines; returns the lines and whether anything was cut. */
function wrap(text: string, maxW: number, size: number, maxLines: number, bold = false): { lines: string[]; cut: boolean } {
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
function fitLines(raw: string, maxW: number, sizes: number[], maxLines: number, bold = false, maxH = Infinity, lineHeight = 1.2): { lines: string[]; size: number } {
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
function fitOne(raw: string, maxW: number, max: number, min: number, bold = false, spacing = 0): { text: string; size: number } {
  const text = clip(raw, 300);
  const w = measure(text, 1, bold) + spacing * Array.from(text).length;
  const size = Math.max(min, Math.min(max, w > 0 ? maxW / w : max));
  return { text: ellipsize(text, maxW, size, bold, spacing), size };
}

// ---------------------------------------------------------------------------------------------------------
// Small SVG helpers

/** Rounds to one decimal so the documents stay short. */
function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function svgOpen(w: number, h: number, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(clip(label.replace(/\s+/g, ' '), 120))}"` +
    ` font-family="${SVG_FONT_STACK}">`
  );
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

function rect(r: Rect, attrs: string): string {
  return `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}"${attrs ? ' ' + attrs : ''}/>`;
}

function textEl(x: number, y: number, text: string, size: number, attrs: string, rtl = isArabic(text)): string {
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" ${attrs}>${txt(text, rtl)}</text>`;
}

// ---------------------------------------------------------------------------------------------------------
// Packshot

interface Container {
  /** Drawn first: material silhouette(s), before the label. */
  body: string;
  /** Outline of the body, for shading, and its bounding box, for the highlight. */
  shape: string;
  box: Rect;
  label: Rect;
  /** Drawn last: cap, lid, collar, bulb… */
  top: string;
  floorW: number;
}

const WORDS = {
  en: {
    plural: { capsule: 'Capsules', softgel: 'Softgels', tablet: 'Tablets', gummy: 'Gummies', powder: 'Powder', liquid: 'Liquid Drops', chewable: 'Chewables' },
    serving: { capsule: '1 Capsule', softgel: '1 Softgel', tablet: '1 Tablet', gummy: '2 Gummies', powder: '1 Scoop', liquid: '1 Dropper', chewable: '1 Tablet' },
    facts: 'Supplement Facts',
    size: 'Serving Size',
    amount: 'Amount Per Serving',
  },
  ar: {
    plural: { capsule: 'كبسولات', softgel: 'كبسولات هلامية', tablet: 'أقراص', gummy: 'حلوى جيلاتينية', powder: 'مسحوق', liquid: 'قطرات سائلة', chewable: 'أقراص للمضغ' },
    serving: { capsule: 'كبسولة واحدة', softgel: 'كبسولة هلامية واحدة', tablet: 'قرص واحد', gummy: 'قطعتان', powder: 'مغرفة واحدة', liquid: 'قطارة واحدة', chewable: 'قرص واحد' },
    facts: 'حقائق المكمل الغذائي',
    size: 'الحصة:',
    amount: 'الكمية في الحصة',
  },
} as const;

/** The ribbed cap/lid: base colour, ribs, shading. */
function cap(r: Rect, fill: string, id: string, rx: number, ribs = true): string {
  return (
    rect(r, `rx="${rx}" fill="${fill}"`) +
    (ribs ? rect(r, `rx="${rx}" fill="url(#${id}r)"`) : '') +
    rect(r, `rx="${rx}" fill="url(#${id}s)"`)
  );
}

function container(form: PackshotForm, color: string, id: string): Container {
  const capColor = darken(color, 0.18);
  const shade = `fill="url(#${id}s)"`;
  switch (form) {
    case 'gummy': {
      const shape = 'M148 284c0-26 12-38 38-40h228c26 2 38 14 38 40v196c0 20-12 32-32 32H180c-20 0-32-12-32-32z';
      // Gummies seen through the jar above the label.
      const tints = [lighten(color, 0.25), '#f29c38', '#e4574a', '#f5c842', lighten(color, 0.5), '#e4574a', '#f29c38'];
      const gummies = tints
        .map((c, i) => `<rect x="${164 + i * 39}" y="${256 + (i % 2) * 8}" width="34" height="36" rx="12" fill="${c}"/>`)
        .join('');
      return {
        body: `<path d="${shape}" fill="#f3f5f4"/>${gummies}<path d="${shape}" fill="#fff" opacity=".35"/>`,
        shape,
        box: { x: 148, y: 244, w: 304, h: 268 },
        label: { x: 148, y: 300, w: 304, h: 184 },
        top: rect({ x: 170, y: 236, w: 260, h: 16 }, `fill="#dfe3e2"`) + cap({ x: 158, y: 176, w: 284, h: 66 }, capColor, id, 12),
        floorW: 190,
      };
    }
    case 'powder': {
      const shape = 'M132 214h336v274c0 16-12 26-28 26H160c-16 0-28-10-28-26z';
      return {
        body: `<path d="${shape}" fill="#f4f5f5"/>`,
        shape,
        box: { x: 132, y: 214, w: 336, h: 300 },
        label: { x: 132, y: 244, w: 336, h: 240 },
        top:
          cap({ x: 122, y: 150, w: 356, h: 68 }, capColor, id, 14) +
          // Flip-top scoop compartment and its thumb tab.
          cap({ x: 196, y: 130, w: 208, h: 28 }, lighten(capColor, 0.12), id, 12, false) +
          rect({ x: 268, y: 202, w: 64, h: 12 }, `rx="5" fill="${darken(capColor, 0.25)}"`),
        floorW: 215,
      };
    }
    case 'liquid': {
      const shape = 'M200 318c0-36 24-50 64-54h72c40 4 64 18 64 54v168c0 16-10 26-26 26H226c-16 0-26-10-26-26z';
      const bulb = 'M270 196v-74c0-38 60-38 60 0v74z';
      return {
        body: rect({ x: 266, y: 240, w: 68, h: 28 }, `fill="#6a3510"`) + `<path d="${shape}" fill="#7b3f0e"/>`,
        shape,
        box: { x: 200, y: 264, w: 200, h: 248 },
        label: { x: 200, y: 326, w: 200, h: 168 },
        top: `<path d="${bulb}" fill="#2a2f33"/><path d="${bulb}" ${shade}/>` + cap({ x: 250, y: 186, w: 100, h: 74 }, capColor, id, 9),
        floorW: 145,
      };
    }
    default: {
      const shape = 'M178 262c0-36 22-50 58-52h128c36 2 58 16 58 52v222c0 16-12 28-28 28H206c-16 0-28-12-28-28z';
      return {
        body: rect({ x: 222, y: 178, w: 156, h: 40 }, `fill="#e4e7e7"`) + rect({ x: 222, y: 178, w: 156, h: 40 }, shade) + `<path d="${shape}" fill="#f4f5f5"/>`,
        shape,
        box: { x: 178, y: 210, w: 244, h: 302 },
        label: { x: 178, y: 276, w: 244, h: 198 },
        top: cap({ x: 210, y: 112, w: 180, h: 72 }, capColor, id, 10) + rect({ x: 206, y: 172, w: 188, h: 14 }, `rx="5" fill="${darken(capColor, 0.15)}"`),
        floorW: 175,
      };
    }
  }
}

function frontLabel(L: Rect, input: PackshotInput, color: string, ar: boolean): string {
  const cx = L.x + L.w / 2;
  const pad = L.w * 0.1;
  const iw = L.w - 2 * pad;
  const bandH = L.h * 0.26;
  const band = color;
  const bandInk = inkOn(band);
  const paper = lighten(color, 0.92);
  const ink = luminance(darken(color, 0.55)) < 0.1 ? darken(color, 0.55) : '#1c2524';
  let out = rect(L, `fill="${paper}"`) + rect({ ...L, h: bandH }, `fill="${band}"`) + rect({ x: L.x, y: L.y + bandH, w: L.w, h: L.h * 0.025 }, `fill="${lighten(color, 0.55)}"`) +
    rect({ x: L.x, y: L.y + L.h * 0.975, w: L.w, h: L.h * 0.025 }, `fill="${band}"`);

  const brand = input.brand.trim().toUpperCase();
  const brandAr = isArabic(brand);
  const spacing = brandAr ? 0 : L.w * 0.006;
  const b = fitOne(brand, iw, bandH * (brandAr ? 0.5 : 0.42), bandH * 0.22, true, spacing);
  out += textEl(cx, L.y + bandH / 2 + b.size * 0.36, b.text, b.size, `text-anchor="middle" font-weight="800" fill="${bandInk}"${spacing ? ` letter-spacing="${n(spacing)}"` : ''}`);

  const strength = input.strength?.trim() ?? '';
  const pillH = L.h * 0.11;
  const gap = L.h * 0.045;
  const captionSize = L.h * (ar ? 0.06 : 0.048);
  const top = L.y + bandH + L.h * 0.025;
  const bottom = L.y + L.h * 0.975 - captionSize * 2;
  const base = L.h * (ar ? 0.13 : 0.12);
  const roomH = bottom - top - gap - (strength ? pillH + gap : 0);
  const name = fitLines(input.name.trim(), iw, [1, 0.88, 0.77, 0.68, 0.6].map((k) => base * k), 3, true, roomH, 1.18);
  const lineH = name.size * 1.18;
  const nameRtl = isArabic(input.name);
  const blockH = name.lines.length * lineH + (strength ? pillH + gap : 0);
  let y = top + Math.max(gap / 2, (bottom - top - blockH) / 2);
  for (const line of name.lines) {
    out += textEl(cx, y + name.size * 0.9, line, name.size, `text-anchor="middle" font-weight="700" fill="${ink}"`, nameRtl);
    y += lineH;
  }
  if (strength) {
    y += gap;
    const s = fitOne(strength, iw - pillH, pillH * 0.56, pillH * 0.4, true);
    const pw = Math.min(iw, measure(s.text, s.size, true) + pillH * 1.1);
    out += rect({ x: cx - pw / 2, y, w: pw, h: pillH }, `rx="${n(pillH / 2)}" fill="${band}"`);
    out += textEl(cx, y + pillH / 2 + s.size * 0.36, s.text, s.size, `text-anchor="middle" font-weight="700" fill="${bandInk}"`);
  }
  const words = ar ? WORDS.ar : WORDS.en;
  const caption = ar ? words.plural[input.form] : words.plural[input.form].toUpperCase();
  const cs = ar ? 0 : captionSize * 0.18;
  const c = fitOne(caption, iw, captionSize, captionSize * 0.7, true, cs);
  out += textEl(cx, L.y + L.h * 0.975 - captionSize * 0.9, c.text, c.size, `text-anchor="middle" font-weight="700" fill="${darken(color, luminance(color) > 0.3 ? 0.5 : 0.1)}" opacity=".8"${cs ? ` letter-spacing="${n(cs)}"` : ''}`);
  return out;
}

function backLabel(L: Rect, input: PackshotInput, color: string, ar: boolean, seed: number): string {
  const words = ar ? WORDS.ar : WORDS.en;
  const ink = '#1c2524';
  const u = L.w / 100; // label units
  const box: Rect = { x: L.x + 8 * u, y: L.y + L.h * 0.1, w: L.w - 16 * u, h: L.h * 0.8 };
  const p = 3 * u;
  const left = box.x + p;
  const right = box.x + box.w - p;
  const iw = box.w - 2 * p;
  // "Start"/"end" of a row in reading order.
  const s = ar ? right : left;
  const e = ar ? left : right;
  const aS = ar ? 'end' : 'start';
  const aE = ar ? 'start' : 'end';
  const back =
    rect(L, `fill="${lighten(color, 0.94)}"`) +
    rect({ ...L, h: L.h * 0.05 }, `fill="${color}"`) +
    rect({ x: L.x, y: L.y + L.h * 0.95, w: L.w, h: L.h * 0.05 }, `fill="${color}"`) +
    rect(box, `fill="#fff" stroke="${ink}" stroke-width="${n(0.7 * u)}"`);

  // Text and rules share the ink colour, the placeholder bars a grey: one group each keeps the file short.
  let out = '';
  let bars = '';
  const h = fitOne(words.facts, iw * 0.94, box.h * 0.13, 4, true);
  let y = box.y + p + h.size * 0.85;
  out += textEl(s, y, h.text, h.size, `text-anchor="${aS}" font-weight="800"`);
  const small = Math.min(box.h * 0.055, iw / 24) * (ar ? 1.15 : 1);
  y += small * 1.6;
  out += textEl(s, y, `${words.size} ${words.serving[input.form]}`, small, `text-anchor="${aS}"`);
  y += small * 0.7;
  out += rect({ x: left, y, w: iw, h: 2.2 * u }, '');
  y += 2.2 * u + small * 1.3;
  out += textEl(e, y, words.amount, small * 0.9, `text-anchor="${aE}" font-weight="700"`);

  const bottom = box.y + box.h - p - small * 2.6;
  const rowH = (bottom - y) / 4;
  const rowSize = small * 1.05;
  const strength = ellipsize(clip(input.strength ?? '', 60), iw * 0.45, rowSize, true);
  const sw = strength ? measure(strength, rowSize, true) : 0;
  const rule = (ry: number) => rect({ x: left, y: ry, w: iw, h: 0.35 * u }, '');
  y += small * 0.5;
  out += rule(y);
  const nm = ellipsize(clip(input.name, 300), iw - sw - 7 * u, rowSize, true);
  out += textEl(s, y + rowH * 0.62, nm, rowSize, `text-anchor="${aS}" font-weight="700"`);
  if (strength) out += textEl(e, y + rowH * 0.62, strength, rowSize, `text-anchor="${aE}" font-weight="700"`);
  // Three more ingredient rows as grey text bars of hash-derived lengths.
  const barR = `rx="${n(small * 0.2)}"`;
  for (let i = 1; i < 4; i++) {
    const ry = y + rowH * i;
    out += rule(ry);
    const w1 = iw * (0.3 + ((seed >> (i * 4)) & 15) / 50);
    const w2 = iw * (0.1 + ((seed >> (i * 4 + 2)) & 7) / 80);
    const by = ry + rowH * 0.38;
    bars += rect({ x: ar ? right - w1 : left, y: by, w: w1, h: small * 0.7 }, barR);
    bars += rect({ x: ar ? left : right - w2, y: by, w: w2, h: small * 0.7 }, barR);
  }
  y += rowH * 4;
  out += rect({ x: left, y, w: iw, h: 1.4 * u }, '');
  for (let i = 0; i < 2; i++) {
    const fw = iw * (i ? 0.55 : 0.92);
    bars += rect({ x: ar ? right - fw : left, y: y + small * (0.8 + i * 0.9), w: fw, h: small * 0.45 }, barR);
  }
  return `${back}<g fill="${ink}">${out}</g><g fill="#c3c9c8">${bars}</g>`;
}

/** A 600×600 studio-style product image: the container that suits the form, labelled with brand and name. */
export function packshotSvg(input: PackshotInput): string {
  const color = toHex(rgb(input.color));
  const variant = input.variant === 2 ? 2 : 1;
  const seed = hash(JSON.stringify([input.brand, input.name, input.strength ?? '', input.form, color, variant]));
  const id = 'p' + seed.toString(36);
  const ar = isArabic(input.name) || isArabic(input.brand);
  const c = container(input.form, color, id);
  const L = c.label;
  const bg = lighten(color, 0.95);

  const defs =
    `<defs>` +
    `<linearGradient id="${id}b" x2="0" y2="1"><stop offset="0" stop-color="#fbfcfb"/><stop offset=".6" stop-color="${bg}"/><stop offset="1" stop-color="${darken(bg, 0.09)}"/></linearGradient>` +
    `<radialGradient id="${id}g" cy=".42" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${id}f"><stop offset="0" stop-color="#1b2422" stop-opacity=".4"/><stop offset=".55" stop-color="#1b2422" stop-opacity=".12"/><stop offset="1" stop-color="#1b2422" stop-opacity="0"/></radialGradient>` +
    // Cylinder shading laid over any part (bounding-box units): dark rims, a soft light band left of centre.
    `<linearGradient id="${id}s"><stop offset="0" stop-opacity=".32"/><stop offset=".1" stop-opacity=".1"/><stop offset=".26" stop-color="#fff" stop-opacity=".4"/><stop offset=".42" stop-color="#fff" stop-opacity=".05"/><stop offset=".72" stop-opacity="0"/><stop offset=".9" stop-opacity=".14"/><stop offset="1" stop-opacity=".36"/></linearGradient>` +
    `<linearGradient id="${id}h" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".2" stop-color="#fff" stop-opacity=".7"/><stop offset=".8" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<pattern id="${id}r" width="7" height="8" patternUnits="userSpaceOnUse"><rect width="3" height="8" fill="#000" opacity=".13"/></pattern>` +
    `</defs>`;

  const shapeBox = c.box;
  const hl = rect({ x: shapeBox.x + shapeBox.w * 0.17, y: shapeBox.y + 14, w: shapeBox.w * 0.055, h: shapeBox.h - 34 }, `rx="${n(shapeBox.w * 0.027)}" fill="url(#${id}h)" opacity="${variant === 2 ? '.3' : input.form === 'liquid' ? '.55' : '.65'}"`);
  const art =
    `<ellipse cx="300" cy="512" rx="${c.floorW}" ry="26" fill="url(#${id}f)"/>` +
    `<ellipse cx="300" cy="510" rx="${c.floorW - 30}" ry="8" fill="#1b2422" opacity=".22"/>` +
    c.body +
    (variant === 2 ? backLabel(L, input, color, ar, seed) : frontLabel(L, input, color, ar)) +
    `<path d="${c.shape}" fill="url(#${id}s)"/>` +
    hl +
    c.top;

  // Close-up: scale the whole container about its label so the label fills most of the frame.
  const s = 470 / L.w;
  const placed =
    variant === 2
      ? `<g transform="translate(${n(300 - (L.x + L.w / 2) * s)} ${n(300 - (L.y + L.h / 2) * s)}) scale(${Math.round(s * 1000) / 1000})">${art}</g>`
      : `<g transform="matrix(1.1 0 0 1.1 -30 -51.2)">${art}</g>`;

  return (
    svgOpen(600, 600, `${input.brand} ${input.name}${input.strength ? ' ' + input.strength : ''}`) +
    defs +
    `<rect width="600" height="600" fill="url(#${id}b)"/>` +
    `<ellipse cx="300" cy="300" rx="300" ry="280" fill="url(#${id}g)"/>` +
    placed +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------------------------
// Avatar

const PREFIXES = /^(dr|doctor|prof|professor|mr|mrs|ms|miss|د|الدكتور|الدكتورة|دكتور|دكتورة|أ|م|السيد|السيدة)\.?$/i;

function initials(name: string): string {
  const words = name
    .replace(/[.\u060c,]/g, (m) => (m === '.' ? '. ' : ' '))
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  // Titles only count as such in front of the name ("Dr. Sarah", "د. سارة").
  while (words.length > 1 && PREFIXES.test(words[0] ?? '')) words.shift();
  const first = (w: string | undefined) => {
    if (!w) return '';
    // Family names: skip the article (الأحمد → أ, Al-Mansoori → M).
    const core = /^ال./.test(w) && Array.from(w).length > 3 ? w.slice(2) : w.replace(/^(al|el)[-\u2010‑'’]+(?=\p{L})/iu, '');
    return Array.from(core.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '';
  };
  const a = first(words[0]);
  const b = words.length > 1 ? first(words[words.length - 1]) : '';
  // Arabic letters are spaced so they keep their isolated forms and read as initials.
  return isArabic(a + b) ? [a, b].filter(Boolean).join(' ') : (a + b).toUpperCase();
}

/** A 400×400 head-and-shoulders avatar for a nutritionist, with the initials in a badge. */
export function avatarSvg(input: AvatarInput): string {
  const color = toHex(rgb(input.color));
  const id = 'a' + hash(JSON.stringify([input.name, color])).toString(36);
  const ini = initials(input.name) || '•';
  const skin = input.look ? SKIN_TONES[Math.abs(Math.trunc(input.look.skin)) % SKIN_TONES.length]! : null;
  const tone = skin ?? lighten(color, 0.42);
  const toneDark = skin ? darken(skin, 0.12) : lighten(color, 0.3);
  const hair = input.look?.hair === 'scarf' ? darken(color, 0.15) : darken(color, 0.4);
  const style = input.look?.hair ?? 'short';
  const badgeInk = inkOn(color);
  // Isolated Arabic letters are about twice as wide as the joined ones the estimate assumes.
  const badge = isArabic(ini) ? { text: ini, size: 34 } : fitOne(ini, 84, Array.from(ini).length > 1 ? 46 : 54, 20, true);
  return (
    svgOpen(400, 400, input.name) +
    `<defs>` +
    `<linearGradient id="${id}b" x2=".6" y2="1"><stop offset="0" stop-color="${lighten(color, 0.86)}"/><stop offset="1" stop-color="${lighten(color, 0.66)}"/></linearGradient>` +
    `<linearGradient id="${id}c" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#e3e8e7"/></linearGradient>` +
    `<linearGradient id="${id}k" x2="0" y2="1"><stop offset="0" stop-color="${tone}"/><stop offset="1" stop-color="${toneDark}"/></linearGradient>` +
    `</defs>` +
    `<rect width="400" height="400" fill="url(#${id}b)"/>` +
    `<circle cx="200" cy="176" r="132" fill="#fff" opacity=".35"/>` +
    `<circle cx="346" cy="58" r="26" fill="#fff" opacity=".3"/><circle cx="52" cy="312" r="16" fill="#fff" opacity=".3"/>` +
    // Hair behind, neck, ears, head, then the fringe.
    (style === 'long' ? `<path d="M124 176c-10-76 30-104 76-104s86 28 76 104l10 110h-172z" fill="${hair}"/>` : '') +
    (style === 'scarf' ? `<path d="M116 190c-6-86 36-120 84-120s90 34 84 120l16 104h-200z" fill="${hair}"/>` : `<path d="M128 178c-8-72 30-100 72-100s80 28 72 100z" fill="${hair}"/>`) +
    `<path d="M180 222h40v58c0 12-40 12-40 0z" fill="${toneDark}"/>` +
    `<ellipse cx="137" cy="176" rx="10" ry="16" fill="${toneDark}"/><ellipse cx="263" cy="176" rx="10" ry="16" fill="${toneDark}"/>` +
    `<ellipse cx="200" cy="168" rx="63" ry="76" fill="url(#${id}k)"/>` +
    (style === 'scarf'
      ? `<path d="M130 170c0-56 30-84 70-84s70 28 70 84c-18-34-42-48-70-48s-52 14-70 48z" fill="${hair}"/>`
      : `<path d="M136 162c0-50 28-76 66-76 38 0 64 26 62 76-14-28-34-42-58-44-22 10-50 20-70 44z" fill="${hair}"/>`) +
    // Eyes and a smile: a face, not a silhouette.
    (input.look ? `<circle cx="176" cy="172" r="6" fill="#2b2b2b"/><circle cx="224" cy="172" r="6" fill="#2b2b2b"/><path d="M180 206q20 16 40 0" stroke="#7a3b2e" stroke-width="5" fill="none" stroke-linecap="round"/>` : '') +
    // Scrubs under a white coat with lapels.
    `<path d="M40 400c4-70 44-104 110-116l50 56 50-56c66 12 106 46 110 116z" fill="url(#${id}c)"/>` +
    `<path d="M160 282l40 58 40-58-16-4-24 30-24-30z" fill="${color}"/>` +
    `<path d="M150 284l-22 20 26 16-18 12 50 68h14l-10-60zM250 284l22 20-26 16 18 12-50 68h-14l10-60z" fill="#f6f8f8" stroke="#cfd8d6" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M292 312v40" stroke="#cfd8d6" stroke-width="3" stroke-linecap="round"/>` +
    // Initials badge.
    `<circle cx="316" cy="316" r="60" fill="${color}" stroke="#fff" stroke-width="7"/>` +
    textEl(316, 316 + badge.size * 0.36, badge.text, badge.size, `text-anchor="middle" font-weight="800" fill="${badgeInk}"`) +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------------------------
// Banner

function capsule(x: number, y: number, len: number, thick: number, angle: number, a: string, b: string): string {
  const r = thick / 2;
  const half = len / 2;
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    `<rect x="${n(-half + 6)}" y="${n(-r + 10)}" width="${len}" height="${thick}" rx="${n(r)}" fill="#000" opacity=".16"/>` +
    `<rect x="${n(-half)}" y="${n(-r)}" width="${len}" height="${thick}" rx="${n(r)}" fill="${a}"/>` +
    `<path d="M0 ${n(-r)}h${n(half - r)}a${n(r)} ${n(r)} 0 0 1 0 ${thick}H0z" fill="${b}"/>` +
    `<rect x="${n(-half + r * 0.6)}" y="${n(-r * 0.62)}" width="${n(len - r * 1.2)}" height="${n(thick * 0.18)}" rx="${n(thick * 0.09)}" fill="#fff" opacity=".5"/>` +
    `</g>`
  );
}

/** A 1200×400 promotional banner: gradient, decoration, text at the inline start and pills at the end. */
export function bannerSvg(input: BannerInput): string {
  const color = toHex(rgb(input.color));
  const accent = toHex(rgb(input.accent ?? DEFAULT_ACCENT, DEFAULT_ACCENT));
  const rtl = input.dir === 'rtl';
  const id = 'b' + hash(JSON.stringify([input.title, input.subtitle, color, accent, rtl])).toString(36);
  const ink = inkOn(darken(color, 0.15));
  const maxW = 640;
  const tx = rtl ? 1120 : 80;
  const anchor = rtl ? 'end' : 'start';
  // Pills live at the inline end: the right for ltr, mirrored to the left for rtl.
  const px = (x: number) => (rtl ? 1200 - x : x);

  const title = fitLines(input.title.trim(), maxW, [62, 54, 46], 2, true);
  const sub = fitLines(input.subtitle.trim(), maxW, [28, 24], 2);
  const titleLH = title.size * 1.14;
  const subLH = sub.size * 1.35;
  const blockH = 30 + title.lines.length * titleLH + 14 + sub.lines.length * subLH;
  let y = Math.max(40, (400 - blockH) / 2);

  let text = rect({ x: rtl ? tx - 72 : tx, y, w: 72, h: 7 }, `rx="3.5" fill="${accent}"`);
  y += 30;
  for (const line of title.lines) {
    text += textEl(tx, y + title.size * 0.86, line, title.size, `text-anchor="${anchor}" font-weight="800" fill="${ink}"`, rtl || isArabic(input.title));
    y += titleLH;
  }
  y += 14;
  for (const line of sub.lines) {
    text += textEl(tx, y + sub.size * 0.9, line, sub.size, `text-anchor="${anchor}" fill="${ink}" opacity=".88"`, rtl || isArabic(input.subtitle));
    y += subLH;
  }

  const softgel = (x: number, yy: number, rx: number, ry: number, a: number) =>
    `<g transform="translate(${x} ${yy}) rotate(${a})"><ellipse cx="5" cy="9" rx="${rx}" ry="${ry}" fill="#000" opacity=".16"/><ellipse rx="${rx}" ry="${ry}" fill="url(#${id}s)"/><ellipse cx="${n(-rx * 0.3)}" cy="${n(-ry * 0.4)}" rx="${n(rx * 0.4)}" ry="${n(ry * 0.18)}" fill="#fff" opacity=".55"/></g>`;
  const tablet = (x: number, yy: number, r: number) =>
    `<circle cx="${x + 5}" cy="${yy + 9}" r="${r}" fill="#000" opacity=".16"/><circle cx="${x}" cy="${yy}" r="${r}" fill="#fdfdfb"/><circle cx="${x}" cy="${yy}" r="${r - 6}" fill="none" stroke="#e4e6e1" stroke-width="3"/><path d="M${x - r + 12} ${yy}h${2 * r - 24}" stroke="#d9dcd6" stroke-width="4" stroke-linecap="round"/>`;

  const pills =
    `<circle cx="${px(960)}" cy="205" r="150" fill="#fff" opacity=".1"/>` +
    `<circle cx="${px(960)}" cy="205" r="112" fill="#fff" opacity=".08"/>` +
    capsule(px(900), 150, 170, 62, rtl ? 28 : -28, '#ffffff', accent) +
    capsule(px(1060), 262, 130, 48, rtl ? -52 : 52, lighten(color, 0.75), '#ffffff') +
    softgel(px(1050), 122, 52, 30, rtl ? -24 : 24) +
    softgel(px(880), 290, 40, 23, rtl ? 38 : -38) +
    tablet(px(975), 330, 34) +
    tablet(px(790), 92, 22);

  return (
    svgOpen(1200, 400, `${input.title} ${input.subtitle}`) +
    `<defs>` +
    `<linearGradient id="${id}g" x2="1" y2="1"><stop offset="0" stop-color="${lighten(color, 0.08)}"/><stop offset="1" stop-color="${darken(color, 0.38)}"/></linearGradient>` +
    `<radialGradient id="${id}s" cx=".38" cy=".35" r=".7"><stop offset="0" stop-color="${lighten(accent, 0.45)}"/><stop offset="1" stop-color="${darken(accent, 0.12)}"/></radialGradient>` +
    `</defs>` +
    `<rect width="1200" height="400" fill="url(#${id}g)"/>` +
    `<circle cx="${px(1130)}" cy="-40" r="230" fill="#fff" opacity=".07"/>` +
    `<circle cx="${px(700)}" cy="440" r="140" fill="#fff" opacity=".05"/>` +
    `<circle cx="${px(60)}" cy="360" r="90" fill="#000" opacity=".06"/>` +
    pills +
    text +
    `</svg>`
  );
}
