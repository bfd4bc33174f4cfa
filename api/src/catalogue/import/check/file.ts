// What a catalogue and a stock file's dry runs share: reading the CSV (a broken file is one problem on
// its line) and the outcome of a file refused as a whole.
import type { ImportKind, ImportProblem } from '#shared/catalogue/import-format';
import { CsvError, type CsvRecord, parseCsv } from '#shared/text/csv';
import { type CheckOutcome, emptySummary } from '../plan';

/** At most this many problems are listed: a file wrong throughout says so in its first few hundred. */
export const PROBLEMS_LISTED = 500;

export type Parsed = { records: CsvRecord[] } | { problems: ImportProblem[] };

export function records(text: string): Parsed {
  try {
    return { records: parseCsv(text) };
  } catch (error) {
    if (error instanceof CsvError) return { problems: [{ line: error.line, column: null, msg: error.key }] };
    throw error;
  }
}

export function fileProblems(kind: ImportKind, rows: number, problems: ImportProblem[]): CheckOutcome {
  return { kind, rows, problems, warnings: [], summary: emptySummary(), plan: [] };
}
