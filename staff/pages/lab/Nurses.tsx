// The lab's nurses per country: who can be sent on a home visit. Nurses do not sign in to the back
// office; a coordinator adds them and takes them off the list (they stay named on past visits).
import type { NurseView } from '#shared/api/staff-lab-responses';
import type { CountryCode } from '#shared/locale';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import { LabNotes, type Notes } from './common';
import { CountryOptions } from '../CountryOptions';

export function NursesPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  nurses: NurseView[];
  countries: CountryCode[];
  notes: Notes;
}) {
  const { t, me, nurses } = props;
  const canWrite = me.permissions.includes('bloodtests:write');
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_lab_nurses_title')} path="/lab/nurses">
      <h1>{t.t('st_lab_nurses_title')}</h1>
      <p className="muted">{t.t('st_lab_nurses_intro')}</p>
      <LabNotes t={t} notes={props.notes} />
      {nurses.length === 0 ? (
        <p>{t.t('st_lab_nurses_none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="stacked">
            <thead>
              <tr>
                <th scope="col">{t.t('st_lab_nurse_name')}</th>
                <th scope="col">{t.t('st_lab_country')}</th>
                <th scope="col">{t.t('st_lab_phone')}</th>
                <th scope="col">{t.t('st_lab_status')}</th>
                {canWrite && <th scope="col">{t.t('st_lab_action')}</th>}
              </tr>
            </thead>
            <tbody>
              {nurses.map((n) => (
                <tr key={n.id} data-nurse={n.id}>
                  <td data-label={t.t('st_lab_nurse_name')}>{n.name}</td>
                  <td data-label={t.t('st_lab_country')}>{t.t(`st_country_${n.country}`)}</td>
                  <td data-label={t.t('st_lab_phone')}>
                    <bdi dir="ltr">{n.phone}</bdi>
                  </td>
                  <td data-label={t.t('st_lab_status')}>
                    {t.t(n.active ? 'st_lab_nurse_active' : 'st_lab_nurse_inactive')}
                  </td>
                  {canWrite && (
                    <td data-label={t.t('st_lab_action')}>
                      <form method="post" action="/lab/nurses/active">
                        <input type="hidden" name="nurse_id" value={n.id} />
                        <input type="hidden" name="active" value={n.active ? 'false' : 'true'} />
                        <button
                          type="submit"
                          className="secondary"
                          aria-label={t.t(n.active ? 'st_lab_nurse_remove_label' : 'st_lab_nurse_restore_label', {
                            name: n.name,
                          })}
                        >
                          {t.t(n.active ? 'st_lab_nurse_remove' : 'st_lab_nurse_restore')}
                        </button>
                      </form>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canWrite && (
        <>
          <h2>{t.t('st_lab_nurse_add')}</h2>
          <form method="post" action="/lab/nurses" className="filters">
            <div>
              <label htmlFor="nurse-name">{t.t('st_lab_nurse_name')}</label>
              <input type="text" id="nurse-name" name="name" required maxLength={80} autoComplete="off" />
            </div>
            <div>
              <label htmlFor="nurse-country">{t.t('st_lab_country')}</label>
              <select id="nurse-country" name="country" required>
                <CountryOptions t={t} countries={props.countries} />
              </select>
            </div>
            <div>
              <label htmlFor="nurse-phone">{t.t('st_lab_phone')}</label>
              <input id="nurse-phone" name="phone" type="tel" dir="ltr" required maxLength={30} autoComplete="off" />
            </div>
            <div>
              <button type="submit">{t.t('st_lab_nurse_add')}</button>
            </div>
          </form>
        </>
      )}
    </Layout>
  );
}
