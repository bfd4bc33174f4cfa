// Counted texts of the consultations dictionaries for the API's mails and messages, e.g. "1 session of
// your package (3 sessions left)": the plural form picked for the count (Arabic has six), so the
// shopper's pages and her mails say the same thing.
import { consultationsAr } from '#shared/i18n/consultations.ar';
import { consultationsEn } from '#shared/i18n/consultations.en';
import { isPlural, pluralCategoryOf } from '#shared/i18n/plural';
import { shellAr } from '#shared/i18n/shell.ar';
import { shellEn } from '#shared/i18n/shell.en';
import type { CountryCode, Lang } from '#shared/locale';

type CountedKey = {
  [K in keyof typeof consultationsEn]: (typeof consultationsEn)[K] extends string ? never : K;
}[keyof typeof consultationsEn];

export function countedText(lang: Lang, key: CountedKey, count: number): string {
  const entry: unknown = (lang === 'ar' ? consultationsAr : consultationsEn)[key];
  if (!isPlural(entry)) return String(entry);
  const template = entry[pluralCategoryOf(count, lang)] ?? entry.other;
  return template.replace(/\{\{\s*count\s*\}\}/g, String(count));
}

/** What paid a booking a package paid for: "1 session of your package (3 sessions left)". */
export const packageSessionText = (lang: Lang, left: number) => countedText(lang, 'consult_paid_package_left', left);

/**
 * Whose clock a time in a mail is on: "Kuwait time", «بتوقيت الإمارات» (the times are printed on the
 * clocks of the country she booked in, issue 77), with the country's name from the shell's texts.
 */
export function countryTimeText(lang: Lang, country: CountryCode): string {
  const name = (lang === 'ar' ? shellAr : shellEn)[`country_${country}`];
  return (lang === 'ar' ? consultationsAr : consultationsEn).consult_time_in.replace(/\{\{\s*country\s*\}\}/g, name);
}
