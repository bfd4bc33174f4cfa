import { describe, expect, it } from 'vitest';
import { CSV_BOM, CsvError, csvCell, csvLine, parseCsv, unguardCell } from './csv';

describe('csv', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF or LF, and a byte-order mark', () => {
    const text = `${CSV_BOM}a,b,c\r\n"x, y","he said ""hi""","two\nlines"\n\n1,,3\r\n`;
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'he said "hi"', 'two\nlines'] },
      { line: 5, cells: ['1', '', '3'] },
    ]);
  });

  it('reads a last line without its line break, and Arabic as it is', () => {
    expect(parseCsv('slug,name_ar\nfish-oil,زيت السمك')).toEqual([
      { line: 1, cells: ['slug', 'name_ar'] },
      { line: 2, cells: ['fish-oil', 'زيت السمك'] },
    ]);
  });

  it('names the line of a quote left open or placed inside a field', () => {
    expect(() => parseCsv('a\n"open,b\nc')).toThrowError(new CsvError(2, 'csv_quote_unclosed'));
    expect(() => parseCsv('a\nab"c"')).toThrow(CsvError);
    expect(() => parseCsv('"a"b')).toThrow(CsvError);
  });

  it('writes what it reads back, and guards a text that a spreadsheet would run as a formula', () => {
    const cells = ['plain', 'a, b', 'say "x"', 'two\nlines', ' padded', '=HYPERLINK("x")', '-5'];
    const line = csvLine([
      ...cells.slice(0, 5).map((c) => csvCell(c)),
      csvCell(cells[5], { text: true }),
      csvCell(cells[6]),
    ]);
    const [read] = parseCsv(line);
    expect(read!.cells.slice(0, 5)).toEqual(cells.slice(0, 5));
    expect(read!.cells[5]).toBe(`'=HYPERLINK("x")`);
    expect(unguardCell(read!.cells[5]!)).toBe('=HYPERLINK("x")');
    expect(read!.cells[6]).toBe('-5');
    expect(unguardCell("'quoted on purpose")).toBe("'quoted on purpose");
    expect(csvCell(null)).toBe('');
  });
});
