// The data archive's ZIP file (./zip.ts, fflate) as other tools read it: unzip tests
// it clean, every entry's CRC-32 is the one zlib computes, names (Arabic ones too) and order are kept,
// and the entries are stored as they are.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { zip } from './zip';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 255, 128, 10, ...new Uint8Array(70_000).map((_, i) => i % 251)]);
const files = {
  'README.txt': 'Your data\n',
  'account.json': JSON.stringify({ name: 'هدى' }),
  'uploads/تحليل.pdf': pdf,
  'empty.txt': '',
  '123456789.txt': '123456789',
};

function written(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'zip-')), 'data.zip');
  writeFileSync(file, bytes);
  return file;
}

describe('zip writer', () => {
  const bytes = zip(
    Object.entries(files).map(([name, data]) => ({ name, data })),
    new Date('2026-11-25T09:30:00Z'),
  );

  it('writes each entry stored, with the CRC-32 zlib computes', () => {
    const file = written(bytes);
    // unzip -v: length, method, size, ratio, date, time, CRC-32, name.
    const rows = execFileSync('unzip', ['-v', file], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((cols) => cols.length >= 8 && /^[0-9a-f]{8}$/.test(cols[6]!));
    expect(rows.map((cols) => cols.slice(7).join(' '))).toEqual(Object.keys(files));
    for (const [i, data] of Object.values(files).entries()) {
      expect(rows[i]![1], Object.keys(files)[i]).toBe('Stored');
      expect(Number.parseInt(rows[i]![6]!, 16)).toBe(zlibCrc32(data));
    }
    expect(zlibCrc32('123456789')).toBe(0xcbf43926);
  });

  it('writes an archive that unzip tests clean and reads back byte for byte, Arabic names included', () => {
    const file = written(bytes);
    const tested = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    expect(tested).toContain('No errors detected');
    expect(execFileSync('unzip', ['-p', file, 'account.json'], { encoding: 'utf8' })).toBe('{"name":"هدى"}');
    const listed = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(Object.keys(files));
    const back = unzipSync(bytes);
    expect(Buffer.from(back['uploads/تحليل.pdf']!)).toEqual(Buffer.from(pdf));
    expect(new TextDecoder().decode(back['README.txt'])).toBe('Your data\n');
  });

  it('refuses a name given twice rather than keep only one of the files', () => {
    expect(() =>
      zip([
        { name: 'a.txt', data: '1' },
        { name: 'a.txt', data: '2' },
      ]),
    ).toThrow('a.txt');
  });
});
