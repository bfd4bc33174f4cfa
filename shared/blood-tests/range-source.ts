// A reference range's source as a shopper reads it: the citation and the note on its limits, in the
// page's language. The Arabic lives beside the data (reference-texts-ar.ts), keyed by the English, and a
// unit test checks that every citation and note has it.
import type { Lang } from '../locale';
import type { BiomarkerRange } from './biomarker-units';
import { REFERENCE_TEXTS_AR } from './reference-texts-ar';

export function rangeSourceText(range: Pick<BiomarkerRange, 'citation' | 'note'>, lang: Lang): string {
  const say = (english: string) => (lang === 'ar' ? (REFERENCE_TEXTS_AR[english] ?? english) : english);
  return range.note ? `${say(range.citation)}${lang === 'ar' ? '؛ ' : '; '}${say(range.note)}` : say(range.citation);
}
