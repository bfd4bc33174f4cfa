// The consultation's time picker: the days with free times as the blood-test visit picker shows them
// (SlotDays: the Gregorian day, the Hijri day beside it in Arabic, and how many times are free), then
// the chosen day's start times as a radio grid, on her country's clocks and listed by her own days.
import '../styles/blood-test-booking.css';
import type { ConsultationSlotDay } from '#shared/consultations/types';
import type { CountryCode } from '#shared/locale';
import { SlotDays } from '../blood-tests/SlotDays';
import { useI18n } from '../i18n/context';
import { dayOf, shopperDays, timeText } from './times';

export function TimePicker({
  days,
  value,
  country,
  onChange,
  name = 'consult',
}: {
  days: readonly ConsultationSlotDay[];
  /** The chosen start (ms since the epoch). */
  value: number | null;
  country: CountryCode;
  onChange: (startsAt: number) => void;
  name?: string;
}) {
  const { t, lang } = useI18n();
  const open = shopperDays(days, country);
  if (!open.length) return <p data-testid="slot-none">{t('consult_no_times_week')}</p>;
  const chosenDay = value === null ? null : dayOf(value, country);
  const day = open.find((d) => d.date === chosenDay) ?? null;
  return (
    <div className="slot-picker">
      <SlotDays
        name={name}
        legend={t('consult_day')}
        country={country}
        value={day?.date ?? null}
        days={open.map((d) => ({ date: d.date, note: t('consult_times_free', { count: d.times.length }) }))}
        onChange={(date) => {
          const first = open.find((d) => d.date === date)?.times[0];
          if (first !== undefined) onChange(first);
        }}
      />
      {day && (
        <fieldset className="time-grid">
          <legend>{t('consult_time')}</legend>
          {day.times.map((at) => (
            <label key={at} className="time-button" data-testid="slot-time">
              <input
                type="radio"
                name={`${name}-time`}
                value={at}
                checked={value === at}
                onChange={() => onChange(at)}
              />
              <span>{timeText(at, lang, country)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
