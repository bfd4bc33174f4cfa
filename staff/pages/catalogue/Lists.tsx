// Categories, brands and home sections: one row each, opened (a <details>, no script) to edit its
// main fields, sort order and, where it has one, its active or featured flag. Categories and brands
// are added above the list and deleted from their row; a banner row lists its banners to reorder,
// remove and add.
import type { ReactNode } from 'react';
import type { StaffTranslator, StaffTextId } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import {
  ALT_LABELS,
  BilingualFields,
  canWrite,
  CatalogueLinks,
  Check,
  CreateForm,
  DeleteForm,
  DESCRIPTION_LABELS,
  Field,
  type FormFailure,
  ImageField,
  NAME_LABELS,
  Notice,
  SortOrderField,
} from './parts';

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
  /** The add form above the list (shown to those who may write). */
  create?: ReactNode;
  /** What may be deleted from a row, and the hint saying so. */
  deleteHint?: string;
  /** More of a row, under its edit form (a banner row's banners). */
  extra?: (row: Row) => ReactNode;
}) {
  const { t, me, failure, rows } = props.common;
  const write = canWrite(me, props.writePermission);
  return (
    <Layout t={t} nonce={props.common.nonce} me={me} title={t.t(props.title)} path={props.path}>
      <h1>{t.t(props.title)}</h1>
      <CatalogueLinks t={t} me={me} current={props.path} />
      <Notice t={t} done={props.common.done} failure={failure} />
      {write && props.create}
      <ul className="rows">
        {rows.map((row) => {
          const form = `row-${row.id}`;
          return (
            <li key={row.id}>
              <details
                open={
                  failure?.form === form || failure?.form.endsWith(`-${row.id}`) || String(row.id) === props.common.done
                }
              >
                <summary>
                  <span>{props.rowTitle(row)}</span> <span className="muted">{props.rowNote(row)}</span>
                </summary>
                <form method="post" action={`${props.path}/${row.id}`} className="stack">
                  <fieldset disabled={!write}>
                    <div className="grid">{props.fields(row, form)}</div>
                    {write && <button type="submit">{t.t('st_catalogue_save')}</button>}
                  </fieldset>
                </form>
                {props.extra?.(row)}
                {write && props.deleteHint && (
                  <DeleteForm
                    t={t}
                    action={`${props.path}/${row.id}/delete`}
                    form={`delete-${row.id}`}
                    label={t.t('st_catalogue_delete_named', { name: props.rowTitle(row) })}
                    hint={props.deleteHint}
                    failure={failure}
                  />
                )}
              </details>
            </li>
          );
        })}
      </ul>
    </Layout>
  );
}

const names = (t: StaffTranslator, row: Row, form: string, failure?: FormFailure | null, prefix = 'name') => (
  <BilingualFields
    t={t}
    form={form}
    name={prefix}
    labels={prefix === 'title' ? ['st_catalogue_title_en', 'st_catalogue_title_ar'] : NAME_LABELS}
    values={{ en: row[`${prefix}_en`], ar: row[`${prefix}_ar`] }}
    failure={failure}
  />
);

const sortOrder = (t: StaffTranslator, row: Row, form: string, failure?: FormFailure | null) => (
  <SortOrderField t={t} form={form} value={row.sort_order} failure={failure} />
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
      deleteHint={t.t('st_catalogue_delete_category_hint')}
      create={
        <CreateForm t={t} title="st_catalogue_new_category" action="/catalogue/categories" failure={props.failure}>
          {names(t, {} as Row, 'new', props.failure)}
          <div className="field">
            <label htmlFor="new-parent_id">{t.t('st_catalogue_parent')}</label>
            <select id="new-parent_id" name="parent_id" defaultValue={newValue(props.failure, 'parent_id')}>
              <option value="">{t.t('st_catalogue_top_level')}</option>
              {props.rows
                .filter((r) => !r.parent_id)
                .map((r) => (
                  <option key={r.id} value={r.id}>
                    {ar ? r.name_ar : r.name_en}
                  </option>
                ))}
            </select>
          </div>
          <ColourField t={t} failure={props.failure} />
          {sortOrder(t, { sort_order: 0 } as unknown as Row, 'new', props.failure)}
        </CreateForm>
      }
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
          <BilingualFields
            t={t}
            form={form}
            name="description"
            labels={DESCRIPTION_LABELS}
            values={{ en: r.description_en, ar: r.description_ar }}
            failure={props.failure}
            type="textarea"
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
      deleteHint={t.t('st_catalogue_delete_brand_hint')}
      create={
        <CreateForm t={t} title="st_catalogue_new_brand" action="/catalogue/brands" failure={props.failure} multipart>
          {names(t, {} as Row, 'new', props.failure)}
          <ColourField t={t} failure={props.failure} />
          {sortOrder(t, { sort_order: 0 } as unknown as Row, 'new', props.failure)}
          <ImageField
            id="new-logo"
            name="logo"
            label={t.t('st_catalogue_logo_file')}
            hint={t.t('st_catalogue_logo_hint')}
          />
          <Check
            form="new"
            name="is_featured"
            label={t.t('st_catalogue_featured')}
            checked={false}
            failure={props.failure}
          />
        </CreateForm>
      }
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
      rowTitle={(r) => `${t.n(Number(r.sort_order))}. ${String(ar ? r.title_ar : r.title_en) || sectionType(t, r)}`}
      rowNote={(r) => `${sectionType(t, r)}${r.is_active ? '' : ` · ${t.t('st_catalogue_inactive')}`}`}
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
      extra={(r) => (r.type === 'banner' ? <BannerRow t={t} row={r} me={props.me} failure={props.failure} /> : null)}
    />
  );
}

const SECTION_TYPES = {
  banner: 'st_home_type_banner',
  categories: 'st_home_type_categories',
  popular: 'st_home_type_popular',
  brands: 'st_home_type_brands',
  nutritionist_banner: 'st_home_type_nutritionist_banner',
  quiz: 'st_home_type_quiz',
  collection: 'st_home_type_collection',
} as const satisfies Record<string, StaffTextId>;

/** What kind of section a row is, in the staff member's language (the schema's CHECK lists the kinds). */
const sectionType = (t: StaffTranslator, row: Row) =>
  t.t(SECTION_TYPES[row.type as keyof typeof SECTION_TYPES] ?? 'st_home_type_collection');

/** A failed add form's value for a field (the add forms are named "new"). */
const newValue = (failure: FormFailure | null | undefined, name: string) =>
  failure?.form === 'new' ? failure.values[name] : undefined;

function ColourField({ t, failure }: { t: StaffTranslator; failure?: FormFailure | null }) {
  const error = failure?.form === 'new' ? failure.fields.color : undefined;
  return (
    <div className="field">
      <label htmlFor="new-color">{t.t('st_catalogue_colour')}</label>
      <input
        id="new-color"
        name="color"
        type="color"
        defaultValue={newValue(failure, 'color') ?? '#0b6e4f'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'new-color-error' : undefined}
      />
      {error && (
        <p className="field-error" id="new-color-error">
          {t.tKey(error)}
        </p>
      )}
    </div>
  );
}

interface Banner {
  image_key: string;
  link: string;
  alt_en: string;
  alt_ar: string;
}

/** A banner row's banners, in the order shoppers see them, with their pictures; and the add form. */
function BannerRow({
  t,
  row,
  me,
  failure,
}: {
  t: StaffTranslator;
  row: Row;
  me: StaffSelf;
  failure?: FormFailure | null;
}) {
  const ar = t.lang === 'ar';
  const items = ((JSON.parse(String(row.payload ?? '{}')) as { items?: Banner[] }).items ?? []) as Banner[];
  const write = canWrite(me);
  const action = `/catalogue/home-sections/${row.id}/banners`;
  const form = `banner-${row.id}`;
  return (
    <section className="stack" aria-labelledby={`${form}-title`}>
      <h3 id={`${form}-title`}>{t.t('st_catalogue_banners')}</h3>
      {items.length === 0 && <p className="muted">{t.t('st_catalogue_no_banners')}</p>}
      <ol className="banner-list">
        {items.map((b, n) => {
          const alt = ar ? b.alt_ar : b.alt_en;
          return (
            <li key={b.image_key}>
              <img src={`/media/${b.image_key}-${t.lang}-600.webp`} alt={alt} width={600} height={200} />
              <span>
                {alt}
                <br />
                <span className="muted">
                  {t.t('st_catalogue_banner_leads_to')}{' '}
                  <bdi className="mono" dir="ltr">
                    {b.link}
                  </bdi>
                </span>
              </span>
              {write && (
                <span className="actions">
                  {n > 0 && (
                    <form method="post" action={`${action}/edit`} className="inline">
                      <input type="hidden" name="image_key" value={b.image_key} />
                      <input type="hidden" name="action" value="up" />
                      <button type="submit" className="secondary">
                        {t.t('st_catalogue_move_up', { name: alt })}
                      </button>
                    </form>
                  )}
                  <form method="post" action={`${action}/edit`} className="inline">
                    <input type="hidden" name="image_key" value={b.image_key} />
                    <input type="hidden" name="action" value="remove" />
                    <button type="submit" className="danger">
                      {t.t('st_catalogue_remove_banner', { name: alt })}
                    </button>
                  </form>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {write && (
        <details className="card create" open={failure?.form === form}>
          <summary>{t.t('st_catalogue_new_banner')}</summary>
          <form method="post" action={action} encType="multipart/form-data" className="stack">
            <div className="grid">
              <ImageField
                id={`${form}-image_en`}
                name="image_en"
                label={t.t('st_catalogue_banner_en')}
                hint={t.t('st_catalogue_banner_hint')}
              />
              <ImageField
                id={`${form}-image_ar`}
                name="image_ar"
                label={t.t('st_catalogue_banner_ar')}
                hint={t.t('st_catalogue_banner_hint')}
              />
              <Field
                t={t}
                form={form}
                name="link"
                label={t.t('st_catalogue_banner_link')}
                value=""
                failure={failure}
                dir="ltr"
                required
                hint={t.t('st_catalogue_banner_link_hint')}
              />
              <BilingualFields t={t} form={form} name="alt" labels={ALT_LABELS} failure={failure} required />
            </div>
            <div className="actions">
              <button type="submit">{t.t('st_catalogue_create_banner')}</button>
            </div>
          </form>
        </details>
      )}
    </section>
  );
}
