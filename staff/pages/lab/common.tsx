// Pieces the Blood tests area's pages share: the notes after a form post, status and payment words.
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import { DoneNote, ErrorNote } from '../Layout';
import type { Notes } from '../../lib/notes';

export type { Notes };

const DONE_TEXTS = {
  collected: 'st_lab_done_collected',
  at_lab: 'st_lab_done_at_lab',
  saved: 'st_lab_done_saved',
  unchanged: 'st_lab_done_unchanged',
  approved: 'st_lab_done_approved',
  price: 'st_lab_done_price',
  active: 'st_lab_done_active',
  capacity: 'st_lab_done_capacity',
  blackout: 'st_lab_done_blackout',
  nurse: 'st_lab_done_nurse',
  confirmed: 'st_lab_done_confirmed',
  nurse_added: 'st_lab_done_nurse_added',
  nurse_active: 'st_lab_done_nurse_active',
} as const satisfies Record<string, StaffTextId>;
export type DoneKey = keyof typeof DONE_TEXTS;

export function LabNotes({ t, notes }: { t: StaffTranslator; notes: Notes }) {
  const done = notes.done && Object.hasOwn(DONE_TEXTS, notes.done) ? t.t(DONE_TEXTS[notes.done as DoneKey]) : null;
  return (
    <>
      <ErrorNote t={t} msg={notes.error} />
      <DoneNote text={done} />
    </>
  );
}

export const statusText = (t: StaffTranslator, status: string) => t.t(`st_lab_status_${status}` as StaffTextId);
