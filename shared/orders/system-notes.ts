// The notes the shop writes itself on an order's steps and refunds (order_events.note, refunds.note),
// beside the ones staff type: stored as a key, so each reader sees it in her language (the back office:
// st_order_note_<key>). Staff's typed notes are shown as typed.
const SYSTEM_NOTES = ['returned_to_sender'] as const;
export type SystemNote = (typeof SYSTEM_NOTES)[number];

/** The parcel came back after the carrier's last attempt (api/src/shipping/returned.ts). */
export const RETURNED_TO_SENDER: SystemNote = 'returned_to_sender';

/** Notes stored in English before they were keys, and the key each one is. */
const WRITTEN_BEFORE: Record<string, SystemNote> = { 'returned to sender': 'returned_to_sender' };

/** The shop's own note a stored note is, or null for one staff typed. */
export function systemNote(note: string): SystemNote | null {
  if ((SYSTEM_NOTES as readonly string[]).includes(note)) return note as SystemNote;
  return WRITTEN_BEFORE[note] ?? null;
}
