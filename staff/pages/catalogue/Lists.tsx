// Categories, brands and home sections: one row each, opened (a <details>, no script) to edit its
// main fields, sort order and, where it has one, its active or featured flag.
import type { ReactNode } from 'react';
import type { StaffTranslator, StaffTextId } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import { CatalogueLinks, Check, Field, type FormFailure, Notice, canWrite } from './parts';

type Row = Record<string, string | number | null> & { id: number };

interface ListPageProps {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  done?: string;
  failure?: FormFailure | null;
  rows: Row[];
}

function EditableList(props: {
  common: ListPageProps;
  title: StaffTextId;
  path: string;
  rowTitle: (row: Row) => string;
  rowNote: (row: Row) => string;
  fields: (row: Row, form: string) => ReactNode;
  writePermission?: 'catalogue:write' | 'nutritionists:write';
}) {
  const { t, me, failure, rows } = props.common;
  const write = canWrite(me, props.writePermission);
  return (
    <Layout t={t} nonce={props.common.nonce} me={me} title={t.t(props.title)} path={props.path}>
      <h1>{t.t(props.title)}</h1>
      <CatalogueLinks t={t} me={me} current={props.path} />
      <Notice t={t} done={Boolean(props.common.done)} failure={failure} />
      <ul className="rows">
        {rows.map((row) => {
          const form = `row-${row.id}`;
          return (
            <li key={row.id}>
              <details open={failure?.form === form || String(row.id) === props.common.done}>
                <summary>
                  <span>{props.rowTitle(row)}</span> <span className="muted">{props.rowNote(row)}</span>
                </summary>
                <form method="post" action={`${props.path}/${row.id}`} className="stack">
                  <fieldset disabled={!write}>
                    <div className="grid">{props.fields(row, form)}</div>
                    {write && <button type="submit">{t.t('st_catalogue_save')}</button>}
                  </fieldset>
                </form>
              </details>
            </li>
          );
        })}
      </ul>
    </Layout>
  );
}

const names = (t: StaffTranslator, row: Row, form: string, failure?: FormFailure | null, prefix = 'name') => (
  <>
    <Field
      t={t}
      form={form}
      name={`${prefix}_en`}
      label={t.t('st_catalogue_name_en')}
      value={row[`${prefix}_en`]}
      failure={failure}
      dir="ltr"
    />
    <Field
      t={t}
      form={form}
      name={`${prefix}_ar`}
      label={t.t('st_catalogue_name_ar')}
      value={row[`${prefix}_ar`]}
      failure={failure}
      dir="rtl"
    />
  </>
);

const sortOrder = (t: StaffTranslator, row: Row, form: string, failure?: FormFailure | null) => (
  <Field
    t={t}
    form={form}
    name="sort_order"
    label={t.t('st_catalogue_sort_order')}
    value={row.sort_order}
    failure={failure}
    inputMode="numeric"
    dir="ltr"
  />
);

export function CategoriesPage(props: ListPageProps) {
  const { t } = props;
  const ar = t.lang === 'ar';
  const byId = new Map(props.rows.map((r) => [r.id, r]));
  return (
    <EditableList
      common={props}
      title="st_catalogue_categories"
      path="/catalogue/categories"
      rowTitle={(r) => {
        const parent = r.parent_id ? byId.get(Number(r.parent_id)) : undefined;
        const own = String(ar ? r.name_ar : r.name_en);
        return parent ? `${ar ? parent.name_ar : parent.name_en} › ${own}` : own;
      }}
      rowNote={(r) => t.t('st_catalogue_product_count', { count: Number(r.products) })}
      fields={(r, form) => (
        <>
          {names(t, r, form, props.failure)}
          {sortOrder(t, r, form, props.failure)}
        </>
      )}
    />
  );
}

export function BrandsPage(props: ListPageProps) {
  const { t } = props;
  const ar = t.lang === 'ar';
  return (
    <EditableList
      common={props}
      title="st_catalogue_brands"
      path="/catalogue/brands"
      rowTitle={(r) => String(ar ? r.name_ar : r.name_en)}
      rowNote={(r) =>
        `${t.t('st_catalogue_product_count', { count: Number(r.products) })}${r.is_featured ? ` · ${t.t('st_catalogue_featured')}` : ''}`
      }
      fields={(r, form) => (
        <>
          {names(t, r, form, props.failure)}
          <Field
            t={t}
            form={form}
            name="description_en"
            label={t.t('st_catalogue_description_en')}
            value={r.description_en}
            failure={props.failure}
            type="textarea"
            dir="ltr"
          />
          <Field
            t={t}
            form={form}
            name="description_ar"
            label={t.t('st_catalogue_description_ar')}
            value={r.description_ar}
            failure={props.failure}
            type="textarea"
            dir="rtl"
          />
          {sortOrder(t, r, form, props.failure)}
          <Check
            form={form}
            name="is_featured"
            label={t.t('st_catalogue_featured')}
            checked={r.is_featured === 1}
            failure={props.failure}
          />
        </>
      )}
    />
  );
}

export function HomeSectionsPage(props: ListPageProps) {
  const { t } = props;
  const ar = t.lang === 'ar';
  return (
    <EditableList
      common={props}
      title="st_catalogue_home_sections"
      path="/catalogue/home-sections"
      rowTitle={(r) => `${t.n(Number(r.sort_order))}. ${String(ar ? r.title_ar : r.title_en) || r.type}`}
      rowNote={(r) => `${r.type}${r.is_active ? '' : ` · ${t.t('st_catalogue_inactive')}`}`}
      fields={(r, form) => (
        <>
          {names(t, r, form, props.failure, 'title')}
          {sortOrder(t, r, form, props.failure)}
          <Check
            form={form}
            name="is_active"
            label={t.t('st_catalogue_active')}
            checked={r.is_active === 1}
            failure={props.failure}
          />
        </>
      )}
    />
  );
}
