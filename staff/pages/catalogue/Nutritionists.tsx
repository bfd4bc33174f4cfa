// Nutritionists and their curated lists (nutritionists:read to see; nutritionists:write to edit one's
// own, nutritionists:manage to edit any, add and delete them, decision 86): a nutritionist may edit her
// profile, rename and reorder her lists and put products on them or take them off; where she stands
// among the nutritionists is the catalogue manager's.
import type { NutritionistDetail, NutritionistRow } from '#shared/api/staff-catalogue-responses';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import {
  BilingualFields,
  canWrite,
  CreateForm,
  DeleteForm,
  type FormFailure,
  ImageField,
  NAME_LABELS,
  Notice,
  NumberField,
  SortOrderField,
} from './parts';

const TITLE_LABELS = ['st_catalogue_title_en', 'st_catalogue_title_ar'] as const;
const BIO_LABELS = ['st_catalogue_bio_en', 'st_catalogue_bio_ar'] as const;

interface Names {
  name_en: string;
  name_ar: string;
}

/**
 * A nutritionist's own fields: empty and required when one is created, filled in on their page. The
 * order is the API's (names, title, bio, years, sort order) in both forms.
 */
function NutritionistFields(props: {
  t: StaffTranslator;
  form: string;
  failure?: FormFailure | null;
  nutritionist?: NutritionistDetail['nutritionist'];
  /** Whether her place among the nutritionists is the member's to set (else carried as it is). */
  sortOrder?: boolean;
}) {
  const { t, form, failure, nutritionist: n, sortOrder = true } = props;
  const required = !n;
  return (
    <>
      <BilingualFields
        t={t}
        form={form}
        name="name"
        labels={NAME_LABELS}
        values={n && { en: n.name_en, ar: n.name_ar }}
        failure={failure}
        required={required}
      />
      <BilingualFields
        t={t}
        form={form}
        name="title"
        labels={TITLE_LABELS}
        values={n && { en: n.title_en, ar: n.title_ar }}
        failure={failure}
        required={required}
      />
      <BilingualFields
        t={t}
        form={form}
        name="bio"
        labels={BIO_LABELS}
        values={n && { en: n.bio_en, ar: n.bio_ar }}
        failure={failure}
        type="textarea"
      />
      <NumberField
        t={t}
        form={form}
        name="years_experience"
        label={t.t('st_catalogue_years')}
        value={n ? n.years_experience : '0'}
        failure={failure}
      />
      {sortOrder ? (
        <SortOrderField t={t} form={form} value={n ? n.sort_order : '0'} failure={failure} />
      ) : (
        <input type="hidden" name="sort_order" value={n ? n.sort_order : '0'} />
      )}
    </>
  );
}

export function NutritionistsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  rows: NutritionistRow[];
  done?: string;
  failure?: FormFailure | null;
}) {
  const { t, failure } = props;
  const ar = t.lang === 'ar';
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_catalogue_nutritionists')} path="/nutritionists">
      <h1>{t.t('st_catalogue_nutritionists')}</h1>
      <Notice t={t} done={props.done} failure={failure} />
      {canWrite(props.me, 'nutritionists:manage') && (
        <CreateForm t={t} title="st_catalogue_new_nutritionist" action="/nutritionists" failure={failure} multipart>
          <NutritionistFields t={t} form="new" failure={failure} />
          <ImageField
            id="new-photo"
            name="photo"
            label={t.t('st_catalogue_portrait_file')}
            hint={t.t('st_catalogue_portrait_hint')}
          />
        </CreateForm>
      )}
      <ul className="rows">
        {props.rows.map((n) => (
          <li key={n.id}>
            <a href={`/nutritionists/${n.id}`}>{ar ? n.name_ar : n.name_en}</a>{' '}
            <span className="muted">
              {ar ? n.title_ar : n.title_en} · {t.t('st_catalogue_list_count', { count: n.lists })}
            </span>
          </li>
        ))}
      </ul>
    </Layout>
  );
}

export function NutritionistPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: NutritionistDetail;
  done?: string;
  failure?: FormFailure | null;
}) {
  const { t, data, failure } = props;
  const n = data.nutritionist;
  const ar = t.lang === 'ar';
  const manage = canWrite(props.me, 'nutritionists:manage');
  // Her own page (her account practises as this nutritionist), or any with manage: as the API decides.
  const write = manage || (canWrite(props.me, 'nutritionists:write') && n.staff_id === props.me.staff.id);
  const name = (r: Names) => (ar ? r.name_ar : r.name_en);
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={name(n)} path="/nutritionists">
      <p>
        <a href="/nutritionists">{t.t('st_catalogue_back_to_nutritionists')}</a>
      </p>
      <h1>{name(n)}</h1>
      <Notice t={t} done={props.done} failure={failure} />
      <h2>{t.t('st_catalogue_lists')}</h2>
      <div className="stack">
        {data.lists.map((l) => (
          <section key={l.id} className="card" aria-labelledby={`list-${l.id}`}>
            <h3 id={`list-${l.id}`}>{name(l)}</h3>
            <ul className="rows">
              {l.items.map((i) => (
                <li key={i.product_id}>
                  <span>
                    {name(i)} <span className="mono muted">#{i.product_id}</span>
                  </span>
                  {write && (
                    <form method="post" action={`/nutritionists/lists/${l.id}/items`} className="inline">
                      <input type="hidden" name="nutritionist_id" value={n.id} />
                      <input type="hidden" name="remove_product_id" value={i.product_id} />
                      <button
                        type="submit"
                        className="link"
                        aria-label={t.t('st_catalogue_remove_named', { name: name(i) })}
                      >
                        {t.t('st_catalogue_remove')}
                      </button>
                    </form>
                  )}
                </li>
              ))}
            </ul>
            {write && (
              <>
                <form method="post" action={`/nutritionists/lists/${l.id}/items`} className="grid">
                  <input type="hidden" name="nutritionist_id" value={n.id} />
                  <NumberField
                    t={t}
                    form={`add-${l.id}`}
                    name="add_product_id"
                    label={t.t('st_catalogue_add_product')}
                    value=""
                    failure={failure}
                    hint={t.t('st_catalogue_add_product_hint')}
                  />
                  <div className="actions">
                    <button type="submit" className="secondary">
                      {t.t('st_catalogue_add')}
                    </button>
                  </div>
                </form>
                <details open={failure?.form === `list-${l.id}`}>
                  <summary>{t.t('st_catalogue_edit_list')}</summary>
                  <form method="post" action={`/nutritionists/lists/${l.id}`} className="grid">
                    <input type="hidden" name="nutritionist_id" value={n.id} />
                    <BilingualFields
                      t={t}
                      form={`list-${l.id}`}
                      name="name"
                      labels={NAME_LABELS}
                      values={{ en: l.name_en, ar: l.name_ar }}
                      failure={failure}
                    />
                    <SortOrderField t={t} form={`list-${l.id}`} value={l.sort_order} failure={failure} />
                    <div className="actions">
                      <button type="submit">{t.t('st_catalogue_save')}</button>
                    </div>
                  </form>
                </details>
                <DeleteForm
                  t={t}
                  action={`/nutritionists/lists/${l.id}/delete`}
                  form={`delete-list-${l.id}`}
                  label={t.t('st_catalogue_delete_named', { name: ar ? l.name_ar : l.name_en })}
                  hint={t.t('st_catalogue_delete_list_hint')}
                  hidden={{ nutritionist_id: n.id }}
                  failure={failure}
                />
              </>
            )}
          </section>
        ))}
      </div>
      {write && (
        <CreateForm t={t} title="st_catalogue_new_list" action={`/nutritionists/${n.id}/lists`} failure={failure}>
          <BilingualFields t={t} form="new" name="name" labels={NAME_LABELS} failure={failure} required />
          <SortOrderField t={t} form="new" value={String(data.lists.length + 1)} failure={failure} />
        </CreateForm>
      )}
      <h2>{t.t('st_catalogue_profile')}</h2>
      <form method="post" action={`/nutritionists/${n.id}`} className="card stack">
        <fieldset disabled={!write}>
          <div className="grid">
            <NutritionistFields t={t} form="profile" failure={failure} nutritionist={n} sortOrder={manage} />
          </div>
          {write && <button type="submit">{t.t('st_catalogue_save')}</button>}
        </fieldset>
      </form>
      {data.accounts && <AccountForm t={t} n={n} accounts={data.accounts} failure={failure} />}
      {manage && (
        <section aria-labelledby="delete-title">
          <h2 id="delete-title">{t.t('st_catalogue_delete_nutritionist')}</h2>
          <DeleteForm
            t={t}
            action={`/nutritionists/${n.id}/delete`}
            form="delete-nutritionist"
            label={t.t('st_catalogue_delete_named', { name: ar ? n.name_ar : n.name_en })}
            hint={t.t('st_catalogue_delete_nutritionist_hint')}
            failure={failure}
          />
        </section>
      )}
    </Layout>
  );
}

/** The owner's choice of the staff account that practises as this nutritionist (decision 86), or none. */
function AccountForm(props: {
  t: StaffTranslator;
  n: NutritionistDetail['nutritionist'];
  accounts: Array<{ id: number; name: string; email: string }>;
  failure?: FormFailure | null;
}) {
  const { t, n, failure } = props;
  // A refusal of the whole form (nutritionist_account_taken) is the page's notice; a field's is here,
  // as Field (parts.tsx) shows one, with what was chosen kept.
  const mine = failure?.form === 'account' ? failure : null;
  const error = mine?.fields.staff_id;
  const id = 'account-staff_id';
  const label = t.t('st_nutritionist_account_label');
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">{t.t('st_nutritionist_account')}</h2>
      <form method="post" action={`/nutritionists/${n.id}/account`} className="card stack">
        <p className="muted">{t.t('st_nutritionist_account_hint')}</p>
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
            name="staff_id"
            defaultValue={mine?.values.staff_id ?? (n.staff_id === null ? '' : String(n.staff_id))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <option value="">{t.t('st_nutritionist_account_none')}</option>
            {props.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.email})
              </option>
            ))}
          </select>
          {error && (
            <p className="field-error" id={`${id}-error`}>
              {t.tKey(error, { field: label })}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit">{t.t('st_catalogue_save')}</button>
        </div>
      </form>
    </section>
  );
}
