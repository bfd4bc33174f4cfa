import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip } from '#shared/zip/zip-reader';
import { crc32, zip } from '#shared/zip/zip-writer';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 255, 128, 10, ...new Uint8Array(70_000).map((_, i) => i % 251)]);

describe('zip writer', () => {
  it('computes the CRC-32 zlib does', () => {
    for (const s of ['', 'a', '123456789', 'بيانات']) expect(crc32(new TextEncoder().encode(s))).toBe(zlibCrc32(s));
    expect(crc32(pdf)).toBe(zlibCrc32(pdf));
  });

  it('writes an archive that unzip tests clean and reads back byte for byte, Arabic names included', () => {
    const files = {
      'README.txt': 'Your data\n',
      'account.json': JSON.stringify({ name: 'هدى' }),
      'uploads/تحليل.pdf': pdf,
      'empty.txt': '',
    };
    const bytes = zip(
      Object.entries(files).map(([name, data]) => ({ name, data })),
      new Date('2026-11-25T09:30:00Z'),
    );
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    const file = join(dir, 'data.zip');
    writeFileSync(file, bytes);
    const tested = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    expect(tested).toContain('No errors detected');
    expect(execFileSync('unzip', ['-p', file, 'account.json'], { encoding: 'utf8' })).toBe('{"name":"هدى"}');
    const listed = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(Object.keys(files));
    const back = readZip(bytes);
    expect(Buffer.from(back.get('uploads/تحليل.pdf')!)).toEqual(Buffer.from(pdf));
    expect(new TextDecoder().decode(back.get('README.txt'))).toBe('Your data\n');
  });
});
