// The own drivers' day in the back office (issue 62): the stops waiting for a driver, each driver's
// run in order (moved up or down, given to another driver), and which driver takes each area's or
// governorate's parcels as they are shipped. Changing needs orders:fulfil.
import type { DeliveriesData, DriverStop } from '#shared/api/driver-responses';
import { formatMinor } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';
import { HOME_COUNTRY } from '#shared/countries';
import { OWN_FLEET_COUNTRY } from '#shared/countries/rules';
import { instantIn, timeZoneOf } from '#shared/country-days';

function Run(props: { t: StaffTranslator; data: DeliveriesData; title: string; stops: DriverStop[]; id: string }) {
  const { t, data } = props;
  return (
    <section aria-labelledby={props.id} data-testid={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.stops.length === 0 ? (
        <p>{t.t('st_deliveries_no_stops')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t.t('st_cod_order')}</th>
                <th scope="col">{t.t('st_deliveries_name')}</th>
                <th scope="col">{t.t('st_deliveries_area')}</th>
                <th scope="col">{t.t('st_deliveries_cash')}</th>
                <th scope="col">{t.t('st_deliveries_state')}</th>
                {data.can_change && <th scope="col">{t.t('st_deliveries_change')}</th>}
              </tr>
            </thead>
            <tbody>
              {props.stops.map((s, i) => (
                <tr key={s.id} data-testid={`row-${s.id}`}>
                  <td>{i + 1}</td>
                  <td dir="ltr">{s.order_number}</td>
                  <td>{s.name}</td>
                  <td>{(t.lang === 'ar' ? s.area_ar : null) ?? s.area}</td>
                  <td>{s.cod_amount > 0 ? formatMinor(s.cod_amount, s.currency, t.lang, HOME_COUNTRY) : '—'}</td>
                  <td>{t.t(`st_deliveries_status_${s.status}` as StaffTextId)}</td>
                  {data.can_change && (
                    <td>
                      {(['up', 'down'] as const).map((direction) => (
                        <form key={direction} method="post" action="/deliveries/move" className="inline">
                          <input type="hidden" name="stop_id" value={s.id} />
                          <input type="hidden" name="direction" value={direction} />
                          <input type="hidden" name="day" value={data.day} />
                          <button
                            type="submit"
                            className="link"
                            aria-label={t.t(
                              direction === 'up' ? 'st_deliveries_up_label' : 'st_deliveries_down_label',
                              {
                                name: s.name,
                              },
                            )}
                          >
                            {t.t(direction === 'up' ? 'st_deliveries_up' : 'st_deliveries_down')}
                          </button>
                        </form>
                      ))}
                      {s.status === 'pending' && (
                        <form method="post" action="/deliveries/assign" className="inline">
                          <input type="hidden" name="stop_id" value={s.id} />
                          <input type="hidden" name="day" value={data.day} />
                          <label htmlFor={`assign-${s.id}`} className="visually-hidden">
                            {t.t('st_deliveries_assign_label', { name: s.name })}
                          </label>
                          <select id={`assign-${s.id}`} name="staff_id" defaultValue={s.staff_id ?? ''}>
                            <option value="">{t.t('st_deliveries_unassigned')}</option>
                            {data.drivers.map((d) => (
                              <option key={d.id} value={d.id}>
                                {d.name}
                              </option>
                            ))}
                          </select>{' '}
                          <button type="submit" className="secondary">
                            {t.t('st_deliveries_assign')}
                          </button>
                        </form>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function DeliveriesPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: DeliveriesData;
  state?: FormState;
}) {
  const { t, data } = props;
  const ar = t.lang === 'ar';
  const driverName = (id: number) => data.drivers.find((d) => d.id === id)?.name ?? `#${id}`;
  const zoneName = (kind: 'area' | 'governorate', id: number) => {
    const area =
      kind === 'area' ? data.areas.find((a) => a.id === id) : data.areas.find((a) => a.governorate_id === id);
    if (!area) return `#${id}`;
    return kind === 'area' ? (ar ? area.name_ar : area.name_en) : ar ? area.governorate_ar : area.governorate_en;
  };
  const governorates = [...new Map(data.areas.map((a) => [a.governorate_id, a])).values()];
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_deliveries_title')} path="/deliveries">
      <h1>{t.t('st_deliveries_title')}</h1>
      <p className="muted">{t.t('st_deliveries_intro')}</p>
      <p>
        <a href={`/deliveries?day=${data.previous}`}>{t.t('st_deliveries_previous')}</a> ·{' '}
        <strong>{formatDate(instantIn(timeZoneOf(OWN_FLEET_COUNTRY), data.day, 12), t.lang, OWN_FLEET_COUNTRY)}</strong>{' '}
        · <a href={`/deliveries?day=${data.next}`}>{t.t('st_deliveries_next')}</a>
      </p>
      <Notice t={t} state={props.state} />
      <Run
        t={t}
        data={data}
        id="run-unassigned"
        title={t.t('st_deliveries_to_assign')}
        stops={data.stops.filter((s) => s.staff_id === null)}
      />
      {data.drivers.map((d) => (
        <Run
          key={d.id}
          t={t}
          data={data}
          id={`run-${d.id}`}
          title={t.t(d.started_at ? 'st_deliveries_run_started' : 'st_deliveries_run', { name: d.name })}
          stops={data.stops.filter((s) => s.staff_id === d.id)}
        />
      ))}
      <section aria-labelledby="zones-title">
        <h2 id="zones-title">{t.t('st_deliveries_zones_title')}</h2>
        {data.zones.length === 0 ? (
          <p>{t.t('st_deliveries_no_zones')}</p>
        ) : (
          <ul>
            {data.zones.map((z) => (
              <li key={`${z.kind}-${z.zone_id}`}>
                {zoneName(z.kind, z.zone_id)}: {driverName(z.staff_id)}
              </li>
            ))}
          </ul>
        )}
        {data.can_change && (
          <form method="post" action="/deliveries/zones" className="card stack">
            <input type="hidden" name="day" value={data.day} />
            <div>
              <label htmlFor="zone">{t.t('st_deliveries_zone')}</label>
              <select id="zone" name="zone" required>
                <optgroup label={t.t('st_deliveries_governorates')}>
                  {governorates.map((g) => (
                    <option key={`g${g.governorate_id}`} value={`governorate:${g.governorate_id}`}>
                      {ar ? g.governorate_ar : g.governorate_en}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t.t('st_deliveries_areas')}>
                  {data.areas.map((a) => (
                    <option key={`a${a.id}`} value={`area:${a.id}`}>
                      {ar ? a.name_ar : a.name_en}
                    </option>
                  ))}
                </optgroup>
              </select>
            </div>
            <div>
              <label htmlFor="zone-driver">{t.t('st_deliveries_driver')}</label>
              <select id="zone-driver" name="staff_id">
                <option value="">{t.t('st_deliveries_no_driver')}</option>
                {data.drivers.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit">{t.t('st_deliveries_zone_save')}</button>
          </form>
        )}
      </section>
    </Layout>
  );
}
