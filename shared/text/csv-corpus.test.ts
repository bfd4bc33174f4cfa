// An RFC 4180 corpus for the catalogue files' CSV (decision 54): what spreadsheets write, read back
// cell for cell, each record with the line a spreadsheet shows it on, and each broken quote named on
// the line where it is. The examples of RFC 4180 §2 first, then what the shop's files hold.
import { describe, expect, it } from 'vitest';
import { CSV_BOM, CsvError, csvCell, csvLine, parseCsv, unguardCell } from './csv';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);
const lines = (text: string) => parseCsv(text).map((r) => r.line);
const failure = (text: string) => {
  try {
    parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) return { line: error.line, key: error.key };
    throw error;
  }
  throw new Error('no error');
};
/** Ten plain records, lines 1 to 10, ahead of the case under test. */
const ten = Array.from({ length: 10 }, (_, i) => `row-${i + 1},${i + 1}`);

describe('RFC 4180 §2', () => {
  it('1–3: records end in CRLF, the last one may not, a header is a record like any other', () => {
    expect(cells('aaa,bbb,ccc\r\nzzz,yyy,xxx\r\n')).toEqual([
      ['aaa', 'bbb', 'ccc'],
      ['zzz', 'yyy', 'xxx'],
    ]);
    expect(cells('aaa,bbb,ccc\r\nzzz,yyy,xxx')).toEqual([
      ['aaa', 'bbb', 'ccc'],
      ['zzz', 'yyy', 'xxx'],
    ]);
    expect(cells('field_name,field_name,field_name\r\naaa,bbb,ccc\r\n')[0]).toEqual([
      'field_name',
      'field_name',
      'field_name',
    ]);
  });

  it('4: spaces are part of a field; the last field has no comma after it; empty fields stay', () => {
    expect(cells(' aaa , bbb ,ccc\r\n,,\r\n')).toEqual([
      [' aaa ', ' bbb ', 'ccc'],
      ['', '', ''],
    ]);
  });

  it('5–7: quoted fields, line breaks and commas inside them, and a quote written twice', () => {
    expect(cells('"aaa","bbb","ccc"\r\nzzz,yyy,xxx')).toEqual([
      ['aaa', 'bbb', 'ccc'],
      ['zzz', 'yyy', 'xxx'],
    ]);
    expect(cells('"aaa","b\r\nbb","ccc"\r\nzzz,yyy,xxx')).toEqual([
      ['aaa', 'b\r\nbb', 'ccc'],
      ['zzz', 'yyy', 'xxx'],
    ]);
    expect(cells('"aaa","b""bb","ccc"')).toEqual([['aaa', 'b"bb', 'ccc']]);
    expect(cells('"a,b",""""," "" "')).toEqual([['a,b', '"', ' " ']]);
  });
});

describe("the shop's files", () => {
  it('reads LF, CRLF, CR and a mix of them the same', () => {
    const want = [
      ['slug', 'stock'],
      ['fish-oil', '3'],
      ['zinc', '0'],
    ];
    for (const end of ['\n', '\r\n', '\r']) expect(cells(`slug,stock${end}fish-oil,3${end}zinc,0${end}`)).toEqual(want);
    expect(cells('slug,stock\r\nfish-oil,3\nzinc,0\r\n')).toEqual(want);
  });

  it('drops the byte-order mark spreadsheets write, and only that', () => {
    expect(cells(`${CSV_BOM}slug,name_en\r\nzinc,Zinc\r\n`)).toEqual([
      ['slug', 'name_en'],
      ['zinc', 'Zinc'],
    ]);
    expect(cells(`${CSV_BOM}"slug",x`)).toEqual([['slug', 'x']]);
  });

  it('numbers each record by the line it starts on, after cells that hold line breaks', () => {
    const text = `${ten.join('\n')}\n"two\nlines",a\r\n"three\r\nlines\rhere",b\nlast,c`;
    expect(lines(text)).toEqual([...ten.map((_, i) => i + 1), 11, 13, 16]);
    expect(parseCsv(text).at(-1)).toEqual({ line: 16, cells: ['last', 'c'] });
  });

  it('leaves out blank lines but keeps their count, and an empty trailing line is no record', () => {
    expect(parseCsv('a,b\n\n1,2\r\n\r\n3,4\n\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
      { line: 5, cells: ['3', '4'] },
    ]);
    expect(parseCsv('a,b\r\n')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    // A row of empty cells is a row (the import names what is missing in it), a blank line is not.
    expect(parseCsv('a,b\n,\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['', ''] },
    ]);
  });

  it('reads Arabic as it is, with its commas and marks, quoted or not', () => {
    const arabic = ['زيت السمك', 'أوميغا ٣، ١٠٠٠ ملغ', 'فيتامين "د"', '\u200fمكمّل'];
    const text = `${CSV_BOM}name_ar\r\n${arabic.map((a) => csvCell(a)).join('\r\n')}\r\n`;
    expect(cells(text).slice(1)).toEqual(arabic.map((a) => [a]));
    expect(cells('slug,name_ar\nzinc,زنك')[1]).toEqual(['zinc', 'زنك']);
  });

  it('keeps formula-looking cells as data when reading, and guards them when writing', () => {
    const risky = ['=SUM(A1:A9)', '+965 2222 2222', '-5', '@cmd', '=HYPERLINK("http://x","y")'];
    expect(cells(`a,b,c,d\n${risky.slice(0, 4).join(',')}`)[1]).toEqual(risky.slice(0, 4));
    const written = csvLine(risky.map((r) => csvCell(r, { text: true })));
    expect(written).toBe(`'=SUM(A1:A9),'+965 2222 2222,'-5,'@cmd,"'=HYPERLINK(""http://x"",""y"")"\r\n`);
    const [read] = parseCsv(written);
    expect(read!.cells.map(unguardCell)).toEqual(risky);
    // Numbers are not text: a negative amount is written as it is.
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes what it reads back, whatever the cell holds', () => {
    const row = ['plain', 'a, b', 'say "x"', 'two\r\nlines', 'one\nline', ' padded ', '', 'عربي، نص'];
    expect(parseCsv(csvLine(row.map((c) => csvCell(c))))).toEqual([{ line: 1, cells: row }]);
  });
});

describe('broken quotes, named on their line', () => {
  it('a quote left open, on the line it opens, whatever follows', () => {
    expect(failure([...ten, 'x,"open', 'y,z'].join('\n'))).toEqual({ line: 11, key: 'csv_quote_unclosed' });
    expect(failure([...ten, 'x,"open', 'y,z', ''].join('\r\n'))).toEqual({ line: 11, key: 'csv_quote_unclosed' });
    expect(failure([...ten, 'x,"open'].join('\n'))).toEqual({ line: 11, key: 'csv_quote_unclosed' });
    expect(failure([...ten, 'x,"open ""quoted"" and', 'on'].join('\n'))).toEqual({
      line: 11,
      key: 'csv_quote_unclosed',
    });
  });

  it('a quote left open after a cell with line breaks in the same record, on its own line', () => {
    // The record starts on line 11; its third cell opens a quote on line 12 that nothing closes.
    expect(failure([...ten, '"two', 'lines",b,"open', 'more', 'lines'].join('\n'))).toEqual({
      line: 12,
      key: 'csv_quote_unclosed',
    });
    expect(failure(['"a\r\nb",c', ...ten, 'x,"open', ''].join('\r\n'))).toEqual({
      line: 13,
      key: 'csv_quote_unclosed',
    });
    expect(failure([...ten, '"two\r\nlines",b', 'x,"open'].join('\r\n'))).toEqual({
      line: 13,
      key: 'csv_quote_unclosed',
    });
  });

  it('a quote inside an unquoted cell, or text after a closing quote, on its line', () => {
    expect(failure([...ten, 'ab"c"'].join('\n'))).toEqual({ line: 11, key: 'csv_quote_misplaced' });
    expect(failure([...ten, '"a"b'].join('\r\n'))).toEqual({ line: 11, key: 'csv_quote_misplaced' });
    expect(failure([...ten, '"multi', 'line"x'].join('\n'))).toEqual({ line: 12, key: 'csv_quote_misplaced' });
    expect(failure([...ten, '"a\r\nb","c\r\nd"x'].join('\r\n'))).toEqual({ line: 13, key: 'csv_quote_misplaced' });
    expect(failure(['"a\r\nb",c', ...ten, 'x,y"z'].join('\r\n'))).toEqual({ line: 13, key: 'csv_quote_misplaced' });
  });
});
