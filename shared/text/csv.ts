// CSV as spreadsheets write and read it (RFC 4180): fields separated by commas, a field holding a
// comma, a quote or a line break quoted with doubled quotes inside, lines ending in CRLF, LF or CR. The
// back office's catalogue and stock files go through here both ways.
//
// Reading is csv-parse's (decision 54); this module only maps its records and errors to what the
// catalogue import reports: the line a record starts on, and the line a broken quote is on.
//
// Written files start with a byte-order mark, so Excel opens Arabic as UTF-8 rather than as a Windows
// code page. A text cell that starts with = + - @ (or a tab or carriage return) would run as a formula
// when the file is opened in a spreadsheet (CSV injection): written files put an apostrophe in front,
// which spreadsheets show as text, and `unguardCell` takes it off again when such a file is imported.
// Reading keeps such cells as they are: they are data, checked like any other cell.
import { type Options, CsvError as ParseError, parse } from 'csv-parse/sync';

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const LINE_BREAK = /\r\n|\n|\r/g;

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

/** Line breaks as a spreadsheet counts them: CRLF, LF or a lone CR, each one line. */
const breaks = (text: string) => text.match(LINE_BREAK)?.length ?? 0;
const crlfs = (cells: readonly string[]) => cells.reduce((n, c) => n + (c.match(/\r\n/g)?.length ?? 0), 0);
/** Line breaks inside a record's cells as csv-parse counts them: each CR and each LF, a CRLF twice. */
const counted = (cells: readonly string[]) => cells.reduce((n, c) => n + (c.match(/[\r\n]/g)?.length ?? 0), 0);

const OPTIONS: Options = {
  bom: true,
  // Rows of any length: the import names a missing or extra cell itself, with its column.
  relax_column_count: true,
  skip_empty_lines: true,
  record_delimiter: ['\r\n', '\n', '\r'],
};

/**
 * Every record of the text; a blank line (or one holding only an empty quoted cell) is left out.
 *
 * csv-parse's `lines` is the line a record ends on, with a CRLF inside a quoted cell counted as two
 * lines (one between records counts as one). The line a record starts on is that, less the breaks
 * inside its cells as csv-parse counted them, less the CRLFs it counted twice in the records before.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let overcounted = 0;
  try {
    parse(text, {
      ...OPTIONS,
      on_record: (record: string[], info) => {
        if (record.length > 1 || record[0] !== '')
          records.push({ line: info.lines - counted(record) - overcounted, cells: record });
        overcounted += crlfs(record);
        return null;
      },
    });
  } catch (error) {
    throw readError(error, text, overcounted);
  }
  return records;
}

/** csv-parse's error as the line a staff member can look at. */
function readError(error: unknown, text: string, overcounted: number): unknown {
  if (!(error instanceof ParseError)) return error;
  const { lines } = error as ParseError & { lines: number };
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    // The cell left open runs to the end of the file. The broken record, its quote closed, gives that
    // cell back; its quote opened that many characters (each quote in it written twice) before the
    // end, on the line counted from the top.
    const closed = parse(`${brokenRecord(text)}"`, OPTIONS) as string[][];
    const open = closed.at(-1)?.at(-1) ?? '';
    const quote = text.length - open.length - (open.match(/"/g)?.length ?? 0) - 1;
    return new CsvError(1 + breaks(text.slice(0, quote)), 'csv_quote_unclosed');
  }
  if (error.code === 'INVALID_OPENING_QUOTE' || error.code === 'CSV_INVALID_CLOSING_QUOTE') {
    const twice = brokenRecord(text).match(/\r\n/g)?.length ?? 0;
    return new CsvError(lines - overcounted - twice, 'csv_quote_misplaced');
  }
  return error;
}

/** The text of the record csv-parse stopped in, up to where it stopped (parsed again, keeping it). */
function brokenRecord(text: string): string {
  try {
    parse(text, { ...OPTIONS, raw: true });
  } catch (error) {
    return (error as { raw?: string }).raw ?? '';
  }
  return '';
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
