// The drawing of a plain 4×6 label (./label.ts loads this on first use: the Arabic font, its engine and
// the bidi tables stay out of the worker's start). Top to bottom, each line below the last (no text runs
// into another): the carrier and speed, the tracking number as a Code 128 barcode with its digits, the
// order, the consignee — her name, her address in its country's form in English and in Arabic (each
// with its words: Block, Street…, قطعة، شارع…; Saudi: district, city, street, building number, postal
// code, short address), her phone — the shipper, and the cash to collect.
import fontkit, { type Font } from '@pdf-lib/fontkit';
import { syncFontkit } from './font-subset';
import notoArabic from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff?inline';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Lang } from '#shared/locale';
import { currencyDecimals, minorToDecimal } from '#shared/money';
import { addressSeparator, storedAddressLineParts } from '#shared/text/address-lines';
import { drawCode128 } from './code128';
import { drawLine, hasArabic, type LabelFonts, type LineStyle, lineWidth } from './label-text';
import type { CarrierCode, Party, ShipmentRequest } from './types';
import { woffToSfnt } from './woff';
import { ADDRESS } from '#shared/countries/address';

/** Points in an inch: the label is 4×6 inches. */
const INCH = 72;
const WIDTH = 4 * INCH;
const HEIGHT = 6 * INCH;
const MARGIN = 12;

let fontBytes: Uint8Array | undefined;
let shaper: Font | undefined;
/** The font file, decoded and inflated once an isolate (./woff.ts says why). */
function arabicFontBytes(): Uint8Array {
  fontBytes ??= woffToSfnt(
    Uint8Array.from(atob(notoArabic.slice(notoArabic.indexOf(',') + 1)), (c) => c.charCodeAt(0)),
  );
  return fontBytes;
}

/** The shaper only reads the font: one an isolate. */
function shaperFont(bytes: Uint8Array): Font {
  shaper ??= fontkit.create(bytes);
  return shaper;
}

/** Every OpenType feature that changes Arabic glyphs, off: the text layer's font maps one glyph a character. */
const UNSHAPED = Object.fromEntries(
  ['ccmp', 'locl', 'isol', 'init', 'medi', 'fina', 'rlig', 'liga', 'calt', 'mark', 'mkmk', 'kern'].map((f) => [
    f,
    false,
  ]),
);

async function embedFonts(pdf: PDFDocument): Promise<LabelFonts> {
  pdf.registerFontkit(syncFontkit);
  const bytes = arabicFontBytes();
  return {
    arabic: await pdf.embedFont(bytes, { subset: true, features: UNSHAPED }),
    shaper: shaperFont(bytes),
    shaped: new Map(),
    latin: await pdf.embedFont(StandardFonts.Helvetica),
    latinBold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
}

/** A label's address in one language: the country's form with its words, or the lines as given. */
function addressLinesOf(party: Party, lang: Lang): string[][] {
  const a = party.address;
  if (!a) {
    // The shop's own addresses (a return's consignee): written out already, in English.
    if (lang === 'ar') return [];
    return [...party.lines.map((l) => [l]), [party.city], ...(party.postalCode ? [[party.postalCode]] : [])];
  }
  const place = a.places[lang];
  const names =
    ADDRESS[party.country].zone === 'area'
      ? { area_name: place.area, governorate_name: place.region }
      : { city_name: place.area };
  return storedAddressLineParts({ ...a.parts, ...names, country: party.country }, lang);
}

/** Draws the label: see the file's head. */
export async function drawLabel(
  request: ShipmentRequest,
  trackingNumber: string,
  code: CarrierCode,
  extra: string[],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const fonts = await embedFonts(pdf);
  const right = WIDTH - MARGIN;
  let top = HEIGHT - MARGIN;
  // A line's box: Arabic needs more room above and below its baseline than Latin.
  const line = (text: string, style: LineStyle, align?: 'center') => {
    const tall = hasArabic(text) ? 1.55 : 1.25;
    const baseline = top - style.size * (hasArabic(text) ? 1.05 : 0.9);
    drawLine(page, text, { y: baseline, left: MARGIN, right, align }, style, fonts);
    top -= style.size * tall;
  };
  /** A line of parts, wrapped between parts where it is wider than the label (a long typed street). */
  const parts = (list: string[], separator: string, style: LineStyle) => {
    let current = '';
    for (const part of list) {
      const joined = current ? `${current}${separator}${part}` : part;
      if (current && lineWidth(joined, style, fonts) > right - MARGIN) {
        line(current, style);
        current = part;
      } else current = joined;
    }
    if (current) line(fitted(current, style), style);
  };
  /** One part wider than the label: smaller type, down to 6 points. */
  const fitted = (text: string, style: LineStyle) => {
    while (style.size > 6 && lineWidth(text, style, fonts) > right - MARGIN) style.size -= 0.5;
    return text;
  };
  const rule = () => {
    top -= 3;
    page.drawLine({ start: { x: MARGIN, y: top }, end: { x: right, y: top }, thickness: 0.6, color: rgb(0, 0, 0) });
    top -= 5;
  };

  line(`${code.toUpperCase()} · ${request.speed.replace('_', ' ')}`, { size: 11, bold: true });
  for (const text of extra) line(text, { size: 10, bold: true });
  top -= 4;
  const barHeight = 54;
  drawCode128(page, trackingNumber, { left: MARGIN, right, bottom: top - barHeight, height: barHeight, maxModule: 2 });
  top -= barHeight + 2;
  line(trackingNumber, { size: 14, bold: true }, 'center');
  line(`Order ${request.orderNumber} · ${request.pieces} pc · ${(request.weightGrams / 1000).toFixed(1)} kg`, {
    size: 9,
  });
  rule();

  const to = request.consignee;
  line('To · إلى', { size: 9, bold: true });
  line(to.name, { size: 12, bold: true, direction: hasArabic(to.name) ? 'rtl' : 'ltr' });
  for (const l of addressLinesOf(to, 'en')) parts(l, addressSeparator('en'), { size: 10 });
  for (const l of addressLinesOf(to, 'ar')) parts(l, addressSeparator('ar'), { size: 10, direction: 'rtl' });
  line(to.phone, { size: 11, bold: true });
  rule();

  const from = request.shipper;
  line('From · من', { size: 8, bold: true });
  for (const text of [from.name, ...from.lines, from.city, from.phone])
    line(text, { size: 8, direction: hasArabic(text) ? 'rtl' : 'ltr' });
  if (request.codAmount > 0) {
    top -= 4;
    line(`COLLECT ${request.currency} ${minorToDecimal(request.codAmount, currencyDecimals(request.currency))}`, {
      size: 14,
      bold: true,
    });
  }
  return pdf.save();
}
