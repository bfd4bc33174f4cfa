// A new family member: name, sex, date of birth, relation and the national id of the country the
// sample is collected in, each checked with the API's schema; the id is checked as it is typed.
import type { CountryCode } from '#shared/locale';
import { useState } from 'react';
import { PATIENT_RELATIONS } from '#shared/api/blood-test-order-facts';
import { useI18n } from '../i18n/context';
import { FieldNotes, notesIds, RequiredMark } from '../ui/form-fields';
import { fieldMessage } from '../ui/field-message';
import type { NewPatientDraft } from './booking-store';
import { nationalIdState, type PatientErrors } from './patient-form';

/** Each field's label as its messages name it; the national id's is the country's own (`bt_id_<code>`). */
const labels = (country: CountryCode) =>
  ({
    name: 'bt_patient_name',
    sex: 'bt_patient_sex',
    date_of_birth: 'bt_patient_birth',
    relation: 'bt_patient_relation',
    national_id: `bt_id_${country}`,
  }) as const;

export function PatientFields({
  value,
  country,
  errors,
  showErrors,
  relationFixed = false,
  onChange,
}: {
  value: NewPatientDraft;
  country: CountryCode;
  errors: PatientErrors;
  /** After a Continue that found problems, every field says its own. */
  showErrors: boolean;
  /** The shopper's own details: the relation is "self", nothing to choose. */
  relationFixed?: boolean;
  onChange: (next: NewPatientDraft) => void;
}) {
  const { t, tKey, has } = useI18n();
  const [touched, setTouched] = useState<Partial<Record<keyof NewPatientDraft, boolean>>>({});
  const set = (field: keyof NewPatientDraft, v: string) => onChange({ ...value, [field]: v });
  const error = (field: keyof NewPatientDraft): string | null => {
    const key = errors[field];
    if (!key || !(showErrors || touched[field])) return null;
    return fieldMessage({ t, tKey, has }, { label: labels(country)[field] }, key);
  };
  const id = nationalIdState(value.national_id, country, value.date_of_birth);
  const idError = id.state === 'error' ? (has(id.key) ? tKey(id.key) : null) : error('national_id');
  const leave = (field: keyof NewPatientDraft) => () => setTouched((s) => ({ ...s, [field]: true }));

  const text = (field: 'name' | 'date_of_birth', label: 'bt_patient_name' | 'bt_patient_birth', type: string) => (
    <div className={error(field) ? 'field has-error' : 'field'}>
      <label className="field-label" htmlFor={`bt-patient-${field}`}>
        {t(label)}
        <RequiredMark />
      </label>
      <FieldNotes id={`bt-patient-${field}`} error={error(field)} />
      <input
        id={`bt-patient-${field}`}
        type={type}
        required
        value={value[field]}
        autoComplete={field === 'name' ? 'name' : 'bday'}
        aria-invalid={error(field) ? true : undefined}
        aria-describedby={notesIds(`bt-patient-${field}`, null, error(field))}
        onChange={(e) => set(field, e.target.value)}
        onBlur={leave(field)}
      />
    </div>
  );

  return (
    <div className="bt-patient-fields" data-testid="bt-patient-fields">
      {text('name', 'bt_patient_name', 'text')}
      <fieldset className={error('sex') ? 'choice-list has-error' : 'choice-list'}>
        <legend className="field-label">
          {t('bt_patient_sex')}
          <RequiredMark />
        </legend>
        {error('sex') && <p className="field-error">{error('sex')}</p>}
        {(['female', 'male'] as const).map((sex) => (
          <label key={sex} className="choice">
            <input
              type="radio"
              name="bt-patient-sex"
              value={sex}
              checked={value.sex === sex}
              onChange={() => set('sex', sex)}
            />
            <span>{t(sex === 'female' ? 'bt_patient_female' : 'bt_patient_male')}</span>
          </label>
        ))}
      </fieldset>
      {text('date_of_birth', 'bt_patient_birth', 'date')}
      {!relationFixed && (
        <div className={error('relation') ? 'field has-error' : 'field'}>
          <label className="field-label" htmlFor="bt-patient-relation">
            {t('bt_patient_relation')}
            <RequiredMark />
          </label>
          <FieldNotes id="bt-patient-relation" error={error('relation')} />
          <select
            id="bt-patient-relation"
            required
            value={value.relation}
            aria-invalid={error('relation') ? true : undefined}
            aria-describedby={notesIds('bt-patient-relation', null, error('relation'))}
            onChange={(e) => set('relation', e.target.value)}
            onBlur={leave('relation')}
          >
            <option value="" />
            {PATIENT_RELATIONS.filter((r) => r !== 'self').map((r) => (
              <option key={r} value={r}>
                {t(`bt_relation_${r}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={idError ? 'field has-error' : 'field'}>
        <label className="field-label" htmlFor="bt-patient-national_id">
          {t(`bt_id_${country}`)}
          <RequiredMark />
        </label>
        <FieldNotes id="bt-patient-national_id" hint={t(`bt_id_hint_${country}`)} error={idError} />
        <input
          type="text"
          id="bt-patient-national_id"
          inputMode="numeric"
          dir="ltr"
          required
          value={value.national_id}
          aria-invalid={idError ? true : undefined}
          aria-describedby={notesIds('bt-patient-national_id', 'hint', idError)}
          onChange={(e) => set('national_id', e.target.value)}
          onBlur={leave('national_id')}
        />
        {/* Said politely once the whole number checks out, so a screen reader hears it too. */}
        <p className="field-ok" role="status" data-testid="national-id-ok">
          {id.state === 'ok' ? t('bt_id_ok') : ''}
        </p>
      </div>
    </div>
  );
}
