// The tracking number as a Code 128 barcode, the symbology couriers' scanners read: jsbarcode's encoder
// (it picks the shortest mix of code sets A, B and C and adds the check symbol), drawn as PDF
// rectangles, so the bars stay sharp at any printer's resolution.
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';
import { fill, type PDFPage, popGraphicsState, pushGraphicsState, rectangle } from 'pdf-lib';

/** Modules of white either side, the quiet zone scanners need (the standard asks at least 10). */
const QUIET = 10;

/** The modules of `text`: '1' a bar, '0' a space. */
function code128Modules(text: string): string {
  const barcode = new CODE128(text, {});
  if (!barcode.valid()) throw new RangeError(`not encodable in Code 128: ${text}`);
  return barcode.encode().data;
}

/** Draws the barcode centred in the box; each module as wide as fits, at most `maxModule` points. */
export function drawCode128(
  page: PDFPage,
  text: string,
  box: { left: number; right: number; bottom: number; height: number; maxModule: number },
): void {
  const modules = code128Modules(text);
  const module = Math.min(box.maxModule, (box.right - box.left) / (modules.length + 2 * QUIET));
  const x = (box.left + box.right - modules.length * module) / 2;
  // One rectangle a bar (a run of '1's), not one a module (no hairline seams), filled black at once.
  const bars = [...modules.matchAll(/1+/g)].map((bar) =>
    rectangle(x + bar.index * module, box.bottom, bar[0].length * module, box.height),
  );
  page.pushOperators(pushGraphicsState(), ...bars, fill(), popGraphicsState());
}
