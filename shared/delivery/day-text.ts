// A promised day as the shopper reads it, written on the server (decision 65): the API's answers, her
// order page and the order mails print the same words. Pure text, no rules.
import { catalogueAr } from '../i18n/catalogue.ar';
import { catalogueEn } from '../i18n/catalogue.en';
import { instantIn, timeZoneOf } from '../country-days';
import type { CountryCode, Lang } from '../locale';
import { formatSlotDay } from '../text/dates';
import type { DeliverySpeed } from './speeds';

/** "Sat, Nov 28"; in Arabic with the Hijri day: "السبت، 28 نوفمبر (18 جمادى الآخرة)". */
export function dayText(date: string, lang: Lang, country: CountryCode): string {
  // Noon of the promised day on the country's clocks, printed in its zone.
  const day = formatSlotDay(instantIn(timeZoneOf(country), date, 12), lang, country);
  return day.hijri ? `${day.day} (${day.hijri})` : day.day;
}

/** "Same-day delivery: arrives Sat, Nov 28", as the product page names a speed (the order mail, issue 73). */
export function arrivalText(lang: Lang, speed: DeliverySpeed | null, day: string): string {
  const texts = lang === 'ar' ? catalogueAr : catalogueEn;
  return (speed ? texts[`delivery_arrives_${speed}`] : texts.delivery_arrives).replace('{{day}}', day);
}
