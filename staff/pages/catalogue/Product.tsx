// One product: its names, descriptions, category, brand and active flag; a card per SKU with price,
// old price, buy limit and stock (set, or add and take away, with a reason) and what each country
// pays; and the image upload (multipart; the API judges the file by its content).
import { currencyDecimals, formatMinor, isShopCurrency, minorToDecimal } from '#shared/money';
import type { CountryCode } from '#shared/locale';
import type { ProductDetail } from '#shared/api/staff-catalogue-responses';
import type { StaffTranslator } from '../../lib/i18n';
import type { StaffSelf } from '../../lib/api';
import { Layout } from '../Layout';
import { percentText } from '../Subscriptions';
import { PriceFields, SkuFields } from './NewProduct';
import { basePriceLocked, CategoryOptions, countryNames } from './parts';
import { basePricedCountries } from '#shared/countries';
import { can } from '#shared/staff/permissions';
import {
  ALT_LABELS,
  BilingualFields,
  canWrite,
  CatalogueLinks,
  Check,
  DeleteForm,
  DESCRIPTION_LABELS,
  Field,
  type FormFailure,
  NAME_LABELS,
  Notice,
  NumberField,
} from './parts';

export function ProductPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  data: ProductDetail;
  done?: string;
  failure?: FormFailure | null;
}) {
  const { t, data, failure } = props;
  const { product: p } = data;
  const ar = t.lang === 'ar';
  const write = canWrite(props.me);
  // The KWD price is what every base-priced country pays: a role missing one of them shows it unchanged.
  const missing = basePriceLocked(props.me);
  const locked = missing.length
    ? t.t('st_catalogue_base_price_locked', {
        countries: countryNames(t, basePricedCountries()),
        missing: countryNames(t, missing),
      })
    : undefined;
  const name = (r: { name_en: string; name_ar: string }) => (ar ? r.name_ar : r.name_en);
  const money = (minor: number, currency: string, country: CountryCode) =>
    isShopCurrency(currency) ? formatMinor(minor, currency, t.lang, country) : String(minor);
  const productFailure = failure?.form === 'product' ? failure : null;
  const category = productFailure ? Number(productFailure.values.category_id) : p.category_id;
  const brand = productFailure ? Number(productFailure.values.brand_id) : p.brand_id;
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={name(p)} path="/catalogue">
      <p>
        <a href="/catalogue">{t.t('st_catalogue_back_to_products')}</a>
      </p>
      <h1>{name(p)}</h1>
      <CatalogueLinks t={t} me={props.me} current="" />
      <Notice t={t} done={props.done} failure={failure} />
      <p className="muted">
        <span className="mono" dir="ltr">
          #{p.id} · {p.slug}
        </span>{' '}
        · {p.in_stock ? t.t('st_catalogue_in_stock') : t.t('st_catalogue_out_of_stock')}
      </p>

      <section aria-labelledby="skus-title">
        <h2 id="skus-title">{t.t('st_catalogue_skus')}</h2>
        <p className="muted">{t.t('st_catalogue_price_hint')}</p>
        <div className="stack">
          {data.skus.map((s) => (
            <section key={s.id} className="card sku" aria-labelledby={`sku-${s.id}-title`}>
              <h3 id={`sku-${s.id}-title`}>
                {name(s)} <span className="mono muted">#{s.id}</span>
              </h3>
              <p className="prices">
                {s.prices.map((c) => (
                  <span key={c.country}>
                    {t.t(`st_catalogue_pays_${c.country.toLowerCase() as Lowercase<CountryCode>}`)}:{' '}
                    {c.price === null ? (
                      <strong className="warn">{t.t('st_catalogue_not_sold_there')}</strong>
                    ) : (
                      <strong>{money(c.price, c.currency, c.country)}</strong>
                    )}
                    {c.old_price !== null && <del> {money(c.old_price, c.currency, c.country)}</del>}
                  </span>
                ))}
              </p>
              <p>
                {s.stock > 0 ? (
                  t.t('st_catalogue_units', { count: s.stock })
                ) : (
                  <strong className="warn">{t.t('st_catalogue_sold_out')}</strong>
                )}
              </p>
              {write && (
                <>
                  <form method="post" action={`/catalogue/skus/${s.id}`} className="grid">
                    <input type="hidden" name="product_id" value={p.id} />
                    {/* The stock this form shows: the API sets a new figure only while the SKU still has it. */}
                    <input
                      type="hidden"
                      name="stock_seen"
                      value={(failure?.form === `sku-${s.id}` ? failure.values.stock_seen : undefined) ?? s.stock}
                    />
                    <PriceFields t={t} form={`sku-${s.id}`} failure={failure} sku={s} locked={locked} />
                    <NumberField
                      t={t}
                      form={`sku-${s.id}`}
                      name="stock"
                      label={t.t('st_catalogue_stock')}
                      value={s.stock}
                      failure={failure}
                    />
                    <Field
                      t={t}
                      form={`sku-${s.id}`}
                      name="reason"
                      label={t.t('st_catalogue_stock_reason')}
                      value=""
                      failure={failure}
                      hint={t.t('st_catalogue_reason_hint')}
                    />
                    <div className="actions">
                      <button type="submit">{t.t('st_catalogue_save_sku', { sku: name(s) })}</button>
                    </div>
                  </form>
                  {/* An own-priced country's price is the owner's, set here (decision 77) where the role covers
                      the country; empty: not sold there. */}
                  {s.prices
                    .filter((c) => c.pricing === 'own' && can(props.me.grants, 'catalogue:write', c.country))
                    .map((c) => (
                      <CountryPriceForm
                        key={c.country}
                        t={t}
                        sku={s.id}
                        product={p.id}
                        price={c}
                        failure={failure}
                        shown={(minor) =>
                          minorToDecimal(minor, isShopCurrency(c.currency) ? currencyDecimals(c.currency) : 0)
                        }
                      />
                    ))}
                  <form method="post" action={`/catalogue/skus/${s.id}/stock`} className="grid adjust">
                    <input type="hidden" name="product_id" value={p.id} />
                    <NumberField
                      t={t}
                      form={`adjust-${s.id}`}
                      name="adjust"
                      label={t.t('st_catalogue_adjust')}
                      value=""
                      failure={failure}
                      hint={t.t('st_catalogue_adjust_hint')}
                    />
                    <Field
                      t={t}
                      form={`adjust-${s.id}`}
                      name="reason"
                      label={t.t('st_catalogue_stock_reason')}
                      value=""
                      failure={failure}
                    />
                    <div className="actions">
                      <button type="submit" className="secondary">
                        {t.t('st_catalogue_apply_adjust')}
                      </button>
                    </div>
                  </form>
                  {data.skus.length > 1 && (
                    <DeleteForm
                      t={t}
                      action={`/catalogue/skus/${s.id}/delete`}
                      form={`delete-sku-${s.id}`}
                      label={t.t('st_catalogue_delete_named', { name: name(s) })}
                      hint={t.t('st_catalogue_delete_sku_hint')}
                      hidden={{ product_id: p.id }}
                      failure={failure}
                    />
                  )}
                </>
              )}
            </section>
          ))}
        </div>
        {write && !locked && (
          <details className="card create" open={failure?.form === 'new-sku'}>
            <summary>{t.t('st_catalogue_new_sku')}</summary>
            <form method="post" action={`/catalogue/products/${p.id}/skus`} className="stack">
              <div className="grid">
                <SkuFields t={t} form="new-sku" failure={failure} />
              </div>
              <div className="actions">
                <button type="submit">{t.t('st_catalogue_create_sku')}</button>
              </div>
            </form>
          </details>
        )}
      </section>

      <section aria-labelledby="details-title">
        <h2 id="details-title">{t.t('st_catalogue_details')}</h2>
        <form method="post" action={`/catalogue/products/${p.id}`} className="card stack">
          <fieldset disabled={!write}>
            <div className="grid">
              <BilingualFields
                t={t}
                form="product"
                name="name"
                labels={NAME_LABELS}
                values={{ en: p.name_en, ar: p.name_ar }}
                failure={failure}
                required
              />
              <BilingualFields
                t={t}
                form="product"
                name="description"
                labels={DESCRIPTION_LABELS}
                values={{ en: p.description_en, ar: p.description_ar }}
                failure={failure}
                type="textarea"
              />
              <div className="field">
                <label htmlFor="product-category_id">{t.t('st_catalogue_category')}</label>
                <select id="product-category_id" name="category_id" defaultValue={category}>
                  <CategoryOptions t={t} categories={data.categories} />
                </select>
              </div>
              <div className="field">
                <label htmlFor="product-brand_id">{t.t('st_catalogue_brand')}</label>
                <select id="product-brand_id" name="brand_id" defaultValue={brand}>
                  {data.brands.map((b) => (
                    <option key={b.id} value={b.id}>
                      {name(b)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <Check
              form="product"
              name="is_active"
              label={t.t('st_catalogue_active')}
              checked={p.is_active === 1}
              failure={failure}
            />
            {write && <button type="submit">{t.t('st_catalogue_save_product')}</button>}
          </fieldset>
        </form>
      </section>

      <SubscriptionDiscount t={t} me={props.me} product={p} failure={failure} />

      <section aria-labelledby="images-title">
        <h2 id="images-title">{t.t('st_catalogue_images')}</h2>
        <ul className="images">
          {data.images.map((i, n) => (
            <li key={i.id}>
              <img className="thumb" src={`/media/${i.r2_key}-400.webp`} alt={ar ? i.alt_ar : i.alt_en} />{' '}
              <span className="mono" dir="ltr">
                {i.r2_key}
              </span>{' '}
              <span className="muted">
                {t.n(i.width)}×{t.n(i.height)}
                {n === 0 ? ` · ${t.t('st_catalogue_first_image')}` : ''}
              </span>
              {write && (
                <span className="actions">
                  {(n > 0 ? (['first', 'remove'] as const) : (['remove'] as const)).map((action) => (
                    <form key={action} method="post" action={`/catalogue/product-images/${i.id}`} className="inline">
                      <input type="hidden" name="product_id" value={p.id} />
                      <input type="hidden" name="action" value={action} />
                      <button type="submit" className={action === 'remove' ? 'danger' : 'secondary'}>
                        {t.t(action === 'first' ? 'st_catalogue_show_first' : 'st_catalogue_remove_image', {
                          name: (ar ? i.alt_ar : i.alt_en) || t.n(n + 1),
                        })}
                      </button>
                    </form>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
        {write && (
          <form
            method="post"
            action={`/catalogue/products/${p.id}/images`}
            encType="multipart/form-data"
            className="card stack"
          >
            <div className="field">
              <label htmlFor="image-file">{t.t('st_catalogue_image_file')}</label>
              <input
                id="image-file"
                name="image"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                required
                aria-describedby="image-file-hint"
              />
              <p className="hint muted" id="image-file-hint">
                {t.t('st_catalogue_image_hint')}
              </p>
            </div>
            <div className="grid">
              <BilingualFields t={t} form="image" name="alt" labels={ALT_LABELS} failure={failure} />
            </div>
            <button type="submit">{t.t('st_catalogue_upload')}</button>
          </form>
        )}
      </section>

      {write && (
        <section aria-labelledby="delete-title">
          <h2 id="delete-title">{t.t('st_catalogue_delete_product')}</h2>
          <DeleteForm
            t={t}
            action={`/catalogue/products/${p.id}/delete`}
            form="delete-product"
            label={t.t('st_catalogue_delete_named', { name: name(p) })}
            hint={t.t('st_catalogue_delete_product_hint')}
            failure={failure}
          />
        </section>
      )}
    </Layout>
  );
}

/**
 * The product's own subscribe-and-save discount (decision 45): a percent, or empty for the shop's. It is
 * a price decision, so it takes promotions:write like the shop's discount, not catalogue:write.
 */
function SubscriptionDiscount(props: {
  t: StaffTranslator;
  me: StaffSelf;
  product: ProductDetail['product'];
  failure?: FormFailure | null;
}) {
  const { t, product: p } = props;
  const own = p.subscription_discount ?? null;
  const write = props.me.permissions.includes('promotions:write');
  return (
    <section aria-labelledby="subscription-title">
      <h2 id="subscription-title">{t.t('st_subs_product_title')}</h2>
      <p data-testid="product-subscription-discount">
        {own === null ? t.t('st_subs_product_shop') : t.t('st_subs_product_own', { percent: percentText(t, own) })}
      </p>
      {write && (
        <form
          method="post"
          action={`/catalogue/products/${p.id}/subscription-discount`}
          className="card stack short-fields"
        >
          <NumberField
            t={t}
            form="subscription-discount"
            name="discount"
            label={t.t('st_subs_product_label')}
            value={own === null ? '' : own}
            failure={props.failure}
            hint={t.t('st_subs_product_hint')}
          />
          <div>
            <button type="submit">{t.t('st_subs_product_save')}</button>
          </div>
        </form>
      )}
    </section>
  );
}

/** An own-priced country's price of one size: typed in its currency, VAT included; empty: not sold there. */
function CountryPriceForm(props: {
  t: StaffTranslator;
  sku: number;
  product: number;
  price: ProductDetail['skus'][number]['prices'][number];
  failure?: FormFailure | null;
  shown: (minor: number) => string;
}) {
  const { t, price: c, failure } = props;
  const form = `sku-${props.sku}-${c.country}`;
  return (
    <form method="post" action={`/catalogue/skus/${props.sku}/country-price`} className="grid">
      <input type="hidden" name="product_id" value={props.product} />
      <input type="hidden" name="country" value={c.country} />
      <Field
        t={t}
        form={form}
        name="price"
        label={t.t('st_catalogue_country_price', { currency: c.currency })}
        value={c.price === null ? '' : props.shown(c.price)}
        failure={failure}
        hint={t.t('st_catalogue_country_price_hint')}
        inputMode="decimal"
      />
      <Field
        t={t}
        form={form}
        name="old_price"
        label={t.t('st_catalogue_country_old_price', { currency: c.currency })}
        value={c.old_price === null ? '' : props.shown(c.old_price)}
        failure={failure}
        inputMode="decimal"
      />
      <div className="actions">
        <button type="submit" className="secondary">
          {t.t('st_catalogue_save_country_price', { currency: c.currency })}
        </button>
      </div>
    </form>
  );
}
