// Text on the labels the shop prints (./label-draw.ts) in both scripts. The standard PDF fonts carry
// Latin only (Arabic came out as "????"), so Arabic is shaped by fontkit (pdf-lib's font engine: the
// joining forms, the lam-alef ligature, the dots placed) from Noto Sans Arabic, and each line is put in
// visual order by the Unicode bidi algorithm (bidi-js): an Arabic line right to left with its Latin
// numbers left to right, an English line with an Arabic street name inside it.
//
// Noto Sans Arabic shapes a dotted letter as a dotless form shared by several letters plus dot marks,
// so a PDF's map from glyphs back to characters cannot say which letter a glyph was (ن read back as ب).
// The shaped glyphs are therefore drawn as outlines, and the same words are written under them in
// unshaped glyphs, one a character, fully transparent: what a reader copies, searches or extracts (a
// courier's app, the tests) is the text as typed, what the eye sees is the shaped word.
import type { Font } from '@pdf-lib/fontkit';
import bidiFactory from 'bidi-js';
import { type PDFFont, type PDFPage, rgb } from 'pdf-lib';

const bidi = bidiFactory();
const BLACK = rgb(0, 0, 0);

/** The letters and signs drawn with the Arabic font; everything else with the Latin one. */
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

export const hasArabic = (text: string) => ARABIC.test(text);

export interface LabelFonts {
  latin: PDFFont;
  latinBold: PDFFont;
  /** The Arabic font embedded with its shaping off (one glyph a character): the text layer. */
  arabic: PDFFont;
  /** The same font in fontkit, shaping on: the outlines drawn. */
  shaper: Font;
  /** The label's shaped runs by text: a run is measured, maybe wrapped, then drawn (shaping is the cost). */
  shaped: Map<string, ReturnType<Font['layout']>>;
}

function shape(text: string, fonts: LabelFonts) {
  const known = fonts.shaped.get(text);
  if (known) return known;
  const run = fonts.shaper.layout(text);
  fonts.shaped.set(text, run);
  return run;
}

interface Run {
  text: string;
  font: PDFFont;
}

const printables = new WeakMap<PDFFont, Set<number>>();
/** The characters a Latin font prints (its encoding's), once a font. */
function printableOf(font: PDFFont): Set<number> {
  const known = printables.get(font);
  if (known) return known;
  const set = new Set(font.getCharacterSet());
  printables.set(font, set);
  return set;
}

/** A run's shaped width: Arabic from the shaper's advances, Latin from the font's metrics. */
function runWidth(run: Run, size: number, fonts: LabelFonts): number {
  if (run.font !== fonts.arabic) return run.font.widthOfTextAtSize(run.text, size);
  const { positions } = shape(run.text, fonts);
  return (positions.reduce((sum, p) => sum + p.xAdvance, 0) * size) / fonts.shaper.unitsPerEm;
}

/** Draws an Arabic run's shaped outlines from `x`, and its text transparent under them. */
function drawArabic(page: PDFPage, run: Run, x: number, y: number, size: number, width: number, fonts: LabelFonts) {
  const scale = size / fonts.shaper.unitsPerEm;
  const { glyphs, positions } = shape(run.text, fonts);
  let pen = x;
  glyphs.forEach((glyph, i) => {
    const at = positions[i]!;
    const path = (glyph.path as unknown as { scale(x: number, y: number): { toSVG(): string } }).scale(1, -1).toSVG();
    if (path) page.drawSvgPath(path, { x: pen + at.xOffset * scale, y: y + at.yOffset * scale, scale, color: BLACK });
    pen += at.xAdvance * scale;
  });
  // The text layer spans the shaped word: its size is set so its width matches the outlines'.
  const plain = fonts.arabic.widthOfTextAtSize(run.text, size);
  page.drawText(run.text, { x, y, size: plain > 0 ? (size * width) / plain : size, font: fonts.arabic, opacity: 0 });
}

/**
 * The bidi algorithm's marks and isolates (a value set apart inside a sentence of the other direction,
 * as a page's <bdi>): they order the line and are not drawn.
 */
const FORMATTING = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * The runs of a line left to right as printed. An Arabic run is given to fontkit in logical order
 * reversed: fontkit lays a right-to-left script out reversed itself, which gives the visual order back.
 * A character the Latin font cannot print (an emoji) becomes '?', as the courier can do nothing with it.
 */
function visualRuns(text: string, direction: 'ltr' | 'rtl', fonts: LabelFonts, bold: boolean): Run[] {
  const latin = bold ? fonts.latinBold : fonts.latin;
  const printable = printableOf(latin);
  const levels = bidi.getEmbeddingLevels(text, direction);
  const order = Array.from(text, (_, i) => i);
  for (const [start, end] of bidi.getReorderSegments(text, levels) as Array<[number, number]>) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, reversed.length, ...reversed);
  }
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const runs: Array<{ chars: string[]; font: PDFFont }> = [];
  for (const i of order) {
    const ch = mirrored.get(i) ?? text[i]!;
    if (FORMATTING.test(ch)) continue;
    const last = runs.at(-1);
    // A space between Arabic words stays in the Arabic run, so a phrase is shaped and spaced as one.
    const font = ARABIC.test(ch) || (ch === ' ' && last?.font === fonts.arabic) ? fonts.arabic : latin;
    const shown = font === latin && !printable.has(ch.codePointAt(0)!) ? '?' : ch;
    if (last?.font === font) last.chars.push(shown);
    else runs.push({ chars: [shown], font });
  }
  return runs.map(({ chars, font }) => ({
    text: font === fonts.arabic ? chars.reverse().join('') : chars.join(''),
    font,
  }));
}

export interface LineStyle {
  size: number;
  bold?: boolean;
  /** rtl: the line's base direction is right to left and it is set against the right edge. */
  direction?: 'ltr' | 'rtl';
}

/** The printed width of a line. */
export function lineWidth(text: string, style: LineStyle, fonts: LabelFonts): number {
  return visualRuns(text, style.direction ?? 'ltr', fonts, style.bold ?? false).reduce(
    (sum, run) => sum + runWidth(run, style.size, fonts),
    0,
  );
}

/** Draws a line on its baseline `y` between `left` and `right`: from the left, or against the right. */
export function drawLine(
  page: PDFPage,
  text: string,
  at: { y: number; left: number; right: number; align?: 'start' | 'center' },
  style: LineStyle,
  fonts: LabelFonts,
): void {
  const direction = style.direction ?? 'ltr';
  const runs = visualRuns(text, direction, fonts, style.bold ?? false);
  const widths = runs.map((run) => runWidth(run, style.size, fonts));
  const total = widths.reduce((a, b) => a + b, 0);
  let x = at.align === 'center' ? (at.left + at.right - total) / 2 : direction === 'rtl' ? at.right - total : at.left;
  runs.forEach((run, i) => {
    if (run.font === fonts.arabic) drawArabic(page, run, x, at.y, style.size, widths[i]!, fonts);
    else page.drawText(run.text, { x, y: at.y, size: style.size, font: run.font });
    x += widths[i]!;
  });
}
