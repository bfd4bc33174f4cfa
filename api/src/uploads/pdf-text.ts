// The text lines of an uploaded PDF report, for the values found in them to be offered to
// the shopper. unpdf (a serverless build of pdf.js, ~1.7 MB) is imported on first use only, so only
// this route pays for loading it. The text is rebuilt line by line from the positioned text items
// (a table row is one line, whatever order the PDF drew its cells in). Nothing read here is logged.

/** Pages read at most, over all of a result's PDFs. */
const READ_MAX_PAGES = 10;
/** Time allowed for the reading of one result. */
const READ_TIMEOUT_MS = 10_000;

export type PdfTextOutcome =
  | { kind: 'text'; lines: string[]; pages: number }
  /** Read, but no text in it (a scanned report). */
  | { kind: 'empty'; pages: number }
  /** Damaged, encrypted, or too slow. */
  | { kind: 'failed'; pages: number };

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rtl: boolean;
}

class ReadTimeout extends Error {}

/** The lines of the first `maxPages` pages of each PDF, in order, until the page budget is spent. */
export async function pdfTextLines(
  pdfs: Array<() => Promise<Uint8Array>>,
  { maxPages = READ_MAX_PAGES, timeoutMs = READ_TIMEOUT_MS } = {},
): Promise<PdfTextOutcome> {
  // The reader is loaded before the clock starts: the time limit is for a slow or hostile document,
  // and loading the module is the same for every one (seconds under Vitest, which transforms it on
  // first use; a one-off in a deployed isolate). unpdf itself is a small wrapper that imports pdf.js
  // (1.7 MB) on the first document it opens, so pdf.js is resolved here too: otherwise the first read
  // in an isolate spent its load inside the limit, and on a busy machine ran out of time before the
  // document was opened. A load that fails is a server fault, not the file's.
  const reader = await import('unpdf');
  await reader.getResolvedPDFJS();
  const deadline = Date.now() + timeoutMs;
  const lines: string[] = [];
  let pages = 0;
  let failed = false;
  for (const load of pdfs) {
    if (pages >= maxPages) break;
    try {
      const read = await withDeadline(readPdf(reader, await load(), maxPages - pages, deadline), deadline);
      pages += read.pages;
      lines.push(...read.lines);
    } catch {
      // A damaged PDF (or time up): the others are still read while time is left.
      failed = true;
      if (Date.now() >= deadline) break;
    }
  }
  if (lines.length) return { kind: 'text', lines, pages };
  return failed ? { kind: 'failed', pages } : { kind: 'empty', pages };
}

async function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReadTimeout()), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

async function readPdf(
  { getDocumentProxy }: typeof import('unpdf'),
  bytes: Uint8Array,
  maxPages: number,
  deadline: number,
) {
  const pdf = await getDocumentProxy(bytes, { stopAtErrors: false, verbosity: 0 });
  try {
    const count = Math.min(pdf.numPages, maxPages);
    const lines: string[] = [];
    let pages = 0;
    for (let n = 1; n <= count; n++) {
      if (Date.now() >= deadline) throw new ReadTimeout();
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages++;
      const items: Item[] = [];
      for (const raw of content.items) {
        if (!('str' in raw) || !raw.str.trim()) continue;
        const [, , , d = 0, e = 0, f = 0] = raw.transform as number[];
        items.push({
          str: raw.str,
          x: e,
          y: f,
          width: raw.width,
          height: Math.abs(raw.height || d) || 10,
          rtl: raw.dir === 'rtl',
        });
      }
      lines.push(...linesOf(items));
      page.cleanup();
    }
    return { lines, pages };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Items grouped into lines by their baseline, top to bottom; each line read in its direction. */
function linesOf(items: Item[]): string[] {
  const sorted = [...items].sort((a, b) => b.y - a.y);
  const rows: Item[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    const first = row?.[0];
    if (row && first && Math.abs(first.y - item.y) <= Math.max(2, Math.min(first.height, item.height) * 0.5))
      row.push(item);
    else rows.push([item]);
  }
  return rows
    .map((row) => {
      const rtl = row.filter((i) => i.rtl).length * 2 > row.length;
      const ordered = [...row].sort((a, b) => (rtl ? b.x - a.x : a.x - b.x));
      let text = '';
      let previous: Item | undefined;
      for (const item of ordered) {
        if (previous) {
          const gap = rtl ? previous.x - (item.x + item.width) : item.x - (previous.x + previous.width);
          if (gap > Math.min(previous.height, item.height) * 0.15 && !/\s$/.test(text)) text += ' ';
        }
        text += item.str;
        previous = item;
      }
      return text.replace(/\s+/g, ' ').trim();
    })
    .filter(Boolean);
}
