// Gifts and offers (decision 33): the promotions the shop applies itself, and one
// promotion's form (new or edit) with its deactivation. Plain forms, like the coupons' page.
import { formatMinor, minorToDecimal } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { COUNTRY_CODES } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { PROMOTION_KINDS } from '#shared/orders/promotions';
import type { StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';
import { ActiveToggle, CountryField, countryDay, fieldMaker } from './Promotions';
import type { PromotionView } from '#shared/api/promotion-view';
import { HOME_COUNTRY } from '#shared/countries';

/** The stored offer as the form's strings. */
function offerFormValues(o: PromotionView): Record<string, string> {
  return {
    kind: o.kind,
    name_en: o.name_en,
    name_ar: o.name_ar,
    country: o.country ?? '',
    starts_on: countryDay(o.starts_at, o.country),
    ends_on: countryDay(o.ends_at, o.country),
    ...Object.fromEntries(
      COUNTRY_CODES.map((c) => {
        const amount = o.thresholds[c];
        return [`min_subtotal_${c}`, amount === null ? '' : minorToDecimal(amount, COUNTRY_FACTS[c].decimals)];
      }),
    ),
    buy_count: String(o.buy_count),
    free_count: String(o.free_count),
    max_per_order: String(o.max_per_order),
    max_uses: o.max_uses === null ? '' : String(o.max_uses),
    priority: String(o.priority),
    gift_skus: o.gift_skus.join(', '),
    target_products: o.target_products.join(', '),
    target_skus: o.target_skus.join(', '),
  };
}

function rule(t: StaffTranslator, o: PromotionView): string {
  const parts = [
    o.kind === 'gift_threshold'
      ? t.t('st_offers_rule_threshold', {
          amount: COUNTRY_CODES.flatMap((c) => {
            const amount = o.thresholds[c];
            return amount === null ? [] : [formatMinor(amount, COUNTRY_FACTS[c].currency, t.lang, c)];
          }).join(' · '),
        })
      : o.kind === 'gift_with_purchase'
        ? t.t('st_offers_rule_gwp', { n: t.n(o.buy_count) })
        : t.t('st_offers_rule_bxgy', { buy: t.n(o.buy_count), free: t.n(o.free_count) }),
    o.gift_skus.length ? t.t('st_offers_gift_list', { list: o.gift_skus.join(', ') }) : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

export function OffersPage(props: { t: StaffTranslator; nonce: string; me: StaffSelf; offers: PromotionView[] }) {
  const { t, offers, me } = props;
  const canWrite = me.permissions.includes('promotions:write');
  const name = (o: PromotionView) => (t.lang === 'ar' ? o.name_ar : o.name_en);
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_offers_title')} path="/offers">
      <h1>{t.t('st_offers_title')}</h1>
      <p className="muted">{t.t('st_offers_intro')}</p>
      {canWrite && (
        <p>
          <a className="button" href="/offers/new">
            {t.t('st_offers_new')}
          </a>
        </p>
      )}
      {offers.length === 0 ? (
        <p>{t.t('st_offers_none')}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_offers_name')}</th>
                <th scope="col">{t.t('st_offers_kind')}</th>
                <th scope="col">{t.t('st_offers_country')}</th>
                <th scope="col">{t.t('st_offers_limits')}</th>
                <th scope="col">{t.t('st_offers_used')}</th>
                <th scope="col">{t.t('st_offers_dates')}</th>
                <th scope="col">{t.t('st_offers_priority')}</th>
                <th scope="col">{t.t('st_offers_state')}</th>
              </tr>
            </thead>
            <tbody>
              {offers.map((o) => {
                const limits = [
                  o.max_uses !== null ? t.t('st_promotions_total', { n: t.n(o.max_uses) }) : null,
                  t.t('st_offers_per_order', { n: t.n(o.max_per_order) }),
                ].filter(Boolean);
                const dates = [
                  o.starts_at !== null
                    ? t.t('st_promotions_from', { date: formatDate(o.starts_at, t.lang, o.country ?? HOME_COUNTRY) })
                    : null,
                  o.ends_at !== null
                    ? t.t('st_promotions_until', { date: formatDate(o.ends_at, t.lang, o.country ?? HOME_COUNTRY) })
                    : null,
                ].filter(Boolean);
                return (
                  <tr key={o.id}>
                    <td>
                      <a href={`/offers/${o.id}`} dir="auto">
                        {name(o)}
                      </a>
                    </td>
                    <td>
                      {t.t(`st_offers_kind_${o.kind}`)}
                      <br />
                      <small className="muted">{rule(t, o)}</small>
                    </td>
                    <td>{o.country ? t.t(`st_country_${o.country}`) : t.t('st_promotions_every_country')}</td>
                    <td>{limits.join(' · ')}</td>
                    <td>{t.n(o.used)}</td>
                    <td>{dates.length ? dates.join(' ') : t.t('st_promotions_always')}</td>
                    <td>{t.n(o.priority)}</td>
                    <td>{t.t(o.is_active ? 'st_promotions_active' : 'st_promotions_inactive')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}

export function OfferFormPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  offer: PromotionView | null;
  state?: FormState;
}) {
  const { t, offer, me, state } = props;
  const v =
    state?.values ?? (offer ? offerFormValues(offer) : { kind: 'gift_threshold', max_per_order: '1', priority: '0' });
  const canWrite = me.permissions.includes('promotions:write');
  const title = offer
    ? t.t('st_offers_edit_title', { name: t.lang === 'ar' ? offer.name_ar : offer.name_en })
    : t.t('st_offers_new');
  const field = fieldMaker(t, v, canWrite);
  const number = { dir: 'ltr', inputMode: 'numeric' };
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={title} path="/offers">
      <p>
        <a href="/offers">{t.t('st_offers_back')}</a>
      </p>
      <h1 dir="auto">{title}</h1>
      <Notice t={t} state={state} />
      {offer && (
        <p>
          {t.t(offer.is_active ? 'st_promotions_active' : 'st_promotions_inactive')} · {t.t('st_offers_used')}:{' '}
          {t.n(offer.used)}
        </p>
      )}
      <form method="post" action={offer ? `/offers/${offer.id}` : '/offers/new'} className="card stack">
        <div>
          <label htmlFor="kind">{t.t('st_offers_kind')}</label>
          <select id="kind" name="kind" defaultValue={v.kind} disabled={!canWrite}>
            {PROMOTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t.t(`st_offers_kind_${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="row">
          {field('name_en', 'st_offers_name_en', { dir: 'ltr', required: true, maxLength: 120 })}
          {field('name_ar', 'st_offers_name_ar', { dir: 'rtl', lang: 'ar', required: true, maxLength: 120 })}
        </div>
        <div className="row">
          {COUNTRY_CODES.map((c) => (
            <div key={c}>
              <label htmlFor={`min_subtotal_${c}`}>
                {t.t('st_offers_min_in', { country: t.t(`st_country_${c}`), currency: COUNTRY_FACTS[c].currency })}
              </label>
              <input
                type="text"
                id={`min_subtotal_${c}`}
                name={`min_subtotal_${c}`}
                defaultValue={v[`min_subtotal_${c}`] ?? ''}
                disabled={!canWrite}
                dir="ltr"
                inputMode="decimal"
                aria-describedby="min_subtotal-hint"
              />
            </div>
          ))}
        </div>
        <small id="min_subtotal-hint" className="muted">
          {t.t('st_offers_min_hint')}
        </small>
        {field('gift_skus', 'st_offers_gifts', { dir: 'ltr', autoComplete: 'off' }, 'st_offers_gifts_hint')}
        <div className="row">
          {field('target_products', 'st_offers_target_products', { dir: 'ltr' }, 'st_offers_targets_hint')}
          {field('target_skus', 'st_offers_target_skus', { dir: 'ltr' })}
        </div>
        <div className="row">
          {field('buy_count', 'st_offers_buy', number, 'st_offers_counts_hint')}
          {field('free_count', 'st_offers_free', number)}
        </div>
        <div className="row">
          {field('max_per_order', 'st_offers_max_per_order', number, 'st_offers_max_hint')}
          {field('max_uses', 'st_offers_max_uses', number, 'st_offers_limit_hint')}
          {field('priority', 'st_offers_priority', { dir: 'ltr' }, 'st_offers_priority_hint')}
        </div>
        <div className="row">
          {field('starts_on', 'st_offers_starts', { type: 'date' })}
          {field('ends_on', 'st_offers_ends', { type: 'date' })}
        </div>
        <CountryField t={t} label="st_offers_country" value={v.country} disabled={!canWrite} />
        {canWrite && <button type="submit">{t.t(offer ? 'st_offers_save' : 'st_offers_create')}</button>}
      </form>
      {offer && canWrite && (
        <ActiveToggle
          action={`/offers/${offer.id}/active`}
          active={!!offer.is_active}
          label={t.t(offer.is_active ? 'st_offers_deactivate' : 'st_offers_activate')}
        />
      )}
    </Layout>
  );
}
