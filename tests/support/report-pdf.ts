// A lab report as a real text PDF (PDF 1.4, Helvetica, a correct cross-reference table), written by
// hand for the tests of reading values from uploaded reports. Each row is a list of cells drawn as separate text
// objects at their own x, as report generators draw table cells; the reader must join them back into
// one line. Latin-1 text only (the standard font's encoding). Pure: runs in workerd and in Node.

export type ReportRow = string | Array<[x: number, text: string]>;

const escapePdf = (text: string) => text.replace(/[\\()]/g, (ch) => `\\${ch}`);

/** A one-page (or more, 30 rows a page) PDF of the rows, top to bottom. */
export function reportPdf(rows: ReportRow[]): Uint8Array<ArrayBuffer> {
  const pages: ReportRow[][] = [];
  for (let i = 0; i < rows.length; i += 30) pages.push(rows.slice(i, i + 30));
  if (!pages.length) pages.push([]);

  const objects: string[] = [];
  /** Adds an object; answers its number (1-based: its place in the list). */
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, written once the pages are numbered
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const pageRows of pages) {
    let stream = '';
    pageRows.forEach((row, i) => {
      const y = 780 - i * 22;
      const cells = typeof row === 'string' ? [[40, row] as [number, string]] : row;
      for (const [x, text] of cells) stream += `BT /F1 11 Tf ${x} ${y} Td (${escapePdf(text)}) Tj ET\n`;
    });
    const contents = add(`<< /Length ${stream.length} >>\nstream\n${stream}endstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${contents} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(pdf.length);
  for (let i = 0; i < pdf.length; i++) bytes[i] = pdf.charCodeAt(i) & 0xff;
  return bytes;
}

/** The report the tests read: a header, a table with ranges and flags, and a footer. */
export const SAMPLE_REPORT: ReportRow[] = [
  'Gulf Medical Laboratory - Final report',
  'Patient: Sara   Collected: 15/01/2026 08:10',
  [
    [40, 'Test'],
    [250, 'Result'],
    [320, 'Unit'],
    [400, 'Reference range'],
  ],
  [
    [40, '25-Hydroxy Vitamin D'],
    [250, '18.2'],
    [290, 'L'],
    [320, 'ng/mL'],
    [400, '30 - 100'],
  ],
  [
    [40, 'Ferritin'],
    [250, '22'],
    [320, 'ng/mL'],
    [400, '13 - 150'],
  ],
  [
    [40, 'HbA1c'],
    [250, '5.4'],
    [320, '%'],
    [400, '4.0 - 5.6'],
  ],
  [
    [40, 'Magnesium'],
    [250, '2.1'],
    [400, '1.7 - 2.2'],
  ],
  'Results checked and approved.',
];
