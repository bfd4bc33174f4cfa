// What the live carrier adapters share: one call to a carrier with a deadline, and the line between
// "the carrier said no" (CarrierRefused: not retried, its words shown to staff) and "the carrier could
// not answer" (CarrierUnavailable: the queue tries again). A slow carrier never holds a request or a
// queue batch for longer than CARRIER_TIMEOUT_MS.
import { PDFDocument } from 'pdf-lib';
import { currencyDecimals, minorToDecimal } from '#shared/money';
import { type CarrierCode, CarrierUnavailable } from './types';

const CARRIER_TIMEOUT_MS = 20_000;

export interface CarrierHttpOptions {
  /** The fetch to call (tests pass a stand-in; the worker passes the global one). */
  fetcher?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Sends one request and returns the response whatever its status, so each adapter reads its carrier's
 * own error shapes. A network failure or the deadline passing is CarrierUnavailable; so is a 5xx, a 429
 * (the carrier asks us to come back) and a 401/403 (our keys are wrong: fixing them and retrying works,
 * while the parcel itself is fine).
 */
export async function carrierFetch(
  carrier: CarrierCode,
  url: string,
  init: RequestInit,
  options: CarrierHttpOptions = {},
): Promise<Response> {
  const fetcher = options.fetcher ?? fetch;
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? CARRIER_TIMEOUT_MS) });
  } catch (err) {
    const name = (err as { name?: string })?.name;
    const detail = name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : `network error: ${String(err)}`;
    throw new CarrierUnavailable(carrier, `${init.method ?? 'GET'} ${new URL(url).pathname} ${detail}`);
  }
  if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) {
    const text = await response.text().catch(() => '');
    throw new CarrierUnavailable(
      carrier,
      `${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}${text ? `: ${text.slice(0, 300)}` : ''}`,
    );
  }
  return response;
}

/** The body as JSON; a body that is not JSON (an HTML error page from a proxy) is the carrier failing. */
export async function carrierJson<T>(carrier: CarrierCode, response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new CarrierUnavailable(
      carrier,
      `answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
    );
  }
}

/** Minor units as the decimal number carriers' JSON wants: 12345 fils → 12.345 KWD, 12345 halalas → 123.45 SAR. */
export function decimalAmount(minor: number, currency: string): number {
  return Number(minorToDecimal(minor, currencyDecimals(currency)));
}

/** Grams as kilograms with three decimals (carriers weigh in kg; 1250 g → 1.25). */
export function kilograms(grams: number): number {
  return Math.round(grams) / 1000;
}

/**
 * A stable key for an event the carrier gives no id of: its tracking number, code and time. The same
 * event polled twice gets the same key, so shipment_events (UNIQUE (shipment_id, event_key)) keeps one.
 */
export function eventKey(carrier: CarrierCode, trackingNumber: string, code: string, at: number): string {
  return `${carrier}:${trackingNumber}:${code}:${at}`;
}

/** Several label PDFs (a parcel of several pieces has one each) as one, to print in one go. */
export async function onePdf(files: Uint8Array[]): Promise<Uint8Array> {
  if (files.length === 1) return files[0]!;
  const merged = await PDFDocument.create();
  for (const file of files) {
    const doc = await PDFDocument.load(file);
    for (const page of await merged.copyPages(doc, doc.getPageIndices())) merged.addPage(page);
  }
  return merged.save();
}
