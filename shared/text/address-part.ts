// One part of an address as a shopper and a courier read it: "Street 12", "شارع 12". A shopper often
// types the word already ("شارع التحلية", "Street 12", "Bldg 7"): then the value is shown as typed, not
// as "شارع شارع التحلية". Words in either language count, since either may be typed on either page.

/** The words a shopper may type before a part's value themselves, lower-case. */
const TYPED_LABELS: Readonly<Record<string, readonly string[]>> = {
  street: ['street', 'st', 'st.', 'road', 'rd', 'rd.', 'شارع', 'ش', 'ش.', 'طريق'],
  block: ['block', 'blk', 'blk.', 'قطعة', 'ق', 'ق.'],
  avenue: ['avenue', 'ave', 'ave.', 'جادة'],
  building: ['building', 'bldg', 'bldg.', 'مبنى', 'عمارة', 'بناية'],
  building_number: ['building', 'bldg', 'bldg.', 'مبنى', 'عمارة', 'بناية'],
  floor: ['floor', 'fl', 'fl.', 'الطابق', 'طابق', 'الدور', 'دور'],
  apartment: ['apartment', 'apt', 'apt.', 'flat', 'شقة'],
};

/** `template` ("Street {{value}}") with the value, unless the value already begins with such a word. */
export function labelledPart(part: string, template: string, value: string): string {
  const typed = value.trim();
  const own = template.replace('{{value}}', '').trim().toLowerCase();
  const start = typed.toLowerCase();
  const words = [own, ...(TYPED_LABELS[part] ?? [])].filter(Boolean);
  return words.some((w) => start === w || start.startsWith(`${w} `)) ? typed : template.replace('{{value}}', typed);
}
