// Reading a shipping label back as a courier and her scanner do, for the label tests (unit and e2e):
// its text line by line in reading order (an Arabic line from the right), each text item's box, and
// the Code 128 barcode decoded from the bars drawn on the page. The decoder is written here from the
// symbology's table (ISO/IEC 15417), not from the encoder the shop uses, so a wrong bar is caught.
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';

export interface LabelItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every text item of the first page, with its box (pdf.js gives each item's text in logical order). */
export async function labelItems(pdf: Uint8Array): Promise<LabelItem[]> {
  return (await labelPage(pdf)).items;
}

async function labelPage(pdf: Uint8Array): Promise<{ items: LabelItem[]; width: number }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const items: LabelItem[] = [];
  for (const item of content.items)
    if ('str' in item && item.str.trim())
      items.push({
        text: item.str,
        x: item.transform[4],
        y: item.transform[5],
        width: item.width,
        height: item.height,
      });
  return { items, width: page.view[2]! - page.view[0]! };
}

const ARABIC = /[\u0600-\u06ff]/;
const LATIN_LETTER = /[A-Za-z]/;
/** A sign alone between words ("·", ","), which takes the direction of the words around it. */
const SIGN = /^[^\p{L}\p{N}]+$/u;
/** The label's margin (api/src/carriers/label-draw.ts): a right-to-left line is set against it. */
const MARGIN = 12;

/**
 * Items printed right to left, in reading order: taken from the right. A Latin item among them is its
 * words in their own order with the signs between them ("· Mona · 2026-11-28" printed, "2026-11-28 · Mona
 * ·" read): its parts, split at the signs, are taken from the right too.
 */
function fromTheRight(items: LabelItem[]): string[] {
  return items.toReversed().flatMap(({ text }) => {
    if (ARABIC.test(text)) return [text];
    const parts: string[] = [];
    for (const token of text.trim().split(/\s+/)) {
      if (SIGN.test(token) || parts.length === 0 || SIGN.test(parts.at(-1)!)) parts.push(token);
      else parts[parts.length - 1] += ` ${token}`;
    }
    return parts.reverse();
  });
}

/**
 * A left-to-right line in reading order: an Arabic phrase inside it ("To · إلى", "… · الطلب 1042 ·
 * قطعتان") is printed from the right with the figures and signs between its words.
 */
function fromTheLeft(items: LabelItem[]): string[] {
  const read: string[] = [];
  for (let i = 0; i < items.length; ) {
    if (!ARABIC.test(items[i]!.text)) {
      read.push(items[i++]!.text);
      continue;
    }
    let end = i;
    while (end < items.length && (ARABIC.test(items[end]!.text) || !LATIN_LETTER.test(items[end]!.text))) end++;
    read.push(...fromTheRight(items.slice(i, end)));
    i = end;
  }
  return read;
}

/**
 * The page's lines top to bottom, each as read: a line set against the right margin whose right-most
 * item is Arabic from the right, any other from the left; runs of spaces made one.
 */
export async function labelLines(pdf: Uint8Array): Promise<string[]> {
  const { items, width } = await labelPage(pdf);
  const rows = new Map<number, LabelItem[]>();
  for (const item of items) {
    const y = Math.round(item.y);
    rows.set(y, [...(rows.get(y) ?? []), item]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) => {
      const sorted = row.sort((a, b) => a.x - b.x);
      const last = sorted.at(-1)!;
      const rightToLeft = ARABIC.test(last.text) && last.x + last.width >= width - MARGIN - 1;
      return (rightToLeft ? fromTheRight(sorted) : fromTheLeft(sorted))
        .map((text) => text.trim())
        .join(' ')
        .replace(/\s+/g, ' ');
    });
}

/** The same words in the same order, whatever the spaces between them (a line is drawn in runs). */
export const sameWords = (line: string, expected: string) => line.replace(/\s/g, '') === expected.replace(/\s/g, '');

// Code 128: each symbol value's widths as bar, space, bar, space, bar, space in modules (ISO/IEC 15417).
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 ' +
  '113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 ' +
  '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 ' +
  '113123 113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 ' +
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 ' +
  '241211 221114 413111 241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 ' +
  '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 211232'
).split(' ');
const STOP = '2331112';

/** The rectangles of the page's content streams (the bars), left to right. */
async function rectangles(pdf: Uint8Array): Promise<Array<{ x: number; width: number }>> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  let text = '';
  for (const stream of streams) text += new TextDecoder().decode(decodePDFRawStream(stream as PDFRawStream).decode());
  return [...text.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)]
    .map((m) => ({ x: Number(m[1]), width: Number(m[3]) }))
    .sort((a, b) => a.x - b.x);
}

/** The barcode's text, decoded from its bars; throws where a symbol, the check or the stop is wrong. */
export async function decodeCode128(pdf: Uint8Array): Promise<string> {
  const bars = await rectangles(pdf);
  if (bars.length === 0) throw new Error('no bars on the label');
  const module = Math.min(...bars.map((b) => b.width));
  const widths: number[] = [];
  bars.forEach((bar, i) => {
    if (i > 0) widths.push(Math.round((bar.x - (bars[i - 1]!.x + bars[i - 1]!.width)) / module));
    widths.push(Math.round(bar.width / module));
  });
  const symbols: number[] = [];
  for (let i = 0; i + 6 <= widths.length - 7; i += 6) {
    const value = PATTERNS.indexOf(widths.slice(i, i + 6).join(''));
    if (value < 0) throw new Error(`not a Code 128 symbol at bar ${i}: ${widths.slice(i, i + 6).join('')}`);
    symbols.push(value);
  }
  if (widths.slice(-7).join('') !== STOP) throw new Error('no stop pattern');
  const [start, ...rest] = symbols;
  const check = rest.pop()!;
  const sum = rest.reduce((s, v, i) => s + v * (i + 1), start!);
  if (sum % 103 !== check) throw new Error(`check symbol ${check}, expected ${sum % 103}`);
  let set = { 103: 'A', 104: 'B', 105: 'C' }[start!];
  if (!set) throw new Error(`not a start symbol: ${start}`);
  let out = '';
  for (const v of rest) {
    if (set === 'C' && v < 100) out += String(v).padStart(2, '0');
    else if (v === 99) set = 'C';
    else if (v === 100) set = set === 'C' ? 'B' : set === 'A' ? 'B' : set;
    else if (v === 101) set = 'A';
    else if (set === 'B') out += String.fromCharCode(v + 32);
    else if (set === 'A') out += String.fromCharCode(v < 64 ? v + 32 : v - 64);
  }
  return out;
}
