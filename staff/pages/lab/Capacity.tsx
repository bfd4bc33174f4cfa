// Collection places per zone and window (where not the default) and the days without collections.
import type { CapacityData } from '#shared/api/staff-lab-responses';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import { LabNotes, type Notes } from './common';
import { CountryOptions } from '../CountryOptions';

/**
 * A row's cell that takes it back with one button: a zone's window to the default places, a blackout
 * day off the list. Both tables end their rows with it.
 */
function RowUndo({ action, fields, label }: { action: string; fields: Record<string, string>; label: string }) {
  return (
    <td>
      <form method="post" action={action}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="link">
          {label}
        </button>
      </form>
    </td>
  );
}

export function CapacityPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: CapacityData;
  notes: Notes;
}) {
  const { t, data, me } = props;
  const ar = t.lang === 'ar';
  const canWrite = me.permissions.includes('bloodtests:write');
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_lab_capacity_title')} path="/lab/tests/capacity">
      <p>
        <a href="/lab/tests">{t.t('st_lab_back_to_tests')}</a>
      </p>
      <h1>{t.t('st_lab_capacity_title')}</h1>
      <p className="muted">{t.t('st_lab_capacity_intro', { places: t.n(data.default_capacity) })}</p>
      <LabNotes t={t} notes={props.notes} />

      <h2>{t.t('st_lab_capacity_rows')}</h2>
      {data.capacity.length === 0 ? (
        <p>{t.t('st_lab_capacity_none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_lab_zone')}</th>
                <th scope="col">{t.t('st_lab_window')}</th>
                <th scope="col">{t.t('st_lab_places')}</th>
                {canWrite && <th scope="col">{t.t('st_lab_action')}</th>}
              </tr>
            </thead>
            <tbody>
              {data.capacity.map((c) => (
                <tr key={`${c.zone} ${c.slot_window}`}>
                  <td>{ar ? c.zone_ar : c.zone_en}</td>
                  <td>
                    <bdi dir="ltr">{c.slot_window}</bdi>
                  </td>
                  <td>{t.n(c.capacity)}</td>
                  {canWrite && (
                    <RowUndo
                      action="/lab/tests/capacity/remove"
                      fields={{ zone: c.zone, window: c.slot_window }}
                      label={t.t('st_lab_reset')}
                    />
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canWrite && (
        <form method="post" action="/lab/tests/capacity" className="filters">
          <div>
            <label htmlFor="cap-zone">{t.t('st_lab_zone')}</label>
            <select id="cap-zone" name="zone" required>
              {data.zones.map((z) => (
                <option key={z.zone} value={z.zone}>
                  {`${ar ? z.name_ar : z.name_en} (${t.t(`st_country_${z.country}`)})`}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="cap-window">{t.t('st_lab_window')}</label>
            <select id="cap-window" name="window" dir="ltr">
              {data.windows.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="cap-places">{t.t('st_lab_places')}</label>
            <input id="cap-places" name="capacity" type="number" min={0} max={50} required dir="ltr" />
          </div>
          <div>
            <button type="submit">{t.t('st_lab_set_capacity')}</button>
          </div>
        </form>
      )}

      <h2>{t.t('st_lab_blackout_rows')}</h2>
      {data.blackout_days.length === 0 ? (
        <p>{t.t('st_lab_blackout_none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_lab_date')}</th>
                <th scope="col">{t.t('st_lab_country')}</th>
                <th scope="col">{t.t('st_lab_name_en')}</th>
                <th scope="col">{t.t('st_lab_name_ar')}</th>
                {canWrite && <th scope="col">{t.t('st_lab_action')}</th>}
              </tr>
            </thead>
            <tbody>
              {data.blackout_days.map((d) => (
                <tr key={`${d.country} ${d.date}`}>
                  <td>
                    <bdi dir="ltr">{d.date}</bdi>
                  </td>
                  <td>{t.t(`st_country_${d.country}`)}</td>
                  <td lang="en" dir="ltr">
                    {d.name_en}
                  </td>
                  <td lang="ar" dir="rtl">
                    {d.name_ar}
                  </td>
                  {canWrite && (
                    <RowUndo
                      action="/lab/tests/blackout/remove"
                      fields={{ country: d.country, date: d.date }}
                      label={t.t('st_lab_remove')}
                    />
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canWrite && (
        <form method="post" action="/lab/tests/blackout" className="filters">
          <div>
            <label htmlFor="bo-country">{t.t('st_lab_country')}</label>
            <select id="bo-country" name="country">
              <CountryOptions t={t} countries={data.countries} />
            </select>
          </div>
          <div>
            <label htmlFor="bo-date">{t.t('st_lab_date')}</label>
            <input id="bo-date" name="date" type="date" required />
          </div>
          <div>
            <label htmlFor="bo-en">{t.t('st_lab_name_en')}</label>
            <input type="text" id="bo-en" name="name_en" required lang="en" dir="ltr" />
          </div>
          <div>
            <label htmlFor="bo-ar">{t.t('st_lab_name_ar')}</label>
            <input type="text" id="bo-ar" name="name_ar" required lang="ar" dir="rtl" />
          </div>
          <div>
            <button type="submit">{t.t('st_lab_add_blackout')}</button>
          </div>
        </form>
      )}
    </Layout>
  );
}
