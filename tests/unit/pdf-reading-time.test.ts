// The reading time of a report is the document's (api/src/uploads/pdf-text.ts): loading the PDF reader
// does not count against it.
import { describe, expect, it, vi } from 'vitest';
import { pdfTextLines } from '../../api/src/uploads/pdf-text';
import { reportPdf } from '../support/report-pdf';

// A reader that takes 1.5 s to load, as unpdf's first load did under a loaded CI run.
const LOAD_MS = 1_500;
vi.mock('unpdf', async (original) => {
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  return original();
});

describe('reading the text of a PDF report', () => {
  it('gives the document its whole time limit, however long the reader took to load', async () => {
    const pdf = reportPdf(['Vitamin D 25-OH  18 ng/mL  30 - 100']);
    const outcome = await pdfTextLines([async () => pdf], { timeoutMs: 1_000 });
    expect(outcome).toEqual({ kind: 'text', lines: ['Vitamin D 25-OH 18 ng/mL 30 - 100'], pages: 1 });
  }, 10_000);
});
