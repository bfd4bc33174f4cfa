// CSV as spreadsheets write and read it (RFC 4180): fields separated by commas, a field holding a
// comma, a quote or a line break quoted with doubled quotes inside, lines ending in CRLF or LF. The
// back office's catalogue and stock files go through here both ways.
//
// Written files start with a byte-order mark, so Excel opens Arabic as UTF-8 rather than as a Windows
// code page. A text cell that starts with = + - @ (or a tab or carriage return) would run as a formula
// when the file is opened in a spreadsheet (CSV injection): written files put an apostrophe in front,
// which spreadsheets show as text, and `unguardCell` takes it off again when such a file is imported.

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly key: 'csv_quote_unclosed' | 'csv_quote_misplaced',
  ) {
    super(`${key} at line ${line}`);
  }
}

export interface CsvRecord {
  /** The file's line where the record starts (1 is the header), as a spreadsheet numbers its rows. */
  line: number;
  cells: string[];
}

/** Every record of the text; a record with no cells but one empty one (a blank line) is left out. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          quoted = false;
          const next = text[i + 1];
          if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
            throw new CsvError(line, 'csv_quote_misplaced');
        }
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"') {
      if (cell !== '') throw new CsvError(line, 'csv_quote_misplaced');
      quoted = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (quoted) throw new CsvError(start, 'csv_quote_unclosed');
  if (cell !== '' || cells.length) endRecord();
  return records;
}

/** One field as written: quoted when it must be, a formula-looking text guarded. */
export function csvCell(value: string | number | null | undefined, options: { text?: boolean } = {}): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (options.text && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** A text cell read back: the apostrophe `csvCell` put before a formula-looking text comes off. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

export const csvLine = (cells: string[]) => `${cells.join(',')}\r\n`;
