// An order step's or refund's note on the order page: the shop's own (a parcel returned to sender) in the
// clerk's language, whether stored as its key or, before that, in English; a note staff typed as typed.
import { describe, expect, it } from 'vitest';
import { staffTranslator } from '../../lib/i18n';
import { noteText } from './order-detail-data';

describe('noteText', () => {
  const ar = staffTranslator('ar');
  const en = staffTranslator('en');

  it('writes the shop’s own note in the clerk’s language', () => {
    expect(noteText(ar, 'returned_to_sender')).toBe('أُعيد إلى المرسل: أرجع الناقل الطرد إلينا');
    expect(noteText(en, 'returned_to_sender')).toBe('Returned to sender: the carrier brought the parcel back');
    // Stored in English before it was a key.
    expect(noteText(ar, 'returned to sender')).toBe('أُعيد إلى المرسل: أرجع الناقل الطرد إلينا');
  });

  it('keeps a note staff typed as typed', () => {
    expect(noteText(ar, 'She asked to cancel by phone')).toBe('She asked to cancel by phone');
  });
});
