// Adding or changing an uploaded result's values, loaded only when the shopper opens it.
// Rows: a marker (a select grouped by body system), a value (decimal keyboard, Arabic digits read), a
// unit among the marker's. "Find values in the PDF" adds the values the API read in the report as rows
// with their source line and an unticked "This value is right": only ticked findings and typed rows
// are saved (the same shared schema as the API checks them), replacing the result's whole set.
import { useContext, useEffect, useId, useRef, useState } from 'react';
import type {
  BiomarkerOption,
  BiomarkerOptions,
  UploadReadAnswer,
  UploadValue,
  UploadValuesAnswer,
  ValueOrigin,
} from '#shared/api/blood-test-upload-schemas';
import { ApiFailure } from '#shared/api/client';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { FieldNotes, notesIds } from '../ui/form-fields';
import { failureKey } from './upload-api';
import { BODY_SYSTEMS, VALUES_API } from './values-api';

interface Row {
  key: number;
  biomarker: string;
  value: string;
  unit: string;
  origin: ValueOrigin;
  /** A value found in the PDF: saved only once ticked. */
  finding?: { line: string; unitGuessed: boolean; value: string; confirmed: boolean };
}

type RowErrors = Partial<Record<'biomarker' | 'value' | 'unit', string>>;

export default function ValuesEditor({
  resultId,
  hasPdf,
  values,
  onSaved,
  onClose,
}: {
  resultId: number;
  hasPdf: boolean;
  values: UploadValue[];
  onSaved: (values: UploadValue[]) => void;
  onClose: () => void;
}) {
  const { t, tKey } = useI18n();
  const api = useContext(ApiContext)!;
  const id = useId();
  const nextKey = useRef(1);
  const [options, setOptions] = useState<BiomarkerOption[] | null>(null);
  const [rows, setRows] = useState<Row[]>(() =>
    values.length
      ? values.map((v) => ({
          key: nextKey.current++,
          biomarker: v.biomarker.slug,
          value: v.value,
          unit: v.unit,
          origin: v.origin,
        }))
      : [{ key: nextKey.current++, biomarker: '', value: '', unit: '', origin: 'typed' }],
  );
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [reading, setReading] = useState(false);
  const [readStatus, setReadStatus] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .get<BiomarkerOptions>(VALUES_API.biomarkers)
      .then((res) => live && setOptions(res.data.items))
      .catch((error: unknown) => live && toast.apiError(failureKey(error)));
    return () => {
      live = false;
    };
  }, [api]);

  if (!options)
    return (
      <p role="status" data-testid="values-loading">
        {t('upload_values_loading')}
      </p>
    );

  const bySlug = new Map(options.map((o) => [o.slug, o]));
  const unitsOf = (slug: string) => bySlug.get(slug)?.units.map((u) => u.code);

  const update = (key: number, change: Partial<Row>) =>
    setRows((all) =>
      all.map((r) => {
        if (r.key !== key) return r;
        const next = { ...r, ...change };
        // A finding the shopper corrects is theirs: typed, and no longer a guess.
        if (r.finding && (change.value !== undefined || change.biomarker !== undefined)) next.origin = 'typed';
        if (r.finding && change.unit !== undefined) next.finding = { ...r.finding, unitGuessed: false };
        return next;
      }),
    );

  const addRow = () =>
    setRows((all) => [...all, { key: nextKey.current++, biomarker: '', value: '', unit: '', origin: 'typed' }]);
  const removeRow = (key: number) => setRows((all) => all.filter((r) => r.key !== key));

  async function findInPdf() {
    setReading(true);
    setReadStatus(t('upload_values_finding'));
    try {
      const { data } = await api.post<UploadReadAnswer>(VALUES_API.read(resultId));
      const taken = new Set(rows.map((r) => r.biomarker));
      const fresh = data.findings.filter((f) => !taken.has(f.biomarker.slug));
      setRows((all) => [
        // An empty typed row gives way to the findings.
        ...all.filter((r) => r.biomarker || r.value),
        ...fresh.map((f) => ({
          key: nextKey.current++,
          biomarker: f.biomarker.slug,
          value: f.value,
          unit: f.unit,
          origin: 'pdf' as const,
          finding: { line: f.line, unitGuessed: f.unit_guessed, value: f.value, confirmed: false },
        })),
      ]);
      setReadStatus(
        data.findings.length
          ? t('upload_values_found', { count: data.findings.length })
          : tKey(data.reason ?? 'upload_no_values'),
      );
    } catch (error) {
      setReadStatus('');
      toast.apiError(failureKey(error));
    } finally {
      setReading(false);
    }
  }

  async function save() {
    // Empty typed rows are nothing; unticked findings are never sent.
    const kept = rows.filter((r) => (r.finding ? r.finding.confirmed : r.biomarker || r.value));
    const body = {
      values: kept.map((r) => ({ biomarker: r.biomarker, value: r.value, unit: r.unit, origin: r.origin })),
    };
    // The values' schema loads with the first save, not with the page.
    const { uploadValuesSchema } = await import('#shared/api/blood-test-upload-schemas');
    const parsed = uploadValuesSchema(unitsOf).safeParse(body);
    if (!parsed.success) {
      const found: Record<number, RowErrors> = {};
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        const row = typeof index === 'number' ? kept[index] : undefined;
        if (row && (field === 'biomarker' || field === 'value' || field === 'unit'))
          found[row.key] = { ...found[row.key], [field]: issue.message };
        else toast.error(issue.message as never);
      }
      setErrors(found);
      const first = rows.find((r) => found[r.key]);
      if (first) document.getElementById(`${id}-${first.key}-${Object.keys(found[first.key]!)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { data } = await api.post<UploadValuesAnswer>(VALUES_API.save(resultId), parsed.data);
      toast.success('upload_values_saved');
      onSaved(data.values);
    } catch (error) {
      const fields =
        error instanceof ApiFailure ? (error.body.data as { fields?: Array<{ message: string }> } | null) : null;
      toast.apiError(fields?.fields?.[0]?.message ?? failureKey(error));
    } finally {
      setSaving(false);
    }
  }

  const groups = BODY_SYSTEMS.map((system) => ({ system, items: options.filter((o) => o.system === system) })).filter(
    (g) => g.items.length,
  );

  return (
    <div className="values-editor" data-testid="values-editor">
      <p className="form-note">{t('upload_values_editor_intro')}</p>
      {hasPdf && (
        <p className="values-find">
          <button
            type="button"
            className="button button-secondary"
            disabled={reading}
            onClick={() => void findInPdf()}
            data-testid="values-find"
          >
            {t('upload_values_find')}
          </button>
        </p>
      )}
      <p className="values-read-status" role="status" data-testid="values-read-status">
        {readStatus}
      </p>
      <ol className="values-rows">
        {rows.map((row, index) => {
          const n = index + 1;
          const err = errors[row.key] ?? {};
          const option = bySlug.get(row.biomarker);
          const base = `${id}-${row.key}`;
          const unitHint = row.finding?.unitGuessed ? t('upload_value_unit_check') : null;
          const confirmId = `${base}-confirm`;
          return (
            <li
              key={row.key}
              className={row.finding ? 'values-row values-row-finding' : 'values-row'}
              data-testid={row.finding ? 'values-finding' : 'values-row'}
            >
              <fieldset>
                <legend className="visually-hidden">{t('upload_value_row', { n })}</legend>
                <div className={err.biomarker ? 'field has-error' : 'field'}>
                  <label className="field-label" htmlFor={`${base}-biomarker`}>
                    {t('upload_value_marker_label')}
                  </label>
                  <select
                    id={`${base}-biomarker`}
                    value={row.biomarker}
                    aria-invalid={err.biomarker ? true : undefined}
                    aria-describedby={notesIds(`${base}-biomarker`, null, err.biomarker && tKey(err.biomarker))}
                    onChange={(e) => {
                      const next = bySlug.get(e.target.value);
                      update(row.key, { biomarker: e.target.value, unit: next?.default_unit ?? '' });
                    }}
                    data-testid="values-marker"
                  >
                    <option value="">{t('upload_value_marker_choose')}</option>
                    {groups.map((g) => (
                      <optgroup key={g.system} label={tKey(`upload_system_${g.system}`)}>
                        {g.items.map((o) => (
                          <option key={o.slug} value={o.slug}>
                            {o.name}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                  <FieldNotes id={`${base}-biomarker`} error={err.biomarker && tKey(err.biomarker)} />
                </div>
                <div className={err.value ? 'field has-error' : 'field'}>
                  <label className="field-label" htmlFor={`${base}-value`}>
                    {t('upload_value_value_label')}
                  </label>
                  <input
                    id={`${base}-value`}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    dir="ltr"
                    maxLength={16}
                    value={row.value}
                    aria-invalid={err.value ? true : undefined}
                    aria-describedby={notesIds(`${base}-value`, null, err.value && tKey(err.value))}
                    onChange={(e) => update(row.key, { value: e.target.value })}
                    data-testid="values-value"
                  />
                  <FieldNotes id={`${base}-value`} error={err.value && tKey(err.value)} />
                </div>
                <div
                  className={`field${err.unit ? ' has-error' : ''}${row.finding?.unitGuessed ? ' values-unit-guessed' : ''}`}
                >
                  <label className="field-label" htmlFor={`${base}-unit`}>
                    {t('upload_value_unit_label')}
                  </label>
                  <select
                    id={`${base}-unit`}
                    value={row.unit}
                    disabled={!option}
                    aria-invalid={err.unit ? true : undefined}
                    aria-describedby={notesIds(`${base}-unit`, unitHint, err.unit && tKey(err.unit))}
                    onChange={(e) => update(row.key, { unit: e.target.value })}
                    data-testid="values-unit"
                  >
                    {(option?.units ?? []).map((u) => (
                      <option key={u.code} value={u.code}>
                        {u.label}
                      </option>
                    ))}
                  </select>
                  <FieldNotes id={`${base}-unit`} hint={unitHint} error={err.unit && tKey(err.unit)} />
                </div>
                <button
                  type="button"
                  className="icon-button values-remove"
                  onClick={() => removeRow(row.key)}
                  aria-label={t('upload_value_remove', { n })}
                  data-testid="values-remove"
                >
                  <span aria-hidden="true">×</span>
                </button>
                {row.finding && (
                  <div className="values-finding-check">
                    <label className="checkbox" htmlFor={confirmId}>
                      <input
                        type="checkbox"
                        id={confirmId}
                        checked={row.finding.confirmed}
                        aria-describedby={`${base}-line`}
                        onChange={(e) =>
                          setRows((all) =>
                            all.map((r) =>
                              r.key === row.key && r.finding
                                ? { ...r, finding: { ...r.finding, confirmed: e.target.checked } }
                                : r,
                            ),
                          )
                        }
                        data-testid="values-confirm"
                      />
                      <span>{t('upload_value_confirm')}</span>
                    </label>
                    <p className="values-source" id={`${base}-line`}>
                      {t('upload_value_source')}{' '}
                      <q dir="auto" data-testid="values-source">
                        {row.finding.line}
                      </q>
                    </p>
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p>
        <button type="button" className="button button-secondary" onClick={addRow} data-testid="values-add">
          {t('upload_value_add')}
        </button>
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={saving}
          onClick={() => void save()}
          data-testid="values-save"
        >
          {saving ? t('upload_values_saving') : t('upload_values_save')}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('upload_values_cancel')}
        </button>
      </div>
    </div>
  );
}
