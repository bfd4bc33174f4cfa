// The row of days as radio cards (arrow keys move between them, in reading order in both directions):
// the Gregorian day and, in Arabic, the Hijri day beside it, with a note under each. The home-visit
// slot picker (SlotPicker.tsx) and the consultation's time picker (client/consultations/TimePicker.tsx)
// both choose their day here.
import '../styles/blood-test-booking.css';
import type { CountryCode } from '#shared/locale';
import { formatSlotDay } from '#shared/text/dates';
import { useI18n } from '../i18n/context';

export function SlotDays({
  days,
  value,
  country,
  onChange,
  name,
  legend,
}: {
  days: ReadonlyArray<{ date: string; note: string }>;
  /** The group's name ("Day of the visit", "Day"). */
  legend: string;
  value: string | null;
  country: CountryCode;
  onChange: (date: string) => void;
  name: string;
}) {
  const { lang } = useI18n();
  return (
    <fieldset className="slot-days">
      <legend>{legend}</legend>
      <div className="slot-day-row">
        {days.map((d) => {
          const text = formatSlotDay(Date.parse(`${d.date}T12:00:00+03:00`), lang, country);
          return (
            <label key={d.date} className="slot-day" data-testid="slot-day">
              <input
                type="radio"
                name={`${name}-day`}
                value={d.date}
                checked={value === d.date}
                onChange={() => onChange(d.date)}
              />
              <span className="slot-day-name">{text.day}</span>
              {text.hijri && <span className="slot-day-hijri">{text.hijri}</span>}
              <span className="slot-day-left">{d.note}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
