// Adding a product: its names, descriptions, category and brand, and its first size with price and
// stock. It is stored hidden; its own page then takes a picture, more sizes and the "shown" tick.
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import {
  BilingualFields,
  CatalogueLinks,
  DESCRIPTION_LABELS,
  Field,
  NumberField,
  type FormFailure,
  NAME_LABELS,
  Notice,
  kwd,
  CategoryOptions,
  type NamedRow,
} from './parts';

/**
 * A size's price, old price (crossed out) and buy limit, in KWD as the forms take them. `locked`: the
 * prices are shown and sent as they are, with the hint saying why (the member's role does not cover
 * every country that pays them); the buy limit still changes.
 */
export function PriceFields(props: {
  t: StaffTranslator;
  form: string;
  failure?: FormFailure | null;
  sku?: { price: number; old_price: number | null; buy_limit: number | null };
  locked?: string;
}) {
  const { t, form, failure, sku } = props;
  const locked = (name: string) => props.locked !== undefined && name !== 'buy_limit';
  const fields = [
    ['price', 'st_catalogue_price_kwd', sku ? kwd(sku.price) : '', 'decimal'],
    ['old_price', 'st_catalogue_old_price_kwd', sku ? kwd(sku.old_price) : '', 'decimal'],
    ['buy_limit', 'st_catalogue_buy_limit', sku?.buy_limit ?? '', 'numeric'],
  ] as const;
  return (
    <>
      {fields.map(([name, label, value, inputMode]) => (
        <Field
          key={name}
          t={t}
          form={form}
          name={name}
          label={t.t(label)}
          value={value}
          failure={failure}
          inputMode={inputMode}
          dir="ltr"
          required={name === 'price'}
          readOnly={locked(name)}
          hint={locked(name) && name === 'price' ? props.locked : undefined}
        />
      ))}
    </>
  );
}

/** A size's fields, for the new product's first size and for each size added later. */
export function SkuFields({ t, form, failure }: { t: StaffTranslator; form: string; failure?: FormFailure | null }) {
  return (
    <>
      <BilingualFields
        t={t}
        form={form}
        name="sku_name"
        labels={['st_catalogue_sku_name_en', 'st_catalogue_sku_name_ar'] as const}
        failure={failure}
        required
      />
      <PriceFields t={t} form={form} failure={failure} />
      <NumberField
        t={t}
        form={form}
        name="stock"
        label={t.t('st_catalogue_stock_now')}
        value="0"
        failure={failure}
        required
      />
    </>
  );
}

export function NewProductPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  categories: NamedRow[];
  brands: NamedRow[];
  failure?: FormFailure | null;
}) {
  const { t, failure } = props;
  const mine = failure?.form === 'new-product' ? failure : null;
  const form = 'new-product';
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_catalogue_new_product')} path="/catalogue">
      <p>
        <a href="/catalogue">{t.t('st_catalogue_back_to_products')}</a>
      </p>
      <h1>{t.t('st_catalogue_new_product')}</h1>
      <CatalogueLinks t={t} me={props.me} current="" />
      <Notice t={t} failure={failure} />
      <p className="muted">{t.t('st_catalogue_new_product_hint')}</p>
      <form method="post" action="/catalogue/products" className="card stack">
        <div className="grid">
          <BilingualFields t={t} form={form} name="name" labels={NAME_LABELS} failure={failure} required />
          <BilingualFields
            t={t}
            form={form}
            name="description"
            labels={DESCRIPTION_LABELS}
            failure={failure}
            type="textarea"
          />
          <div className="field">
            <label htmlFor="new-product-category_id">{t.t('st_catalogue_category')}</label>
            <select id="new-product-category_id" name="category_id" defaultValue={mine?.values.category_id}>
              <CategoryOptions t={t} categories={props.categories} />
            </select>
          </div>
          <div className="field">
            <label htmlFor="new-product-brand_id">{t.t('st_catalogue_brand')}</label>
            <select id="new-product-brand_id" name="brand_id" defaultValue={mine?.values.brand_id}>
              {props.brands.map((b) => (
                <option key={b.id} value={b.id}>
                  {t.lang === 'ar' ? b.name_ar : b.name_en}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset>
          <legend>{t.t('st_catalogue_first_sku')}</legend>
          <div className="grid">
            <SkuFields t={t} form={form} failure={failure} />
          </div>
        </fieldset>
        <div className="actions">
          <button type="submit">{t.t('st_catalogue_create_product')}</button>
        </div>
      </form>
    </Layout>
  );
}
