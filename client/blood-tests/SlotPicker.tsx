// The home-visit slot picker: days as a horizontal row of radio cards (SlotDays.tsx), then the day's
// windows as a radio group. With a fasting test in the cart only morning windows are offered, and a
// line says why.
import '../styles/blood-test-booking.css';
import { visitInstant } from '#shared/blood-tests/slot-rules';
import { formatTimeWindow } from '#shared/text/dates';
import type { CountryCode } from '#shared/locale';
import type { SlotDay } from '#shared/blood-tests/order-types';
import { useI18n } from '../i18n/context';
import { bookableWindows, type SlotChoice } from './booking-store';
import { SlotDays } from './SlotDays';

/** A window such as "07-09" on a day, as the shopper reads it: "7:00 AM – 9:00 AM". */
export function windowText(date: string, window: string, lang: 'en' | 'ar', country: CountryCode): string {
  const [from, to] = window.split('-').map((h) => Number.parseInt(h, 10));
  // On the visit country's own clock, where its windows are set: Kuwait's and Riyadh's UTC+3, Dubai's UTC+4.
  return formatTimeWindow(visitInstant(country, date, from ?? 0), visitInstant(country, date, to ?? 0), lang, country);
}

export function SlotPicker({
  days,
  fasting,
  value,
  country,
  onChange,
  name = 'slot',
}: {
  days: readonly SlotDay[];
  /** The server's word: a test needs fasting or a morning draw. */
  fasting: boolean;
  value: SlotChoice | null;
  country: CountryCode;
  onChange: (slot: SlotChoice) => void;
  name?: string;
}) {
  const { t, lang } = useI18n();
  const open = days
    .filter((d) => !d.closed)
    .map((d) => ({ ...d, windows: bookableWindows(d.windows, fasting) }))
    .filter((d) => d.windows.some((w) => w.available && w.places_left > 0));
  if (!open.length) return <p data-testid="slot-none">{t('bt_slot_none')}</p>;
  const day = open.find((d) => d.date === value?.date) ?? null;

  return (
    <div className="slot-picker">
      {fasting && (
        <p className="slot-fasting" data-testid="slot-fasting">
          {t('bt_fasting_why')}
        </p>
      )}
      <SlotDays
        name={name}
        legend={t('bt_slot_days')}
        country={country}
        value={value?.date ?? null}
        days={open.map((d) => ({
          date: d.date,
          note: t('bt_slot_places_left', {
            count: d.windows.reduce((sum, w) => sum + (w.available ? w.places_left : 0), 0),
          }),
        }))}
        onChange={(date) => {
          const first = open.find((d) => d.date === date)?.windows.find((w) => w.available && w.places_left > 0);
          if (first) onChange({ date, window: first.window });
        }}
      />
      {day && (
        <fieldset className="choice-list slot-windows">
          <legend>{t('bt_slot_windows')}</legend>
          {day.windows.map((w) => (
            <label key={w.window} className="choice" data-testid="slot-window">
              <input
                type="radio"
                name={`${name}-window`}
                value={w.window}
                disabled={!w.available || w.places_left === 0}
                checked={value?.window === w.window}
                onChange={() => onChange({ date: day.date, window: w.window })}
              />
              <span>
                <strong>{windowText(day.date, w.window, lang, country)}</strong>
                <span className="choice-detail">
                  {w.available && w.places_left > 0
                    ? t('bt_slot_places_left', { count: w.places_left })
                    : t('bt_slot_full')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
