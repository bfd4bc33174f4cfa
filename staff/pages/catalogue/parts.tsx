// Pieces the catalogue pages share: the area's own links, labelled fields with their errors, notices.
import type { ReactNode } from 'react';
import type { StaffTranslator, StaffTextId } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { isCountryCode } from '#shared/countries';
import { basePriceRefused } from '#shared/catalogue/price-rights';

/** A form that failed: which one, the API's message key per field, and what was typed. */
export interface FormFailure {
  form: string;
  fields: Record<string, string>;
  values: Record<string, string>;
  /** A message for the whole form (e.g. an image refused). */
  msg?: string;
}

export const canWrite = (
  me: StaffSelf,
  permission: 'catalogue:write' | 'nutritionists:write' | 'nutritionists:manage' = 'catalogue:write',
) => me.permissions.includes(permission);

/**
 * The base-priced countries the member's role does not cover (empty: none): her forms show the KWD
 * price without changing it and offer no new product or size (the API refuses them: 403).
 */
export const basePriceLocked = (me: StaffSelf) => basePriceRefused(me.grants);

/** Countries by name in the page's language, as a list ("Kuwait and Saudi Arabia"); unknown codes left out. */
export const countryNames = (t: StaffTranslator, codes: readonly string[]) =>
  new Intl.ListFormat(t.lang, { type: 'conjunction' }).format(
    codes.filter(isCountryCode).map((c) => t.t(`st_country_${c}`)),
  );

/** Fils as the dinars a form shows and takes: 3500 → "3.500". */
export const kwd = (fils: number | null) => (fils === null ? '' : (fils / 1000).toFixed(3));

export function CatalogueLinks({ t, me, current }: { t: StaffTranslator; me: StaffSelf; current: string }) {
  const links: Array<[string, StaffTextId]> = [
    ['/catalogue', 'st_catalogue_products'],
    ['/catalogue/categories', 'st_catalogue_categories'],
    ['/catalogue/brands', 'st_catalogue_brands'],
    ['/catalogue/home-sections', 'st_catalogue_home_sections'],
    ['/catalogue/import', 'st_catalogue_import_link'],
  ];
  if (!me.permissions.includes('catalogue:read')) return null;
  return (
    <nav aria-label={t.t('st_catalogue_area')} className="subnav">
      <ul>
        {links.map(([href, label]) => (
          <li key={href}>
            <a href={href} aria-current={href === current ? 'page' : undefined}>
              {t.t(label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** What a page says after a change: `done` is 'created' or 'deleted' for those, anything else for a save. */
export function Notice({
  t,
  done,
  failure,
}: {
  t: StaffTranslator;
  done?: boolean | string;
  failure?: FormFailure | null;
}) {
  if (failure)
    return (
      <p className="note error" role="alert">
        {failure.msg ? t.tKey(failure.msg) : t.t('st_catalogue_fix_fields')}
      </p>
    );
  if (done)
    return (
      <p className="note done" role="status">
        {t.t(
          done === 'created'
            ? 'st_catalogue_created'
            : done === 'deleted'
              ? 'st_catalogue_deleted'
              : 'st_catalogue_saved',
        )}
      </p>
    );
  return null;
}

interface FieldProps {
  t: StaffTranslator;
  form: string;
  name: string;
  label: string;
  value: string | number | null | undefined;
  failure?: FormFailure | null;
  type?: 'text' | 'number' | 'textarea';
  dir?: 'ltr' | 'rtl' | 'auto';
  inputMode?: 'decimal' | 'numeric';
  required?: boolean;
  /** Shown and sent with the form, not changed (a price the member's role may not set). */
  readOnly?: boolean;
  hint?: string;
  children?: ReactNode;
}

/** A labelled input; after a failed post it shows what was typed and the field's message. */
export function Field(props: FieldProps) {
  const { t, form, name, failure } = props;
  const id = `${form}-${name}`;
  const mine = failure?.form === form ? failure : null;
  const error = mine?.fields[name];
  // A value the failed form no longer carries (a stock figure that changed meanwhile) shows the current one.
  const value = mine ? (mine.values[name] ?? props.value ?? '') : (props.value ?? '');
  const described = [error ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    dir: props.dir,
    required: props.required,
    readOnly: props.readOnly,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.type === 'textarea' ? (
        <textarea {...common} rows={3} defaultValue={String(value)} />
      ) : (
        <input {...common} type="text" inputMode={props.inputMode} defaultValue={String(value)} />
      )}
      {props.hint && (
        <p className="hint muted" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {t.tKey(error, { field: props.label })}
        </p>
      )}
    </div>
  );
}

/** A whole number (stock, an amount to add, a sort order): the numeric keyboard, digits left to right. */
export function NumberField(props: Omit<FieldProps, 'type' | 'dir' | 'inputMode'>) {
  return <Field {...props} inputMode="numeric" dir="ltr" />;
}

/** Where a row stands in its list: every catalogue list and nutritionist has one. */
export function SortOrderField(props: {
  t: StaffTranslator;
  form: string;
  value: FieldProps['value'];
  failure?: FormFailure | null;
}) {
  return (
    <NumberField
      t={props.t}
      form={props.form}
      name="sort_order"
      label={props.t.t('st_catalogue_sort_order')}
      value={props.value}
      failure={props.failure}
    />
  );
}

/** One text typed in both languages: `<name>_en` left to right, then `<name>_ar` right to left. */
export function BilingualFields(props: {
  t: StaffTranslator;
  form: string;
  name: string;
  labels: readonly [StaffTextId, StaffTextId];
  values?: { en?: string | number | null; ar?: string | number | null };
  failure?: FormFailure | null;
  type?: 'textarea';
  required?: boolean;
}) {
  const { t, form, name, failure } = props;
  return (
    <>
      {(['en', 'ar'] as const).map((lang, i) => (
        <Field
          key={lang}
          t={t}
          form={form}
          name={`${name}_${lang}`}
          label={t.t(props.labels[i]!)}
          value={props.values?.[lang] ?? ''}
          failure={failure}
          type={props.type}
          dir={lang === 'ar' ? 'rtl' : 'ltr'}
          required={props.required}
        />
      ))}
    </>
  );
}

export const NAME_LABELS = ['st_catalogue_name_en', 'st_catalogue_name_ar'] as const;
export const DESCRIPTION_LABELS = ['st_catalogue_description_en', 'st_catalogue_description_ar'] as const;
export const ALT_LABELS = ['st_catalogue_alt_en', 'st_catalogue_alt_ar'] as const;

export function Check(props: {
  form: string;
  name: string;
  label: string;
  checked: boolean;
  failure?: FormFailure | null;
}) {
  const mine = props.failure?.form === props.form ? props.failure : null;
  const checked = mine ? mine.values[props.name] === 'on' : props.checked;
  const id = `${props.form}-${props.name}`;
  return (
    <div className="field check">
      <input type="checkbox" id={id} name={props.name} defaultChecked={checked} />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}

/**
 * A delete: a required confirmation box, so neither a slip nor an empty post deletes anything (the API
 * refuses a delete without it too), and the hint saying what can be deleted.
 */
export function DeleteForm(props: {
  t: StaffTranslator;
  action: string;
  form: string;
  label: string;
  hint: string;
  hidden?: Record<string, string | number>;
  failure?: FormFailure | null;
}) {
  const { t, form } = props;
  const error = props.failure?.form === form ? props.failure.fields.confirm : undefined;
  return (
    <form method="post" action={props.action} className="delete-form stack">
      {Object.entries(props.hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="hint muted" id={`${form}-hint`}>
        {props.hint}
      </p>
      <div className="field check">
        <input
          type="checkbox"
          id={`${form}-confirm`}
          name="confirm"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${form}-hint ${form}-error` : `${form}-hint`}
        />
        <label htmlFor={`${form}-confirm`}>{t.t('st_catalogue_delete_confirm')}</label>
      </div>
      {error && (
        <p className="field-error" id={`${form}-error`}>
          {t.tKey(error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="danger">
          {props.label}
        </button>
      </div>
    </form>
  );
}

/** A file input for an image (the API judges the file by its content, not by its name or type). */
export function ImageField(props: { id: string; name: string; label: string; hint: string }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        required
        aria-describedby={`${props.id}-hint`}
      />
      <p className="hint muted" id={`${props.id}-hint`}>
        {props.hint}
      </p>
    </div>
  );
}

/** An add form above a list, folded until opened; named "new" (a refused one comes back open). */
export function CreateForm(props: {
  t: StaffTranslator;
  title: StaffTextId;
  action: string;
  failure?: FormFailure | null;
  multipart?: boolean;
  children: ReactNode;
}) {
  const { t } = props;
  return (
    <details className="card create" open={props.failure?.form === 'new'}>
      <summary>{t.t(props.title)}</summary>
      <form
        method="post"
        action={props.action}
        className="stack"
        encType={props.multipart ? 'multipart/form-data' : undefined}
      >
        <div className="grid">{props.children}</div>
        <div className="actions">
          <button type="submit">{t.t(props.title)}</button>
        </div>
      </form>
    </details>
  );
}

export interface NamedRow {
  id: number;
  name_en: string;
  name_ar: string;
  parent_id?: number | null;
}

/** Categories as a select lists them: each subcategory under its parent, marked with a dash. */
export function CategoryOptions({ t, categories }: { t: StaffTranslator; categories: NamedRow[] }) {
  const name = (r: NamedRow) => (t.lang === 'ar' ? r.name_ar : r.name_en);
  return (
    <>
      {categories.map((c) => (
        <option key={c.id} value={c.id}>
          {c.parent_id ? `— ${name(c)}` : name(c)}
        </option>
      ))}
    </>
  );
}
