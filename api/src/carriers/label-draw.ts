// The drawing of a plain 4×6 label (./label.ts loads this on first use: the Arabic font, its engine and
// the bidi tables stay out of the worker's start). Top to bottom, each line below the last (no text runs
// into another): the carrier and speed, the own driver's run, the tracking number as a Code 128 barcode
// with its digits, the order, the consignee — her name, her address in its country's form in English and
// in Arabic (each with its words: Block, Street…, قطعة، شارع…; Saudi: district, city, street, building
// number, postal code, short address), her phone — the shipper, and the cash to collect. The label's own
// words are the staff dictionaries' (st_label_*), each line in English and in Arabic: "To · إلى".
import fontkit, { type Font } from '@pdf-lib/fontkit';
import { syncFontkit } from './font-subset';
import notoArabic from '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff?inline';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Lang } from '#shared/locale';
import { currencyDecimals, currencyLabel, minorToDecimal } from '#shared/money';
import { textsOf } from '#shared/i18n/entry-text';
import { staffDeliveryAr } from '#shared/i18n/staff-delivery.ar';
import { staffDeliveryEn } from '#shared/i18n/staff-delivery.en';
import { staffShippingAr } from '#shared/i18n/staff-shipping.ar';
import { staffShippingEn } from '#shared/i18n/staff-shipping.en';
import { addressSeparator, storedAddressLineParts } from '#shared/text/address-lines';
import { drawCode128 } from './code128';
import type { LabelRun } from './label';
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

const shippingText = textsOf(staffShippingEn, staffShippingAr);
const deliveryText = textsOf(staffDeliveryEn, staffDeliveryAr);

/**
 * A value set apart from the sentence around it (first-strong isolate, as a page's <bdi>): a day keeps
 * its order inside Arabic ("2026-11-28", not "28-11-2026"), a name its own direction.
 */
const isolated = (value: string) => `\u2068${value}\u2069`;

/** A label text in both languages: [English, Arabic]. */
type Both = [en: string, ar: string];
const both = (text: (lang: Lang) => string): Both => [text('en'), text('ar')];

/** The label's own lines, each in both languages. */
export function labelTexts(request: ShipmentRequest, run: LabelRun | undefined) {
  const kg = (request.weightGrams / 1000).toFixed(1);
  const amount = minorToDecimal(request.codAmount, currencyDecimals(request.currency));
  return {
    speed: both((lang) => deliveryText(lang, `st_delivery_speed_${request.speed}`)),
    run:
      run &&
      both((lang) =>
        shippingText(lang, 'st_label_run', {
          day: isolated(run.day),
          driver: run.driver === null ? shippingText(lang, 'st_label_run_unassigned') : isolated(run.driver),
          position: run.position,
        }),
      ),
    order: both((lang) =>
      shippingText(lang, 'st_label_order', { order: request.orderNumber, count: request.pieces, kg }),
    ),
    to: both((lang) => shippingText(lang, 'st_label_to')),
    from: both((lang) => shippingText(lang, 'st_label_from')),
    // The currency as each language writes it: "KWD 19.750", «19.750 د.ك».
    collect: [
      shippingText('en', 'st_label_collect', { amount: `${request.currency} ${amount}` }),
      shippingText('ar', 'st_label_collect', { amount: `${amount} ${currencyLabel(request.currency, 'ar')}` }),
    ] satisfies Both,
  };
}

/** Draws the label: see the file's head. */
export async function drawLabel(
  request: ShipmentRequest,
  trackingNumber: string,
  code: CarrierCode,
  run?: LabelRun,
): Promise<Uint8Array> {
  const texts = labelTexts(request, run);
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
  /**
   * A line in both languages: "English · Arabic" where it fits on one line, else the English line and
   * under it the Arabic one, from the right.
   */
  const bilingual = ([en, ar]: Both, style: LineStyle) => {
    const joined = `${en} · ${ar}`;
    if (lineWidth(joined, style, fonts) <= right - MARGIN) return line(joined, style);
    const english = { ...style };
    line(fitted(en, english), english);
    const arabic: LineStyle = { ...style, direction: 'rtl' };
    line(fitted(ar, arabic), arabic);
  };
  const rule = () => {
    top -= 3;
    page.drawLine({ start: { x: MARGIN, y: top }, end: { x: right, y: top }, thickness: 0.6, color: rgb(0, 0, 0) });
    top -= 5;
  };

  // The carrier's code is the carrier's name on the label (OWN, LOCAL), as a tracking number is its own.
  bilingual([`${code.toUpperCase()} · ${texts.speed[0]}`, texts.speed[1]], { size: 11, bold: true });
  if (texts.run) bilingual(texts.run, { size: 10, bold: true });
  top -= 4;
  const barHeight = 54;
  drawCode128(page, trackingNumber, { left: MARGIN, right, bottom: top - barHeight, height: barHeight, maxModule: 2 });
  top -= barHeight + 2;
  line(trackingNumber, { size: 14, bold: true }, 'center');
  bilingual(texts.order, { size: 9 });
  rule();

  const to = request.consignee;
  bilingual(texts.to, { size: 9, bold: true });
  line(to.name, { size: 12, bold: true, direction: hasArabic(to.name) ? 'rtl' : 'ltr' });
  for (const l of addressLinesOf(to, 'en')) parts(l, addressSeparator('en'), { size: 10 });
  for (const l of addressLinesOf(to, 'ar')) parts(l, addressSeparator('ar'), { size: 10, direction: 'rtl' });
  line(to.phone, { size: 11, bold: true });
  rule();

  const from = request.shipper;
  bilingual(texts.from, { size: 8, bold: true });
  for (const text of [from.name, ...from.lines, from.city, from.phone])
    line(text, { size: 8, direction: hasArabic(text) ? 'rtl' : 'ltr' });
  if (request.codAmount > 0) {
    top -= 4;
    bilingual(texts.collect, { size: 14, bold: true });
  }
  return pdf.save();
}
