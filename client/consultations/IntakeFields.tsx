// The booking's intake form: her goal, conditions, medicines (a class the safety rules read, and the
// name as she knows it), pregnancy or breastfeeding, allergies, and which of her results the
// nutritionist may read (uploaded results and blood-test bookings, listed from her account).
import type { ReactNode } from 'react';
import type { UploadedResult } from '#shared/api/blood-test-upload-schemas';
import type { BloodTestOrderSummary } from '#shared/blood-tests/order-types';
import type { CountryCode } from '#shared/locale';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { FieldNotes, notesIds, RequiredMark } from '../ui/form-fields';
import { MEDICINE_CLASSES, PREGNANCY_STATES } from '#shared/consultations/intake';
import { INTAKE_LIMITS, type IntakeDraft, type IntakeField } from './intake-form';

function TextField({
  id,
  label,
  value,
  onChange,
  required,
  hint,
  error,
  max,
}: {
  max: number;
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  hint?: string;
  error?: string | null;
}) {
  const { t } = useI18n();
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : <span className="field-optional"> ({t('form_optional')})</span>}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
      <textarea
        id={id}
        rows={3}
        maxLength={max}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={notesIds(id, hint, error)}
        onChange={(e) => onChange(e.target.value)}
        data-testid={id}
      />
    </div>
  );
}

export function IntakeFields({
  draft,
  onChange,
  problems,
  uploads,
  orders,
  country,
}: {
  draft: IntakeDraft;
  onChange: (next: IntakeDraft) => void;
  /** Message keys from the shared schema, by field. */
  problems: Partial<Record<IntakeField, string>>;
  uploads: readonly UploadedResult[];
  orders: readonly BloodTestOrderSummary[];
  country: CountryCode;
}) {
  const { t, tKey, lang } = useI18n();
  const href = useHref();
  const set = (patch: Partial<IntakeDraft>) => onChange({ ...draft, ...patch });
  const err = (key: string | undefined) => (key ? tKey(key) : null);
  const toggle = (kind: 'uploads' | 'orders', id: number, on: boolean): void =>
    set({
      share: {
        ...draft.share,
        [kind]: on ? [...draft.share[kind], id] : draft.share[kind].filter((x) => x !== id),
      },
    });
  const shareable: ReactNode[] = [
    ...uploads.map((u) => (
      <label key={`u${u.id}`} className="checkbox">
        <input
          type="checkbox"
          checked={draft.share.uploads.includes(u.id)}
          onChange={(e) => toggle('uploads', u.id, e.target.checked)}
          data-testid="intake-share-upload"
        />
        <span>
          {t('consult_share_upload', {
            lab: u.lab_name,
            date: formatDate(Date.parse(`${u.sample_date}T12:00:00Z`), lang, country),
          })}
        </span>
      </label>
    )),
    ...orders.map((o) => (
      <label key={`o${o.id}`} className="checkbox">
        <input
          type="checkbox"
          checked={draft.share.orders.includes(o.id)}
          onChange={(e) => toggle('orders', o.id, e.target.checked)}
          data-testid="intake-share-order"
        />
        <span>
          {t('consult_share_order', {
            id: o.id,
            date: formatDate(Date.parse(o.created_at), lang, country),
          })}
        </span>
      </label>
    )),
  ];
  return (
    <>
      <TextField
        id="intake-goal"
        max={INTAKE_LIMITS.goal}
        label={t('consult_goal')}
        hint={t('consult_goal_hint')}
        value={draft.goal}
        onChange={(goal) => set({ goal })}
        required
        error={err(problems.goal)}
      />
      <TextField
        id="intake-conditions"
        max={INTAKE_LIMITS.conditions}
        label={t('consult_conditions')}
        hint={t('consult_conditions_hint')}
        value={draft.conditions}
        onChange={(conditions) => set({ conditions })}
        error={err(problems.conditions)}
      />
      <fieldset className="field" aria-describedby={problems.medicines ? 'intake-medicines-error' : undefined}>
        <legend className="field-label">
          {t('consult_medicines')} <span className="field-optional">({t('form_optional')})</span>
        </legend>
        <FieldNotes id="intake-medicines" hint={t('consult_medicines_hint')} error={err(problems.medicines)} />
        {draft.medicines.map((m, i) => (
          <div key={i} className="medicine-row" data-testid="intake-medicine">
            <label>
              <span>{t('consult_medicine_class')}</span>
              <select
                value={m.class}
                onChange={(e) =>
                  set({
                    medicines: draft.medicines.map((x, j) =>
                      j === i ? { ...x, class: e.target.value as IntakeDraft['medicines'][number]['class'] } : x,
                    ),
                  })
                }
                data-testid="intake-medicine-class"
              >
                <option value="">{t('consult_medicine_class_choose')}</option>
                {MEDICINE_CLASSES.map((c) => (
                  <option key={c} value={c}>
                    {t(`consult_med_${c}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('consult_medicine_name')}</span>
              <input
                type="text"
                maxLength={INTAKE_LIMITS.medicineName}
                value={m.name}
                onChange={(e) =>
                  set({ medicines: draft.medicines.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)) })
                }
                data-testid="intake-medicine-name"
              />
            </label>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => set({ medicines: draft.medicines.filter((_, j) => j !== i) })}
            >
              {t('consult_medicine_remove')}
            </button>
          </div>
        ))}
        {draft.medicines.length < INTAKE_LIMITS.medicines && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => set({ medicines: [...draft.medicines, { class: '', name: '' }] })}
            data-testid="intake-medicine-add"
          >
            {t('consult_medicine_add')}
          </button>
        )}
      </fieldset>
      <fieldset className="choice-list intake-choices">
        <legend className="field-label">{t('consult_pregnancy')}</legend>
        {PREGNANCY_STATES.map((p) => (
          <label key={p} className="choice">
            <input
              type="radio"
              name="intake-pregnancy"
              value={p}
              checked={draft.pregnancy === p}
              onChange={() => set({ pregnancy: p })}
              data-testid={`intake-pregnancy-${p}`}
            />
            <span>{t(`consult_pregnancy_${p}`)}</span>
          </label>
        ))}
      </fieldset>
      <TextField
        id="intake-allergies"
        max={INTAKE_LIMITS.allergies}
        label={t('consult_allergies')}
        value={draft.allergies}
        onChange={(allergies) => set({ allergies })}
        error={err(problems.allergies)}
      />
      <fieldset className="field">
        <legend className="field-label">
          {t('consult_share')} <span className="field-optional">({t('form_optional')})</span>
        </legend>
        <p className="field-hint">{t('consult_share_hint')}</p>
        {shareable.length ? shareable : <p className="muted">{t('consult_share_none')}</p>}
        {/* In a new tab, so the held time and what she typed stay; back here, the list is read again. */}
        <p>
          <a href={href('/upload-blood-test')} target="_blank" rel="noopener" data-testid="intake-upload-new">
            {t('consult_share_upload_new')}
          </a>
        </p>
      </fieldset>
    </>
  );
}
