// A nutritionist's day: the bookings of one Gulf day with the shopper's first name, the service, the
// mode and the status, each opening its booking page. The owner picks whose day.
import type { StaffSelf } from '../../lib/api';
import type { StaffTranslator } from '../../lib/i18n';
import { formatTimeWindow } from '#shared/text/dates';
import type { DayView } from '#shared/consultations/practice-views';
import { Layout } from '../Layout';
import {
  dayText,
  modeText,
  nameIn,
  type Notes,
  NutritionistPicker,
  outcomeText,
  PracticeNotes,
  statusText,
} from './common';
import { HOME_COUNTRY } from '#shared/countries';

export function DayPage(props: { t: StaffTranslator; nonce: string; me: StaffSelf; data: DayView; notes: Notes }) {
  const { t, me, data } = props;
  const manage = me.permissions.includes('consultations:manage');
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_practice_day_title')} path="/consultations">
      <h1>{t.t('st_practice_day_title')}</h1>
      <p className="muted">
        {t.t(data.own ? 'st_practice_day_intro_own' : 'st_practice_day_intro_owner', {
          country: t.t(`st_country_${HOME_COUNTRY}`),
        })}
      </p>
      <PracticeNotes t={t} notes={props.notes} />
      <ul className="subnav">
        <li>
          <a href={`/consultations/hours${manage ? `?nutritionist_id=${data.nutritionist.id}` : ''}`}>
            {t.t('st_practice_hours_link')}
          </a>
        </li>
        {manage && (
          <li>
            <a href="/consultations/earnings">{t.t('st_practice_earnings_link')}</a>
          </li>
        )}
      </ul>
      {manage && (
        <NutritionistPicker
          t={t}
          action="/consultations"
          current={data.nutritionist.id}
          nutritionists={data.nutritionists}
          hidden={{ date: data.date }}
        />
      )}
      <form method="get" action="/consultations" className="filters">
        {manage && <input type="hidden" name="nutritionist_id" value={data.nutritionist.id} />}
        <div>
          <label htmlFor="date">{t.t('st_practice_date')}</label>
          <input id="date" name="date" type="date" defaultValue={data.date} required />
        </div>
        <div>
          <button type="submit">{t.t('st_practice_show')}</button>
        </div>
      </form>
      <h2>
        {nameIn(t, data.nutritionist)} · {dayText(t, data.date)}
      </h2>
      <p>{t.t('st_practice_bookings_count', { count: data.bookings.length })}</p>
      {data.bookings.length === 0 ? (
        <p>{t.t('st_practice_no_bookings')}</p>
      ) : (
        <div className="table-wrap">
          <table className="stacked">
            <thead>
              <tr>
                <th scope="col">{t.t('st_practice_time')}</th>
                <th scope="col">{t.t('st_practice_shopper')}</th>
                <th scope="col">{t.t('st_practice_service')}</th>
                <th scope="col">{t.t('st_practice_mode')}</th>
                <th scope="col">{t.t('st_practice_status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.bookings.map((b) => (
                <tr key={b.id} data-consultation={b.id}>
                  <td data-label={t.t('st_practice_time')}>
                    <a href={`/consultations/${b.id}`}>
                      <bdi dir="ltr">{formatTimeWindow(b.starts_at, b.ends_at, t.lang, HOME_COUNTRY)}</bdi>
                    </a>
                  </td>
                  <td data-label={t.t('st_practice_shopper')}>
                    {b.first_name}
                    <div className="muted">
                      {t.t(b.lang === 'ar' ? 'st_practice_speaks_ar' : 'st_practice_speaks_en')}
                    </div>
                  </td>
                  <td data-label={t.t('st_practice_service')}>
                    {nameIn(t, b.service)}
                    <div className="muted">{t.t('st_practice_minutes', { count: b.service.minutes })}</div>
                  </td>
                  <td data-label={t.t('st_practice_mode')}>{modeText(t, b.mode)}</td>
                  <td data-label={t.t('st_practice_status')}>
                    {statusText(t, b.status)}
                    {b.outcome && <div className="muted">{outcomeText(t, b.outcome)}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}
