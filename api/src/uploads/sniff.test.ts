import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName, sniffUploadType } from './sniff';

const enc = new TextEncoder();
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return new Uint8Array([0, 0, 0, size, ...enc.encode(`ftyp${major}`), 0, 0, 0, 0, ...enc.encode(compatible.join(''))]);
};

describe('sniffUploadType', () => {
  it('knows PDF, JPEG, PNG and HEIC by their first bytes', () => {
    expect(sniffUploadType(enc.encode('%PDF-1.4\n'))).toBe('application/pdf');
    expect(sniffUploadType(new Uint8Array([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffUploadType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    for (const brand of ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'])
      expect(sniffUploadType(ftyp(brand, 'mif1')), brand).toBe('image/heic');
    expect(sniffUploadType(ftyp('isom', 'heic'))).toBe('image/heic');
  });

  it('refuses everything else: text, a PDF marker later in the file, AVIF, MP4, a broken ftyp box', () => {
    expect(sniffUploadType(enc.encode('hello %PDF-'))).toBeNull();
    expect(sniffUploadType(new Uint8Array())).toBeNull();
    expect(sniffUploadType(ftyp('avif', 'mif1', 'miaf'))).toBeNull();
    expect(sniffUploadType(ftyp('mif1', 'avif'))).toBeNull();
    expect(sniffUploadType(ftyp('isom', 'mp41'))).toBeNull();
    const lying = ftyp('heic', 'mif1');
    lying[3] = 200; // a box longer than the file
    expect(sniffUploadType(lying)).toBeNull();
  });
});

describe('file names', () => {
  it('keeps letters, digits and a few marks, and ends in the type the content showed', () => {
    expect(safeFileName('results.pdf', 'image/png')).toBe('results.png');
    expect(safeFileName('../../evil"\r\n.pdf', 'application/pdf')).toBe('evil.pdf');
    expect(safeFileName('تحليل الدم.jpg', 'image/jpeg')).toBe('تحليل الدم.jpg');
    expect(safeFileName(undefined, 'image/heic')).toBe('blood-test-result.heic');
    expect(safeFileName('x'.repeat(300), 'application/pdf')).toHaveLength(84);
  });

  it('offers an ASCII fallback and the UTF-8 name in Content-Disposition', () => {
    expect(attachmentDisposition('دم.pdf')).toBe(`attachment; filename="__.pdf"; filename*=UTF-8''%D8%AF%D9%85.pdf`);
  });
});
