// Numbers typed on an Arabic keyboard: Arabic-Indic digits (٠–٩, U+0660–0669), Eastern Arabic-Persian
// digits (۰–۹, U+06F0–06F9, Persian and Urdu keyboards), the Arabic decimal separator (٫) and the
// Arabic thousands separator (٬). Every place a shopper types a number goes through here (the shared
// zod schemas, so the API accepts them too, and the inputs that parse numbers themselves).

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** "٩٨٧٦ ٥٤٣٢" → "9876 5432", "١٢٫٥" → "12.5", "١٬٢٥٠" → "1,250"; other characters stay. */
export function normalizeDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9\u066B\u066C]/g, (ch) => {
    const code = ch.charCodeAt(0);
    if (ch === '\u066B') return '.';
    if (ch === '\u066C') return ',';
    return String(code - (code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO));
  });
}

/**
 * A plain decimal number typed by a shopper ("12.5", "١٢٫٥", "1,250", "١٬٢٥٠"), or null when the text
 * is not one. A comma counts as a thousands separator only before groups of three digits.
 */
export function parseDecimal(text: string): number | null {
  const plain = normalizeDigits(text)
    .trim()
    .replace(/[\s\u00A0\u202F]/g, '');
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(plain);
  if (!m) return null;
  return Number(`${m[1]!.replace(/,/g, '')}${m[2] ? `.${m[2]}` : ''}`);
}
