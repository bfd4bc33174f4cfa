// The visible parts of a form made with useForm (form.tsx): a field with its label, hint, required mark
// and error; a checkbox group; the alerts above the form; the confirmation that replaces it.
import type { ChangeEvent, FocusEvent, ReactNode, RefObject } from 'react';
import { useI18n } from '../i18n/context';
import type { FormApi, FormValues as Values } from './form-state';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface ControlProps {
  id: string;
  name: string;
  value: string;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange(event: ChangeEvent<Control>): void;
  onBlur(): void;
}

/** Label, hint, error and the control (text input, select or textarea) rendered by `children`. */
export function Field<V extends Values>({
  form,
  name,
  hint,
  required = false,
  children,
}: {
  form: FormApi<V>;
  name: keyof V & string;
  hint?: string;
  required?: boolean;
  children: (props: ControlProps) => ReactNode;
}) {
  const { t } = useI18n();
  const id = `${form.id}-${name}`;
  const error = form.errors[name];
  const describedBy = notesIds(id, hint, error);
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {t(form.fields[name].label)}
        {required ? <RequiredMark /> : <span className="field-optional"> ({t('form_optional')})</span>}
      </label>
      <FieldNotes id={id} hint={hint} error={error} />
      {children({
        id,
        name,
        value: String(form.values[name] ?? ''),
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        onChange: (e) => form.set(name, e.target.value as V[typeof name]),
        onBlur: () => form.blur(name),
      })}
    </div>
  );
}

/** A group of checkboxes whose value is the list of checked options. */
export function CheckboxGroup<V extends Values>({
  form,
  name,
  hint,
  options,
}: {
  form: FormApi<V>;
  name: keyof V & string;
  hint?: string;
  options: Array<{ value: string; label: string }>;
}) {
  const { t } = useI18n();
  const id = `${form.id}-${name}`;
  const error = form.errors[name];
  const checked = (form.values[name] ?? []) as string[];
  const describedBy = notesIds(id, hint, error);
  function toggle(value: string, on: boolean) {
    const next = on ? [...checked, value] : checked.filter((v) => v !== value);
    // Keep the options' order, whatever the order of clicks.
    form.set(name, options.map((o) => o.value).filter((v) => next.includes(v)) as V[typeof name]);
  }
  function onBlur(event: FocusEvent<HTMLFieldSetElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) form.blur(name);
  }
  return (
    <fieldset
      id={id}
      className={error ? 'field field-group has-error' : 'field field-group'}
      aria-describedby={describedBy}
      onBlur={onBlur}
    >
      <legend className="field-label">
        {t(form.fields[name].label)}
        <RequiredMark />
      </legend>
      <FieldNotes id={id} hint={hint} error={error} />
      <div className="checkbox-grid">
        {options.map((o) => (
          <label key={o.value} className="checkbox" htmlFor={`${id}-${o.value}`}>
            <input
              type="checkbox"
              id={`${id}-${o.value}`}
              name={name}
              value={o.value}
              checked={checked.includes(o.value)}
              aria-invalid={error ? true : undefined}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The ids of a field's hint and error, for aria-describedby (undefined when it has neither). */
export function notesIds(id: string, hint?: string | null, error?: string | null): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and error texts, with the ids notesIds points to. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string | null; error?: string | null }) {
  return (
    <>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  );
}

/** The alerts above a form: the problems of the last submit (links to the fields) or a server error. */
export function FormAlerts<V extends Values>({
  form,
  extra = [],
}: {
  form: FormApi<V>;
  extra?: Array<{ id: string; text: string }>;
}) {
  const { t } = useI18n();
  // Fields of the page outside this form (a guest's e-mail above the address) come first, as on the page.
  const summary = [
    ...extra.map((p) => ({ ...p, href: p.id, focus: () => document.getElementById(p.id)?.focus() })),
    ...(form.summary ?? []).map((p) => ({
      id: p.field,
      text: p.text,
      href: `${form.id}-${p.field}`,
      focus: () => form.focusField(p.field),
    })),
  ];
  return (
    <>
      {form.serverError && (
        <div className="form-alert" role="alert" tabIndex={-1} ref={form.alertRef} data-testid="form-error">
          <p>{form.serverError}</p>
        </div>
      )}
      {summary.length > 0 && (
        <div className="form-alert" role="alert" data-testid="form-summary">
          <p>{t('validation_failed')}</p>
          <ul>
            {summary.map((p) => (
              <li key={p.id}>
                <a
                  href={`#${p.href}`}
                  onClick={(e) => {
                    e.preventDefault();
                    p.focus();
                  }}
                >
                  {p.text}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** Replaces the form after a successful submit; takes the focus so the confirmation is read out. */
export function FormSuccess({
  title,
  body,
  innerRef,
  children,
}: {
  title: string;
  body: string;
  innerRef: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
}) {
  return (
    <div className="form-success" tabIndex={-1} ref={innerRef} data-testid="form-success">
      <h3 className="form-success-title">{title}</h3>
      <p>{body}</p>
      {children}
    </div>
  );
}
