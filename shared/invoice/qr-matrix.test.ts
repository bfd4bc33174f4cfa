import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPath } from './qr-matrix';
import { zatcaQrPayload } from './zatca-tlv';

/** Paints the matrix as RGBA pixels (4 px a module) for an independent QR reader. */
function pixels(rows: boolean[][], scale = 4): { data: Uint8ClampedArray; width: number } {
  const width = rows.length * scale;
  const data = new Uint8ClampedArray(width * width * 4);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      const v = rows[Math.floor(y / scale)]![Math.floor(x / scale)] ? 0 : 255;
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { data, width };
}

describe('tax invoice QR code', () => {
  it('encodes the ZATCA payload so a QR reader gets it back', () => {
    const payload = zatcaQrPayload({
      sellerName: 'شركة خليج الفيتامينات التجارية',
      vatNumber: '310457812300003',
      timestamp: '2026-11-22T09:00:00Z',
      total: '63.58',
      vat: '8.29',
    });
    const m = qrMatrix(payload);
    expect(m.rows).toHaveLength(m.size);
    const { data, width } = pixels(m.rows);
    expect(jsQR(data, width, width)?.data).toBe(payload);
  });

  it('draws one unit square per dark module', () => {
    const m = qrMatrix('AQVTYWxsYQ==');
    const dark = m.rows.flat().filter(Boolean).length;
    expect(qrPath(m).match(/M/g)).toHaveLength(dark);
  });
});
