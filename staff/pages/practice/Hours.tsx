// A nutritionist's weekly hours (the home country's time, for every service or one) and days off. The week is one
// form saved whole: each row a weekday, a start and an end, and blank rows to add more; a row left
// blank is dropped. The API refuses overlaps and an end before the start, and audits each change.
import { clockOf } from '#shared/api/staff-practice-schemas';
import { HOME_COUNTRY } from '#shared/countries';
import type { StaffSelf } from '../../lib/api';
import type { StaffTranslator } from '../../lib/i18n';
import type { ScheduleView } from '#shared/consultations/practice-views';
import { Layout } from '../Layout';
import { dayText, nameIn, type Notes, NutritionistPicker, PracticeNotes, WEEKDAY_TEXTS } from './common';

/** Rows as the form holds them (a refused save shows what was typed). */
export interface HoursDraftRow {
  weekday: string;
  start: string;
  end: string;
  service_id: string;
}

const BLANK_ROWS = 3;

export function HoursPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: ScheduleView;
  notes: Notes;
  draft?: HoursDraftRow[];
}) {
  const { t, me, data } = props;
  const manage = me.permissions.includes('consultations:manage');
  const canWrite = me.permissions.includes('consultations:write');
  const saved: HoursDraftRow[] = data.hours.map((h) => ({
    weekday: String(h.weekday),
    start: clockOf(h.start_minute),
    end: clockOf(h.end_minute),
    service_id: h.service_id === null ? '' : String(h.service_id),
  }));
  const rows = [
    ...(props.draft ?? saved),
    ...Array.from({ length: BLANK_ROWS }, () => ({ weekday: '', start: '', end: '', service_id: '' })),
  ];
  const back = `/consultations/hours${manage ? `?nutritionist_id=${data.nutritionist.id}` : ''}`;
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_practice_hours_title')} path="/consultations">
      <h1>{t.t('st_practice_hours_title')}</h1>
      <p className="muted">{t.t('st_practice_hours_intro', { country: t.t(`st_country_${HOME_COUNTRY}`) })}</p>
      <PracticeNotes t={t} notes={props.notes} />
      <p>
        <a href={`/consultations${manage ? `?nutritionist_id=${data.nutritionist.id}` : ''}`}>
          {t.t('st_practice_back_to_day')}
        </a>
      </p>
      {manage && (
        <NutritionistPicker
          t={t}
          action="/consultations/hours"
          current={data.nutritionist.id}
          nutritionists={data.nutritionists}
        />
      )}
      <h2>{nameIn(t, data.nutritionist)}</h2>
      <form method="post" action="/consultations/hours">
        <input type="hidden" name="nutritionist_id" value={data.nutritionist.id} />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="rows" value={rows.length} />
        <div className="table-wrap">
          <table className="stacked">
            <caption className="visually-hidden">{t.t('st_practice_hours_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t.t('st_practice_weekday')}</th>
                <th scope="col">{t.t('st_practice_from')}</th>
                <th scope="col">{t.t('st_practice_until')}</th>
                <th scope="col">{t.t('st_practice_service')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} data-row={i}>
                  <td data-label={t.t('st_practice_weekday')}>
                    <label className="visually-hidden" htmlFor={`weekday_${i}`}>
                      {t.t('st_practice_row_weekday', { n: i + 1 })}
                    </label>
                    <select id={`weekday_${i}`} name={`weekday_${i}`} defaultValue={r.weekday}>
                      <option value="">{t.t('st_practice_no_day')}</option>
                      {WEEKDAY_TEXTS.map((key, d) => (
                        <option key={key} value={d}>
                          {t.t(key)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label={t.t('st_practice_from')}>
                    <label className="visually-hidden" htmlFor={`start_${i}`}>
                      {t.t('st_practice_row_from', { n: i + 1 })}
                    </label>
                    <input id={`start_${i}`} name={`start_${i}`} type="time" step={300} defaultValue={r.start} />
                  </td>
                  <td data-label={t.t('st_practice_until')}>
                    <label className="visually-hidden" htmlFor={`end_${i}`}>
                      {t.t('st_practice_row_until', { n: i + 1 })}
                    </label>
                    <input id={`end_${i}`} name={`end_${i}`} type="time" step={300} defaultValue={r.end} />
                  </td>
                  <td data-label={t.t('st_practice_service')}>
                    <label className="visually-hidden" htmlFor={`service_${i}`}>
                      {t.t('st_practice_row_service', { n: i + 1 })}
                    </label>
                    <select id={`service_${i}`} name={`service_${i}`} defaultValue={r.service_id}>
                      <option value="">{t.t('st_practice_every_service')}</option>
                      {data.services.map((s) => (
                        <option key={s.id} value={s.id}>
                          {nameIn(t, s)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">{t.t('st_practice_hours_hint')}</p>
        {canWrite && <button type="submit">{t.t('st_practice_save_hours')}</button>}
      </form>

      <h2>{t.t('st_practice_days_off')}</h2>
      {data.days_off.length === 0 ? (
        <p>{t.t('st_practice_no_days_off')}</p>
      ) : (
        <ul className="rows">
          {data.days_off.map((d) => (
            <li key={d} data-day-off={d}>
              {dayText(t, d)}
              {canWrite && (
                <form method="post" action="/consultations/days-off/remove" className="inline">
                  <input type="hidden" name="nutritionist_id" value={data.nutritionist.id} />
                  <input type="hidden" name="date" value={d} />
                  <input type="hidden" name="back" value={back} />
                  <button
                    type="submit"
                    className="secondary"
                    aria-label={t.t('st_practice_remove_day_off_label', { date: dayText(t, d) })}
                  >
                    {t.t('st_practice_remove')}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form method="post" action="/consultations/days-off" className="filters">
          <input type="hidden" name="nutritionist_id" value={data.nutritionist.id} />
          <input type="hidden" name="back" value={back} />
          <div>
            <label htmlFor="day_off">{t.t('st_practice_day_off_date')}</label>
            <input id="day_off" name="date" type="date" min={data.today} required />
          </div>
          <div>
            <button type="submit">{t.t('st_practice_add_day_off')}</button>
          </div>
        </form>
      )}
    </Layout>
  );
}
