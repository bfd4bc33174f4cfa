// A plain 4×6 label (the thermal printers' size) for the carriers that print their own: the local carrier
// and the shop's own drivers. Real carriers send their own labels.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { currencyDecimals, minorToDecimal } from '#shared/money';
import type { CarrierCode, ShipmentRequest } from './types';

/** Points in an inch: the label is 4×6 inches. */
const INCH = 72;

/** A plain label: the carrier, the tracking number large, the order, both parties, the cash to collect. */
export async function plainLabel(
  request: ShipmentRequest,
  trackingNumber: string,
  code: CarrierCode,
  /** Lines printed under the carrier's name (the own driver's run and stop). */
  extra: string[] = [],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([4 * INCH, 6 * INCH]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  let y = 6 * INCH - 30;
  const line = (text: string, size = 9, font = regular) => {
    // The standard fonts carry Latin only: anything else (an Arabic street name) is printed as '?',
    // and the Latin city, phone and order number are what the courier reads.
    page.drawText(latinOnly(text), { x: 14, y, size, font });
    y -= size + 5;
  };
  line(`${code.toUpperCase()} · ${request.speed.replace('_', ' ')}`, 11, bold);
  line(trackingNumber, 22, bold);
  for (const text of extra) line(text, 11, bold);
  line(`Order ${request.orderNumber} · ${request.pieces} pc · ${(request.weightGrams / 1000).toFixed(1)} kg`);
  y -= 6;
  line('To', 9, bold);
  for (const text of [
    request.consignee.name,
    ...request.consignee.lines,
    request.consignee.city,
    request.consignee.phone,
  ])
    line(text, 10);
  y -= 6;
  line('From', 9, bold);
  for (const text of [request.shipper.name, request.shipper.city, request.shipper.phone]) line(text, 8);
  if (request.codAmount > 0) {
    y -= 8;
    line(
      `COLLECT ${request.currency} ${minorToDecimal(request.codAmount, currencyDecimals(request.currency))}`,
      14,
      bold,
    );
  }
  return pdf.save();
}

function latinOnly(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}
