// Above the results: whose results (when the shopper has results of family members too), the units
// they are read in (saved to the profile, then the page reads them again), and, while the account
// holder's sex or date of birth is missing, the short form that asks for them.
import { useContext, useState } from 'react';
import { Link } from 'react-router';
import { BT_RESULTS_PATHS } from '#shared/api/blood-test-results-paths';
import type { BloodTestResultsView } from '#shared/api/blood-test-results-schemas';
import type { UnitPreference } from '#shared/blood-tests/biomarker-units';
import { useI18n } from '../../i18n/context';
import { useHref } from '../../lib/locale';
import { ApiContext } from '../../providers';
import { toast } from '../../stores/toasts';
import { Field, FormAlerts, useForm } from '../../ui/form';

/** The page's link for a person: the account holder's is the page itself. */
const personHref = (base: string, patientId: number | null) =>
  patientId === null ? base : `${base}?person=${patientId}`;

export function PersonSwitch({ view }: { view: BloodTestResultsView }) {
  const { t } = useI18n();
  const href = useHref();
  if (view.people.length < 2) return null;
  return (
    <nav className="btr-people" aria-label={t('btr_people_label')} data-testid="btr-people">
      <ul>
        {view.people.map((p) => {
          const current = p.patient_id === view.person.patient_id;
          return (
            <li key={p.patient_id ?? 'self'}>
              <Link
                to={personHref(href('/profile/blood-tests'), p.patient_id)}
                aria-current={current ? 'page' : undefined}
                className={current ? 'btr-person current' : 'btr-person'}
              >
                <bdi>{p.name}</bdi>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function UnitSwitch({ value, onChanged }: { value: UnitPreference; onChanged: () => void }) {
  const { t } = useI18n();
  const api = useContext(ApiContext);
  const [sending, setSending] = useState<UnitPreference | null>(null);
  function choose(next: UnitPreference) {
    if (!api || next === value || sending) return;
    setSending(next);
    api
      .post(BT_RESULTS_PATHS.units, { unit_preference: next })
      .then(onChanged)
      .catch(() => toast.error('btr_units_failed'))
      .finally(() => setSending(null));
  }
  const shown = sending ?? value;
  return (
    <fieldset className="btr-units" data-testid="btr-units" aria-busy={sending ? true : undefined}>
      <legend className="field-label">{t('btr_units_label')}</legend>
      {(['conventional', 'si'] as const).map((u) => (
        <label key={u} className="choice">
          <input
            type="radio"
            name="btr-units"
            value={u}
            checked={shown === u}
            disabled={!api}
            onChange={() => choose(u)}
          />
          <span>{t(u === 'si' ? 'btr_units_si' : 'btr_units_conventional')}</span>
        </label>
      ))}
      {sending && (
        <span className="cart-line-meta" role="status">
          {t('btr_units_saving')}
        </span>
      )}
    </fieldset>
  );
}

export function ProfileForm({ unit, onSaved }: { unit: UnitPreference; onSaved: () => void }) {
  const { t } = useI18n();
  const form = useForm({
    id: 'btr-profile',
    schema: () => import('#shared/api/blood-test-results-schemas').then((m) => m.bloodTestProfileBody),
    initial: { sex: '', date_of_birth: '', unit_preference: unit },
    fields: {
      sex: { label: 'bt_patient_sex' },
      date_of_birth: { label: 'bt_patient_birth' },
      unit_preference: { label: 'btr_units_label' },
    },
    endpoint: BT_RESULTS_PATHS.profile,
    onSuccess: () => {
      toast.success('btr_profile_saved');
      onSaved();
    },
  });
  return (
    <section className="form-card btr-profile" aria-labelledby="btr-profile-title" data-testid="btr-profile">
      <h2 id="btr-profile-title">{t('btr_profile_title')}</h2>
      <p>{t('btr_profile_intro')}</p>
      <form ref={form.formRef} noValidate onSubmit={form.submit}>
        <FormAlerts form={form} />
        <div className="btr-profile-fields">
          <Field form={form} name="sex" required>
            {(p) => (
              <select {...p}>
                <option value="" />
                <option value="female">{t('bt_patient_female')}</option>
                <option value="male">{t('bt_patient_male')}</option>
              </select>
            )}
          </Field>
          <Field form={form} name="date_of_birth" required>
            {(p) => <input {...p} type="date" autoComplete="bday" />}
          </Field>
        </div>
        <button type="submit" className="button" disabled={!form.ready || form.sending}>
          {t('btr_profile_save')}
        </button>
      </form>
    </section>
  );
}
