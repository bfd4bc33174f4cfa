// A number of points as totals, invoices and mails print it (issue 47): Latin digits and the
// language's grouping ("1,200"), like the counts of the dictionaries (shared/i18n). Its own module so
// the storefront's entry, which carries the translator, does not grow by an export.
import type { Lang } from '../locale';

const formats = new Map<Lang, Intl.NumberFormat>();

export function pointsCount(points: number, lang: Lang): string {
  let f = formats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(`${lang}-u-nu-latn`);
    formats.set(lang, f);
  }
  return f.format(points);
}
