// The carriers the shop runs itself, the local one (development and the sandbox) and its own drivers,
// keep each status mark of a parcel as a row of their own table; both read the rows back as tracking
// events in the same way, which lives here once.
import type { ParcelStatus, TrackingEvent } from './types';

/** A stored status mark, as both carriers' track() read it. */
export interface StatusMark {
  id: number;
  tracking_number: string;
  status: ParcelStatus;
  reason: string | null;
  at: number;
}

/**
 * A status mark as a tracking event. Its key is the mark's own row id behind the carrier's prefix: the
 * same mark read twice is the same event.
 */
export function markEvent(prefix: 'local' | 'own', row: StatusMark): TrackingEvent {
  return {
    trackingNumber: row.tracking_number,
    eventKey: `${prefix}-${row.id}`,
    status: row.status,
    carrierCode: row.status.toUpperCase(),
    description: row.status.replaceAll('_', ' '),
    location: null,
    reason: row.reason,
    at: row.at,
  };
}
