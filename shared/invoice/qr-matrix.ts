// The QR code of a tax invoice as a matrix of dark modules (uqr: a pure encoder, no DOM, no canvas),
// and as an SVG path, so the page draws it inline and the mail as a table of cells.
import { encode } from 'uqr';

export interface QrMatrix {
  size: number;
  /** rows of modules, true = dark; includes the quiet zone. */
  rows: boolean[][];
}

/** ECC level M: ZATCA payloads are ~150 bytes, which keeps the code small enough to scan from a screen. */
export function qrMatrix(text: string, border = 4): QrMatrix {
  const qr = encode(text, { ecc: 'M', border });
  return { size: qr.size, rows: qr.data };
}

/** One SVG path of unit squares (a 1×1 square per dark module), for a viewBox of 0 0 size size. */
export function qrPath(m: QrMatrix): string {
  let d = '';
  m.rows.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return d;
}
