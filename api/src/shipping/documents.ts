// The paper of a shipping day (issue 62, decision 66): the chosen parcels' labels merged into one PDF
// (each page keeps its carrier's size: 4×6, A6 or A4, as the carriers' printers expect), and a
// carrier's manifest of a day: the parcels it takes, their weights and the cash it collects.
import { PDFDocument } from 'pdf-lib';
import { currencyDecimals, minorToDecimal } from '#shared/money';
import type { CountryCode, CurrencyCode } from '#shared/locale';
import { instantIn, timeZoneOf } from '#shared/country-days';
import { addDays } from '#shared/gulf-days';

/** One PDF of the labels, in the order given; pages are copied as they are (no rescaling). */
export async function mergeLabels(labels: readonly Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const bytes of labels) {
    const source = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}

export interface ManifestLine {
  reference: string;
  order_id: number;
  tracking_number: string | null;
  weight_grams: number;
  cod_amount: number;
  currency: CurrencyCode;
  pieces: number;
}

/** The day's parcels of a carrier: created that day on the country's clocks, not cancelled or refused. */
export async function manifestLines(
  db: D1Database,
  p: { country: CountryCode; carrier: string; day: string },
): Promise<ManifestLine[]> {
  const zone = timeZoneOf(p.country);
  const start = instantIn(zone, p.day);
  const end = instantIn(zone, addDays(p.day, 1));
  const { results } = await db
    .prepare(
      `SELECT s.reference, s.order_id, s.tracking_number, s.weight_grams, s.cod_amount, s.currency,
         (SELECT coalesce(sum(i.count), 0) FROM shipment_items i WHERE i.shipment_id = s.id) AS pieces
       FROM shipments s WHERE s.country = ? AND s.carrier = ? AND s.direction = 'outbound'
         AND s.tracking_number IS NOT NULL AND s.status NOT IN ('cancelled', 'refused', 'queued')
         AND s.created_at >= ? AND s.created_at < ? ORDER BY s.id`,
    )
    .bind(p.country, p.carrier, start, end)
    .all<ManifestLine>();
  return results;
}

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The manifest as CSV: one line a parcel, then the totals; amounts as decimals of the currency. */
export function manifestCsv(lines: readonly ManifestLine[]): string {
  const rows = [['reference', 'order', 'tracking_number', 'pieces', 'weight_kg', 'cod_amount', 'currency']];
  let weight = 0;
  const cod = new Map<string, number>();
  for (const l of lines) {
    weight += l.weight_grams;
    cod.set(l.currency, (cod.get(l.currency) ?? 0) + l.cod_amount);
    rows.push([
      l.reference,
      String(l.order_id),
      l.tracking_number ?? '',
      String(l.pieces),
      (l.weight_grams / 1000).toFixed(3),
      minorToDecimal(l.cod_amount, currencyDecimals(l.currency)),
      l.currency,
    ]);
  }
  for (const [currency, amount] of cod)
    rows.push([
      'TOTAL',
      String(lines.length),
      '',
      String(lines.reduce((s, l) => s + l.pieces, 0)),
      (weight / 1000).toFixed(3),
      minorToDecimal(amount, currencyDecimals(currency)),
      currency,
    ]);
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
