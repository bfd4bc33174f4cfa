import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, zip } from './zip-writer';

const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 255, 128, 10, ...new Uint8Array(70_000).map((_, i) => i % 251)]);

/** Reads a stored archive back through its central directory, as any reader does. */
function entriesOf(bytes: Uint8Array): Map<string, Uint8Array> {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(v.getUint32(end, true)).toBe(0x06054b50);
  const count = v.getUint16(end + 10, true);
  let p = v.getUint32(end + 16, true);
  const out = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    expect(v.getUint32(p, true)).toBe(0x02014b50);
    const size = v.getUint32(p + 20, true);
    const nameLength = v.getUint16(p + 28, true);
    const offset = v.getUint32(p + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(p + 46, p + 46 + nameLength));
    const start = offset + 30 + v.getUint16(offset + 26, true) + v.getUint16(offset + 28, true);
    const data = bytes.subarray(start, start + size);
    expect(crc32(data)).toBe(v.getUint32(p + 16, true));
    out.set(name, data);
    p += 46 + nameLength + v.getUint16(p + 30, true) + v.getUint16(p + 32, true);
  }
  return out;
}

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
    const back = entriesOf(bytes);
    expect(Buffer.from(back.get('uploads/تحليل.pdf')!)).toEqual(Buffer.from(pdf));
    expect(new TextDecoder().decode(back.get('README.txt'))).toBe('Your data\n');
  });
});
