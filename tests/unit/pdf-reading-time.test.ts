// The reading time of a report is the document's (api/src/uploads/pdf-text.ts): loading the PDF reader
// does not count against it, neither unpdf's module nor pdf.js (1.7 MB), which unpdf imports only when
// it opens its first document.
import { describe, expect, it, vi } from 'vitest';
import { pdfTextLines } from '../../api/src/uploads/pdf-text';
import { reportPdf } from '../support/report-pdf';

// Each part takes 1.5 s to load, as unpdf's first load did under a loaded CI run and pdf.js's did in a
// clean-clone run on a slow hour; getDocumentProxy resolves pdf.js first, as unpdf's does.
const LOAD_MS = 1_500;
vi.mock('unpdf', async (original) => {
  const pause = () => new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  await pause();
  const real = await original<typeof import('unpdf')>();
  let pdfjs: ReturnType<typeof real.getResolvedPDFJS> | undefined;
  const getResolvedPDFJS = () => (pdfjs ??= pause().then(() => real.getResolvedPDFJS()));
  return {
    ...real,
    getResolvedPDFJS,
    getDocumentProxy: async (...args: Parameters<typeof real.getDocumentProxy>) => {
      await getResolvedPDFJS();
      return real.getDocumentProxy(...args);
    },
  };
});

describe('reading the text of a PDF report', () => {
  it('gives the document its whole time limit, however long the reader and pdf.js took to load', async () => {
    const pdf = reportPdf(['Vitamin D 25-OH  18 ng/mL  30 - 100']);
    const outcome = await pdfTextLines([async () => pdf], { timeoutMs: 1_000 });
    expect(outcome).toEqual({ kind: 'text', lines: ['Vitamin D 25-OH 18 ng/mL 30 - 100'], pages: 1 });
  }, 10_000);

  it('still stops a document that takes longer than the limit', async () => {
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return reportPdf(['Vitamin D 25-OH  18 ng/mL  30 - 100']);
    };
    expect(await pdfTextLines([slow], { timeoutMs: 100 })).toEqual({ kind: 'failed', pages: 0 });
  });
});
