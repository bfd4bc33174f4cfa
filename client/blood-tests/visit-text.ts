// A booked visit as one line: "Sat, Nov 21 (11 Jumada…) · 7:00 AM – 9:00 AM" (the Hijri part in Arabic).
import type { CountryCode, Lang } from '#shared/locale';
import { formatSlotDay } from '#shared/text/dates';
import { visitInstant } from '#shared/blood-tests/slot-rules';
import { windowText } from './SlotPicker';

export function visitDayText(date: string, lang: Lang, country: CountryCode): string {
  const day = formatSlotDay(visitInstant(country, date, 12), lang, country);
  return day.hijri ? `${day.day} (${day.hijri})` : day.day;
}

export function visitText(slot: { date: string; window: string }, lang: Lang, country: CountryCode): string {
  return `${visitDayText(slot.date, lang, country)} · ${windowText(slot.date, slot.window, lang, country)}`;
}
