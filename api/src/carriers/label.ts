// A plain 4×6 label (the thermal printers' size) for the carriers that print their own: the local carrier
// and the shop's own drivers. Real carriers send their own labels. The drawing (./label-draw.ts) is
// loaded on first use: its Arabic font, font engine and bidi tables are a few hundred kB that only
// shipping needs, kept out of every other request's start.
import type { CarrierCode, ShipmentRequest } from './types';

/** The own driver's run a parcel is a stop of: its day, its driver (null: not assigned yet) and the stop's place. */
export interface LabelRun {
  day: string;
  driver: string | null;
  position: number;
}

/** A plain label: the carrier, the tracking number as a barcode, the order, both parties, the cash to collect. */
export async function plainLabel(
  request: ShipmentRequest,
  trackingNumber: string,
  code: CarrierCode,
  /** The own driver's run and stop, printed under the carrier's name. */
  run?: LabelRun,
): Promise<Uint8Array> {
  const { drawLabel } = await import('./label-draw');
  return drawLabel(request, trackingNumber, code, run);
}
